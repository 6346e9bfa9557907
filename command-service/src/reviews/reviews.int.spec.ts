import { describe, expect, it } from 'vitest';
import { messages, type ApiError } from '@toolforge/contracts';
import { readEvents } from '@toolforge/platform/testing';
import { useShop, type SignedIn } from '../test/harness.js';

const POSITION = expect.stringMatching(/^catalog\.reviews\/\d+\/\d+$/);
const TEXT = 'Holds an edge well,\nfeels solid in the hand.';

describe('POST /review and DELETE /review/:id', () => {
  const given = useShop({ customerName: 'Ada Customer' });

  /** A new product, and an order of it by `customer` that the admin moves on to delivered. */
  async function deliveredProduct(customer: SignedIn = given.customer): Promise<string> {
    const productId = await given.shop.addProduct(given.admin);
    const orderId = await given.shop.placeOrder(customer, productId, 5);
    for (const status of ['paid', 'shipped', 'delivered']) {
      const moved = await given.shop.send({
        method: 'POST',
        url: `/orders/${orderId}/status`,
        token: given.admin.accessToken,
        // Paid offline, by a bank transfer: marking an order paid names its reference.
        payload: status === 'paid' ? { status, reference: `TRANSFER-${orderId}` } : { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    return productId;
  }
  /** `token` null: no bearer at all. */
  const post = (payload: object, token: string | null = given.customer.accessToken) =>
    given.shop.send({ method: 'POST', url: '/review', token: token ?? undefined, payload });
  const remove = (reviewId: string, payload: object = { reason: 'spam' }, token: string | null = given.admin.accessToken) =>
    given.shop.send({ method: 'DELETE', url: `/review/${encodeURIComponent(reviewId)}`, token: token ?? undefined, payload });
  const reviewEvents = async () => (await readEvents(given.shop.log)).filter((event) => event.position.topic === 'catalog.reviews');

  /** Sends `request` and expects it refused with `status` (and `message`), appending nothing. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message?: string) {
    const before = await given.shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    const error = response.json<ApiError>();
    expect(error.statusCode).toBe(status);
    if (message !== undefined) expect(error.message).toBe(message);
    expect(await given.shop.eventCount()).toBe(before);
  }

  it('posts a review of a delivered product, edits it on a second post, and appends nothing for a repeat', async () => {
    const productId = await deliveredProduct();
    const first = await post({ productId, rating: 4, text: `  ${TEXT}  ` });
    expect(first.statusCode).toBe(200);
    const { reviewId } = first.json<{ reviewId: string }>();
    expect(first.json()).toEqual({ acknowledged: true, position: POSITION, reviewId });
    expect((await reviewEvents()).at(-1)).toMatchObject({
      type: 'ReviewPosted',
      streamId: reviewId,
      data: { reviewId, productId, userId: given.customer.uid, userName: 'Ada Customer', rating: 4, text: TEXT },
      meta: { actor: given.customer.uid },
    });

    const second = await post({ productId, rating: '2', text: 'Blunt after a month of use.' });
    expect(second.json()).toEqual({ acknowledged: true, position: POSITION, reviewId });
    expect((await reviewEvents()).at(-1)).toMatchObject({
      type: 'ReviewEdited',
      data: { reviewId, productId, userId: given.customer.uid, rating: 2, text: 'Blunt after a month of use.' },
    });

    const before = await given.shop.eventCount();
    const repeat = await post({ productId, rating: 2, text: 'Blunt after a month of use.' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ acknowledged: true, reviewId });
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('refuses a customer whose order of the product is not delivered, or who has none (403)', async () => {
    const productId = await given.shop.addProduct(given.admin);
    await expectRefused(() => post({ productId, rating: 5, text: TEXT }), 403, messages.reviewNotDelivered);
    await given.shop.placeOrder(given.customer, productId, 5);
    await expectRefused(() => post({ productId, rating: 5, text: TEXT }), 403, messages.reviewNotDelivered);
    // Another customer's delivery is not this one's.
    const delivered = await deliveredProduct(await given.shop.customer('Bo Other'));
    await expectRefused(() => post({ productId: delivered, rating: 5, text: TEXT }), 403, messages.reviewNotDelivered);
  });

  it('refuses an unknown or deleted product (404)', async () => {
    await expectRefused(() => post({ productId: 'no-such-product', rating: 5, text: TEXT }), 404, messages.productNotFound);
    const productId = await deliveredProduct();
    const deleted = await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
    expect(deleted.statusCode).toBe(200);
    await expectRefused(() => post({ productId, rating: 5, text: TEXT }), 404, messages.productNotFound);
  });

  it('asks for a sign-in (401)', async () => {
    await expectRefused(() => post({ productId: 'p', rating: 5, text: TEXT }, null), 401, messages.unauthenticated);
    await expectRefused(() => remove('r', { reason: 'spam' }, null), 401, messages.unauthenticated);
  });

  it.each([
    ['a rating of 0', { rating: 0 }, messages.reviewRating],
    ['a rating of 6', { rating: 6 }, messages.reviewRating],
    ['a half star', { rating: 3.5 }, messages.reviewRating],
    ['a rating that is no number', { rating: 'five' }, messages.reviewRating],
    ['no rating', { rating: undefined }, messages.reviewRating],
    ['a text under 10 chars once trimmed', { text: '   too short  ' }, messages.reviewTextLength],
    ['a text over 1000 chars', { text: 'x'.repeat(1001) }, messages.reviewTextLength],
    ['a text with a control character', { text: 'Fine tool\u0000 really.' }, messages.hiddenCharacters('Review', true)],
    ['a field the API does not know', { stars: 5 }, undefined],
    ['no product', { productId: undefined }, messages.required],
  ])('refuses %s (400)', async (_, patch, message) => {
    const productId = await deliveredProduct();
    await expectRefused(() => post({ productId, rating: 4, text: TEXT, ...patch }), 400, message);
  });

  it('lets an admin remove a review with a reason; it is then gone (404) and its customer may post a new one', async () => {
    const productId = await deliveredProduct();
    const { reviewId } = (await post({ productId, rating: 1, text: TEXT })).json<{ reviewId: string }>();

    await expectRefused(() => remove(reviewId, { reason: 'spam' }, given.customer.accessToken), 403, messages.forbiddenAdmin);
    await expectRefused(() => remove(reviewId, {}), 400);
    await expectRefused(() => remove(reviewId, { reason: '   ' }), 400, messages.reviewRemovalReason);
    await expectRefused(() => remove(reviewId, { reason: 'x'.repeat(201) }), 400, messages.reasonMax);

    const removed = await remove(reviewId, { reason: 'Not about the product' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, position: POSITION });
    expect((await reviewEvents()).at(-1)).toMatchObject({
      type: 'ReviewRemoved',
      data: { reviewId, productId, userId: given.customer.uid, reason: 'Not about the product' },
      meta: { actor: given.admin.uid },
    });
    await expectRefused(() => remove(reviewId), 404, messages.reviewNotFound);
    await expectRefused(() => remove('no-such-review'), 404, messages.reviewNotFound);

    const again = await post({ productId, rating: 3, text: TEXT });
    expect(again.statusCode).toBe(200);
    const newId = again.json<{ reviewId: string }>().reviewId;
    expect(newId).not.toBe(reviewId);
    expect((await reviewEvents()).at(-1)).toMatchObject({ type: 'ReviewPosted', data: { reviewId: newId, rating: 3 } });
  });

  it('keeps one review per customer and product when posts arrive together', async () => {
    const productId = await deliveredProduct();
    const answers = await Promise.all([1, 2, 3].map((rating) => post({ productId, rating, text: TEXT })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<{ reviewId: string }>().reviewId)).size).toBe(1);
    const types = (await reviewEvents())
      .filter((event) => (event.data as { productId?: string }).productId === productId)
      .map((e) => e.type);
    expect(types).toEqual(['ReviewPosted', 'ReviewEdited', 'ReviewEdited']);
  });
});
