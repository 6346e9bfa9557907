import { describe, expect, it } from 'vitest';
import { messages, paymentMessages, totalCostCents, type ApiError, type OrderCancelled } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { useShop, type SignedIn } from '../test/harness.js';

const POSITION = expect.stringMatching(/^sales\.orders\/0\/\d+$/);

describe('POST /orders/:id/status and POST /orders/:id/cancel', () => {
  const given = useShop({ customerName: 'Ada Customer' });

  /** A new product (price 10.00, stock 30, minOrder 5) and an order of `quantity` of it by the customer. */
  const newOrder = async (quantity = 10, customer: SignedIn = given.customer) => {
    const productId = await given.shop.addProduct(given.admin);
    return { productId, orderId: await given.shop.placeOrder(customer, productId, quantity) };
  };
  /** Paid is paid offline here: the admin names the bank transfer's reference. */
  const setStatus = (orderId: string, status: unknown, token = given.admin.accessToken, headers: Record<string, string> = {}) =>
    given.shop.send({
      method: 'POST',
      url: `/orders/${orderId}/status`,
      token,
      headers,
      payload: status === 'paid' ? { status, reference: 'TRANSFER-0042' } : { status },
    });
  const cancel = (orderId: string, payload: object = {}, token = given.customer.accessToken, headers: Record<string, string> = {}) =>
    given.shop.send({ method: 'POST', url: `/orders/${orderId}/cancel`, token, headers, payload });
  const lastEvent = async (orderId: string) => (await given.shop.eventsOf(orderId)).at(-1)!;

  /** Sends `request` and expects it refused with `status` and `message`, appending nothing. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message: string | RegExp) {
    const before = await given.shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    const error = response.json<ApiError>();
    expect(error).toMatchObject({ statusCode: status });
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(await given.shop.eventCount()).toBe(before);
  }

  describe('POST /orders/:id/status', () => {
    it('moves an order pending → paid → shipped → delivered, each an event of the order’s stream by the admin', async () => {
      const { orderId } = await newOrder();
      for (const [status, type] of [
        ['paid', 'OrderPaid'],
        ['shipped', 'OrderShipped'],
        ['delivered', 'OrderDelivered'],
      ] as const) {
        const response = await setStatus(orderId, status);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ acknowledged: true, position: POSITION, status });
        const events = await given.shop.eventsOf(orderId);
        expect(events.findLast((event) => event.type === type)).toMatchObject({
          type,
          data: { orderId },
          meta: { actor: given.admin.uid },
        });
        // The acknowledgement names the append's last event: the payment's invoice, which follows it in the same append.
        expect(response.json<{ position: string }>().position).toBe(`sales.orders/0/${events.at(-1)!.position.offset}`);
      }
      expect((await given.shop.eventsOf(orderId)).map((event) => event.type)).toEqual([
        'OrderPlaced',
        'OrderPaid',
        'InvoiceIssued',
        'OrderShipped',
        'OrderDelivered',
      ]);
    });

    it('marks an order paid offline with the transfer’s reference and the order’s total; without a reference it is refused (400)', async () => {
      const { orderId } = await newOrder(10);
      const body = (payload: object) => () =>
        given.shop.send({ method: 'POST', url: `/orders/${orderId}/status`, token: given.admin.accessToken, payload });
      await expectRefused(body({ status: 'paid' }), 400, paymentMessages.referenceRequired);
      await expectRefused(body({ status: 'paid', reference: '  ' }), 400, paymentMessages.referenceRequired);
      expect((await setStatus(orderId, 'paid')).statusCode).toBe(200);
      const [, paid, invoice] = await given.shop.eventsOf(orderId);
      expect(invoice).toMatchObject({
        type: 'InvoiceIssued',
        data: { orderId, payment: { method: 'offline', reference: 'TRANSFER-0042' } },
      });
      expect(paid).toMatchObject({
        type: 'OrderPaid',
        data: { orderId, payment: { method: 'offline', reference: 'TRANSFER-0042', amountCents: totalCostCents(10_00, 10) } },
      });
    });

    it('refuses a move the order’s status does not allow, the same status twice included (409)', async () => {
      const { orderId } = await newOrder();
      await expectRefused(() => setStatus(orderId, 'shipped'), 409, messages.orderTransition('pending', 'shipped'));
      expect((await setStatus(orderId, 'paid')).statusCode).toBe(200);
      await expectRefused(() => setStatus(orderId, 'paid'), 409, messages.orderTransition('paid', 'paid'));
      await expectRefused(() => setStatus(orderId, 'delivered'), 409, messages.orderTransition('paid', 'delivered'));
    });

    it('cancels as an admin with status cancelled: no reason, by admin, the stock given back', async () => {
      const { orderId, productId } = await newOrder(10);
      const response = await setStatus(orderId, 'cancelled');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, position: POSITION, status: 'cancelled' });
      expect(await lastEvent(orderId)).toMatchObject({
        type: 'OrderCancelled',
        data: { orderId, userId: given.customer.uid, lines: [{ productId, quantity: 10 }], reason: '', by: 'admin' },
        meta: { actor: given.admin.uid },
      });
      await expectRefused(() => setStatus(orderId, 'cancelled'), 409, messages.orderTransition('cancelled', 'cancelled'));
      await expectRefused(() => setStatus(orderId, 'paid'), 409, messages.orderTransition('cancelled', 'paid'));
    });

    it('is for admins only: 401 without a token, 403 for a customer (even the order’s own)', async () => {
      const { orderId } = await newOrder();
      await expectRefused(
        () => given.shop.send({ method: 'POST', url: `/orders/${orderId}/status`, payload: { status: 'paid' } }),
        401,
        messages.unauthenticated,
      );
      await expectRefused(() => setStatus(orderId, 'paid', 'not-a-token'), 401, messages.unauthenticated);
      await expectRefused(() => setStatus(orderId, 'paid', given.customer.accessToken), 403, messages.forbiddenAdmin);
    });

    it('answers 404 for an order that does not exist', async () => {
      await expectRefused(() => setStatus('no-such-order', 'paid'), 404, messages.orderNotFound);
      // A product's id names no order.
      const productId = await given.shop.addProduct(given.admin);
      await expectRefused(() => setStatus(productId, 'paid'), 404, messages.orderNotFound);
    });

    it.each([
      [{ status: 'pending' }, messages.orderStatus],
      [{ status: 'lost' }, messages.orderStatus],
      [{ status: 3 }, messages.orderStatus],
      [{}, messages.orderStatus],
      [{ status: 'paid', payment: true }, /Unrecognized key/],
    ])('refuses the body %j (400)', async (body, message) => {
      const { orderId } = await newOrder();
      await expectRefused(
        () => given.shop.send({ method: 'POST', url: `/orders/${orderId}/status`, token: given.admin.accessToken, payload: body }),
        400,
        message,
      );
    });

    it('refuses an order id that cannot be one (4xx, never a 500)', async () => {
      await expectRefused(() => setStatus(encodeURIComponent('no such\u0007order'), 'paid'), 400, /.+/);
      // Longer than any id: refused before it is read.
      expect((await setStatus('x'.repeat(101), 'paid')).statusCode).toBe(414);
    });

    describe('Idempotency-Key', () => {
      it('answers a retry with the first answer and appends nothing, even after the order moved on', async () => {
        const { orderId } = await newOrder();
        const key = { 'idempotency-key': crypto.randomUUID() };
        const first = await setStatus(orderId, 'paid', given.admin.accessToken, key);
        expect(first.statusCode).toBe(200);
        expect((await setStatus(orderId, 'shipped')).statusCode).toBe(200);
        const before = await given.shop.eventCount();
        const retry = await setStatus(orderId, 'paid', given.admin.accessToken, key);
        expect(retry.statusCode).toBe(200);
        expect(retry.json()).toEqual(first.json());
        expect(await given.shop.eventCount()).toBe(before);
      });

      it('refuses the same key with a different command (422)', async () => {
        const { orderId } = await newOrder();
        const other = await newOrder();
        const key = { 'idempotency-key': crypto.randomUUID() };
        expect((await setStatus(orderId, 'paid', given.admin.accessToken, key)).statusCode).toBe(200);
        await expectRefused(() => setStatus(orderId, 'cancelled', given.admin.accessToken, key), 422, messages.idempotencyKeyReused);
        await expectRefused(() => setStatus(other.orderId, 'paid', given.admin.accessToken, key), 422, messages.idempotencyKeyReused);
      });

      it('answers concurrent retries once: one event', async () => {
        const { orderId } = await newOrder();
        const key = { 'idempotency-key': crypto.randomUUID() };
        const answers = await Promise.all([1, 2, 3].map(() => setStatus(orderId, 'paid', given.admin.accessToken, key)));
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
        expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
        expect((await given.shop.eventsOf(orderId)).filter((event) => event.type === 'OrderPaid')).toHaveLength(1);
      });

      it('refuses a malformed key (400)', async () => {
        const { orderId } = await newOrder();
        await expectRefused(
          () => setStatus(orderId, 'paid', given.admin.accessToken, { 'idempotency-key': 'has spaces' }),
          400,
          messages.idempotencyKeyFormat,
        );
      });
    });
  });

  describe('POST /orders/:id/cancel', () => {
    it('lets the customer cancel their pending order with a reason; the stock comes back and their hold ends', async () => {
      // 15 is this customer's share of 30: without the cancellation they could order no more.
      const { orderId, productId } = await newOrder(15);
      const response = await cancel(orderId, { reason: 'Ordered the wrong size' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, position: POSITION, status: 'cancelled' });
      const event = (await lastEvent(orderId)) as StoredEvent<OrderCancelled>;
      expect(event).toMatchObject({
        type: 'OrderCancelled',
        data: {
          orderId,
          userId: given.customer.uid,
          lines: [{ productId, quantity: 15 }],
          reason: 'Ordered the wrong size',
          by: 'customer',
        },
        meta: { actor: given.customer.uid },
      });
      expect((await given.shop.placeOrder(given.customer, productId, 15)).length).toBeGreaterThan(0);
      const other = await given.shop.customer('Other Customer');
      expect(await given.shop.placeOrder(other, productId, 15)).toBeTruthy();
    });

    it('takes an empty body: a cancellation without a reason', async () => {
      const { orderId } = await newOrder();
      expect((await cancel(orderId, {})).statusCode).toBe(200);
      expect(await lastEvent(orderId)).toMatchObject({ data: { reason: '', by: 'customer' } });
    });

    it('refuses the customer once the order is paid (409), and lets an admin cancel it then', async () => {
      const { orderId } = await newOrder();
      expect((await setStatus(orderId, 'paid')).statusCode).toBe(200);
      await expectRefused(() => cancel(orderId), 409, messages.customerCancelNotPending);
      const byAdmin = await cancel(orderId, { reason: 'Payment refunded' }, given.admin.accessToken);
      expect(byAdmin.statusCode).toBe(200);
      // A paid order's cancellation reverses its invoice in the same append.
      const [cancelled, creditNote] = (await given.shop.eventsOf(orderId)).slice(-2);
      expect(cancelled).toMatchObject({
        type: 'OrderCancelled',
        data: { reason: 'Payment refunded', by: 'admin' },
        meta: { actor: given.admin.uid },
      });
      expect(creditNote).toMatchObject({ type: 'CreditNoteIssued', data: { orderId, reason: 'Payment refunded' } });
    });

    it('refuses anyone once the order is shipped or cancelled (409)', async () => {
      const { orderId } = await newOrder();
      await setStatus(orderId, 'paid');
      await setStatus(orderId, 'shipped');
      await expectRefused(() => cancel(orderId, {}, given.admin.accessToken), 409, messages.orderTransition('shipped', 'cancelled'));
      await expectRefused(() => cancel(orderId), 409, messages.customerCancelNotPending);
      const second = await newOrder();
      expect((await cancel(second.orderId)).statusCode).toBe(200);
      await expectRefused(() => cancel(second.orderId), 409, messages.customerCancelNotPending);
      await expectRefused(
        () => cancel(second.orderId, {}, given.admin.accessToken),
        409,
        messages.orderTransition('cancelled', 'cancelled'),
      );
    });

    it('refuses another customer (403), without a token (401), an unknown order (404)', async () => {
      const { orderId } = await newOrder();
      const other = await given.shop.customer('Nosy Customer');
      await expectRefused(() => cancel(orderId, {}, other.accessToken), 403, messages.forbiddenOtherOrder);
      await expectRefused(
        () => given.shop.send({ method: 'POST', url: `/orders/${orderId}/cancel`, payload: {} }),
        401,
        messages.unauthenticated,
      );
      await expectRefused(() => cancel('no-such-order'), 404, messages.orderNotFound);
    });

    it('records an admin’s own pending order cancelled by them as the customer’s cancellation', async () => {
      const { orderId } = await newOrder(5, given.admin);
      expect((await cancel(orderId, {}, given.admin.accessToken)).statusCode).toBe(200);
      expect(await lastEvent(orderId)).toMatchObject({ data: { by: 'customer' }, meta: { actor: given.admin.uid } });
    });

    it.each([
      [{ reason: 'r'.repeat(201) }, messages.reasonMax],
      [{ reason: 'line one\nline two' }, /must not contain control or invisible characters/],
      [{ reason: 'bell\u0007' }, /must not contain control or invisible characters/],
      [{ reason: 42 }, /.+/],
      [{ reason: 'fine', refund: true }, /Unrecognized key/],
    ])('refuses the body %j (400)', async (body, message) => {
      const { orderId } = await newOrder();
      await expectRefused(() => cancel(orderId, body), 400, message);
    });

    it('answers a retry with the same Idempotency-Key with the first answer; another reason under it is refused (422)', async () => {
      const { orderId } = await newOrder();
      const key = { 'idempotency-key': crypto.randomUUID() };
      const first = await cancel(orderId, { reason: 'Too slow' }, given.customer.accessToken, key);
      expect(first.statusCode).toBe(200);
      const before = await given.shop.eventCount();
      const retry = await cancel(orderId, { reason: 'Too slow' }, given.customer.accessToken, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await given.shop.eventCount()).toBe(before);
      await expectRefused(() => cancel(orderId, { reason: 'Other' }, given.customer.accessToken, key), 422, messages.idempotencyKeyReused);
    });
  });
});
