import { describe, expect, it } from 'vitest';
import {
  TOPICS,
  cartMessages,
  messages,
  pricingMessages,
  type AddProductInput,
  type ApiError,
  type CartChange,
  type OrderPlaced,
} from '@toolforge/contracts';
import { readEvents } from '@toolforge/platform/testing';
import { orderOf, startCommandService, useShop, type SignedIn } from '../test/harness.js';

describe('the cart and its checkout', () => {
  const given = useShop({ customerName: 'Ada Customer' });

  /** 10.00, stock 30, minimum order 5, unless `product` says otherwise. */
  const newProduct = (product: Partial<AddProductInput> = {}) =>
    given.shop.addProduct(given.admin, { price: '10', stock: '30', minOrder: '5', ...product });

  const putLine = (productId: string, body: object, customer: SignedIn = given.customer) =>
    given.shop.send({ method: 'PUT', url: `/cart/lines/${productId}`, token: customer.accessToken, payload: body });
  const setLine = (productId: string, quantity: number, customer: SignedIn = given.customer) => putLine(productId, { quantity }, customer);
  const removeLine = (productId: string, customer: SignedIn = given.customer) =>
    given.shop.send({ method: 'DELETE', url: `/cart/lines/${productId}`, token: customer.accessToken });
  const checkout = (
    customer: SignedIn = given.customer,
    headers: Record<string, string> = {},
    body: object = { shippingAddress: '1 Forge Lane' },
  ) => given.shop.send({ method: 'POST', url: '/checkout', token: customer.accessToken, headers, payload: body });

  /** The orders checked out from carts, as the log holds them. */
  const checkouts = async () =>
    (await readEvents(given.shop.log, { topics: [TOPICS.orders] })).filter(
      (event): event is typeof event & OrderPlaced => event.type === 'OrderPlaced' && event.data.cartVersion !== null,
    );

  /** The line of `productId` in a cart a change answered. */
  const lineOf = (cart: CartChange, productId: string) => cart.lines.find((line) => line.productId === productId);

  describe('PUT and DELETE /cart/lines/:productId', () => {
    it('sets a line and answers the cart priced on the ladder, with where the change is in the log', async () => {
      const productId = await newProduct({ priceTiers: [{ minQuantity: '10', unitPrice: '8' }] });
      const customer = await given.shop.customer('Ladder Customer');
      const response = await setLine(productId, 10, customer);
      expect(response.statusCode).toBe(200);
      // 10 x 8.00 = 80.00, + 4.00, + 50.00
      expect(response.json()).toEqual({
        acknowledged: true,
        lines: [{ productId, productName: 'Cordless Drill 18V', quantity: 10, unitPrice: 8, lineTotal: 80, available: 30 }],
        subtotal: 80,
        surcharge: 4,
        shipping: 50,
        totalCost: 134,
        position: expect.stringMatching(/^sales\.carts\/\d+\/\d+$/),
      });
      const below = await setLine(productId, 9, customer);
      expect(below.json<CartChange>()).toMatchObject({ lines: [{ quantity: 9, unitPrice: 10, lineTotal: 90 }], totalCost: 144.5 });
    });

    it('changes nothing, and answers without a position, for the quantity the line has and a line not in the cart', async () => {
      const productId = await newProduct();
      const customer = await given.shop.customer('Idle Customer');
      await setLine(productId, 5, customer);
      const before = await given.shop.eventCount();
      const again = await setLine(productId, 5, customer);
      expect(again.statusCode).toBe(200);
      expect(again.json<CartChange>().position).toBeUndefined();
      expect(again.json<CartChange>().lines).toEqual([expect.objectContaining({ productId, quantity: 5 })]);

      const removed = await removeLine(productId, customer);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({
        acknowledged: true,
        lines: [],
        subtotal: 0,
        surcharge: 0,
        shipping: 0,
        totalCost: 0,
        position: expect.stringMatching(/^sales\.carts\//),
      });
      const removedAgain = await removeLine(productId, customer);
      expect(removedAgain.statusCode).toBe(200);
      expect(removedAgain.json<CartChange>().position).toBeUndefined();
      expect(await given.shop.eventCount()).toBe(before + 1);
    });

    it('refuses a line the product’s rules refuse, and appends nothing', async () => {
      const productId = await newProduct({ minOrder: '5', packSize: '5' });
      const before = await given.shop.eventCount();
      const unknown = await setLine('no-such-product', 5);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiError>().message).toBe(messages.productNotFound);
      const underMinimum = await setLine(productId, 3);
      expect(underMinimum.statusCode).toBe(409);
      expect(underMinimum.json<ApiError>().message).toBe('Minimum order quantity is 5');
      const notPacks = await setLine(productId, 7);
      expect(notPacks.statusCode).toBe(409);
      expect(notPacks.json<ApiError>().message).toBe(pricingMessages.packSizeMultiple(5));
      const overShare = await setLine(productId, 20);
      expect(overShare.statusCode).toBe(409);
      expect(overShare.json<ApiError>().message).toBe('Maximum order quantity is 15');
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('refuses a product deleted since (404)', async () => {
      const productId = await newProduct();
      await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
      const response = await setLine(productId, 5);
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().message).toBe(messages.productNotFound);
    });
  });

  describe('POST /checkout', () => {
    it('places one order of every line, reserving each, and empties the cart by that order', async () => {
      const drill = await newProduct({ priceTiers: [{ minQuantity: '10', unitPrice: '8' }] });
      const saw = await newProduct({ name: 'Panel Saw', price: '25', minOrder: '1' });
      const customer = await given.shop.customer('Checkout Customer');
      await setLine(drill, 10, customer);
      await setLine(saw, 2, customer);

      const response = await checkout(customer);
      expect(response.statusCode).toBe(200);
      // 10 x 8.00 + 2 x 25.00 = 130.00, + 6.50, + 50.00
      expect(response.json()).toEqual({
        acknowledged: true,
        orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        totalCost: 186.5,
        position: expect.stringMatching(/^sales\.orders\/\d+\/\d+$/),
        // No card payments in this shop: nowhere to pay it but offline.
        payment: null,
      });
      const [placed] = await given.shop.eventsOf(response.json<{ orderId: string }>().orderId);
      expect(placed?.data).toMatchObject({
        userId: customer.uid,
        userName: 'Checkout Customer',
        lines: [
          { productId: drill, productName: 'Cordless Drill 18V', quantity: 10, unitPriceCents: 8_00, lineTotalCents: 80_00 },
          { productId: saw, productName: 'Panel Saw', quantity: 2, unitPriceCents: 25_00, lineTotalCents: 50_00 },
        ],
        subtotalCents: 130_00,
        totalCostCents: 186_50,
        shippingAddress: '1 Forge Lane',
        status: 'pending',
        payment: false,
        // The customer's cart had two events: the order empties every line set up to the second.
        cartVersion: 2,
      });

      // Every line's stock is held by the order, and the cart is empty.
      const other = await given.shop.customer('Next Customer');
      const seen = (await setLine(saw, 1, other)).json<CartChange>();
      expect(lineOf(seen, saw)?.available).toBe(28);
      expect(lineOf((await setLine(drill, 5, other)).json<CartChange>(), drill)?.available).toBe(20);
      const again = await checkout(customer);
      expect(again.statusCode).toBe(400);
      expect(again.json<ApiError>().message).toBe(cartMessages.cartEmpty);
    });

    it('leaves the same cart after a restart, which reads the carts’ topic and the orders’ one after the other', async () => {
      const drill = await newProduct();
      const saw = await newProduct({ name: 'Panel Saw', minOrder: '1' });
      const vice = await newProduct({ name: 'Bench Vice', minOrder: '1' });
      const customer = await given.shop.customer('Restart Customer');
      await setLine(drill, 5, customer);
      await setLine(saw, 2, customer);
      expect((await checkout(customer)).statusCode).toBe(200);
      // After the checkout of version 2: the vice goes in, the saw comes back.
      await setLine(vice, 1, customer);
      await setLine(saw, 3, customer);
      const lines = (await setLine(saw, 3, customer)).json<CartChange>().lines;
      expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
        [vice, 1],
        [saw, 3],
      ]);

      const restarted = await startCommandService({ db: given.shop.db! });
      try {
        const again = await restarted.send({
          method: 'PUT',
          url: `/cart/lines/${saw}`,
          token: customer.accessToken,
          payload: { quantity: 3 },
        });
        // The same lines, and the quantity the saw has: nothing to append.
        expect(again.json<CartChange>().lines).toEqual(lines);
        expect(again.json<CartChange>().position).toBeUndefined();
        const placed = await restarted.send({
          method: 'POST',
          url: '/checkout',
          token: customer.accessToken,
          payload: { shippingAddress: '1 Forge Lane' },
        });
        expect(placed.statusCode).toBe(200);
        const [order] = await given.shop.eventsOf(placed.json<{ orderId: string }>().orderId);
        expect(order?.data).toMatchObject({
          lines: [
            { productId: vice, quantity: 1 },
            { productId: saw, quantity: 3 },
          ],
          cartVersion: 4,
        });
      } finally {
        await restarted.close();
      }
    });

    it('refuses an empty cart (400) and appends nothing', async () => {
      const customer = await given.shop.customer('Empty Customer');
      const before = await given.shop.eventCount();
      const response = await checkout(customer);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: cartMessages.cartEmpty });
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('gives two customers checking out the last stock at once one order, and the other a refusal naming the line', async () => {
      const vice = await newProduct({ name: 'Bench Vice', stock: '10', minOrder: '1' });
      const gloves = await newProduct({ name: 'Work Gloves', stock: '100', minOrder: '1' });
      const first = await given.shop.customer('Rush One');
      const second = await given.shop.customer('Rush Two');
      const earlier = await given.shop.customer('Rush Early');
      for (const customer of [first, second]) {
        expect((await setLine(vice, 4, customer)).statusCode).toBe(200);
        expect((await setLine(gloves, 3, customer)).statusCode).toBe(200);
      }
      // 6 vices left: each cart's 4 fit alone, not both.
      await setLine(vice, 4, earlier);
      expect((await checkout(earlier)).statusCode).toBe(200);
      const ordersBefore = (await checkouts()).length;

      const responses = await Promise.all([checkout(first), checkout(second)]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = responses.find((response) => response.statusCode === 409)!;
      expect(refused.json<ApiError>().message).toBe(cartMessages.lineRefused('Bench Vice', messages.maxOrderQuantity(2)));

      // One order more; of the gloves, only the winner's 3 are held; the loser's cart is as it was.
      expect((await checkouts()).length).toBe(ordersBefore + 1);
      const loser = responses[0].statusCode === 409 ? first : second;
      const cart = (await setLine(gloves, 3, loser)).json<CartChange>();
      expect(cart.position).toBeUndefined();
      expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
        [vice, 4],
        [gloves, 3],
      ]);
      expect(lineOf(cart, gloves)?.available).toBe(97);
      expect(lineOf(cart, vice)?.available).toBe(2);
    });

    it('refuses the whole checkout for a product deleted since it went into the cart, naming it', async () => {
      const drill = await newProduct();
      const vice = await newProduct({ name: 'Bench Vice', minOrder: '1' });
      const customer = await given.shop.customer('Late Customer');
      await setLine(drill, 5, customer);
      await setLine(vice, 1, customer);
      await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${vice}`, token: given.admin.accessToken });
      const before = await given.shop.eventCount();
      const response = await checkout(customer);
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>().message).toBe(cartMessages.lineRefused('Bench Vice', messages.productUnavailable));
      expect(await given.shop.eventCount()).toBe(before);
      // The cart shows the deleted line as unavailable; without it the checkout goes through.
      expect(lineOf((await setLine(drill, 5, customer)).json<CartChange>(), vice)?.available).toBe(0);
      await removeLine(vice, customer);
      expect((await checkout(customer)).statusCode).toBe(200);
    });

    describe('Idempotency-Key', () => {
      it('answers a retry with the first acknowledgement and appends nothing', async () => {
        const productId = await newProduct();
        const customer = await given.shop.customer('Retry Customer');
        await setLine(productId, 5, customer);
        const key = crypto.randomUUID();
        const first = await checkout(customer, { 'idempotency-key': key });
        expect(first.statusCode).toBe(200);
        const before = await given.shop.eventCount();
        const retry = await checkout(customer, { 'idempotency-key': key });
        expect(retry.statusCode).toBe(200);
        expect(retry.json()).toEqual(first.json());
        expect(await given.shop.eventCount()).toBe(before);
      });

      it('refuses the same key with another address or for another order command (422), and a malformed key (400)', async () => {
        const productId = await newProduct();
        const customer = await given.shop.customer('Reuse Customer');
        await setLine(productId, 5, customer);
        const key = crypto.randomUUID();
        expect((await checkout(customer, { 'idempotency-key': key })).statusCode).toBe(200);
        await setLine(productId, 5, customer);
        const reused = await checkout(customer, { 'idempotency-key': key }, { shippingAddress: '2 Anvil Road' });
        expect(reused.statusCode).toBe(422);
        expect(reused.json<ApiError>().message).toBe(messages.idempotencyKeyReused);
        // A checkout and the spec's order are both order commands: one key answers one of them.
        const ordered = await given.shop.send({
          method: 'POST',
          url: '/order',
          token: customer.accessToken,
          headers: { 'idempotency-key': key },
          payload: orderOf(customer, productId, 5),
        });
        expect(ordered.statusCode).toBe(422);
        const malformed = await checkout(customer, { 'idempotency-key': 'two words' });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json<ApiError>().message).toBe(messages.idempotencyKeyFormat);
      });

      it('keeps each customer’s keys their own', async () => {
        const productId = await newProduct({ minOrder: '1' });
        const one = await given.shop.customer('Key One');
        const two = await given.shop.customer('Key Two');
        await setLine(productId, 1, one);
        await setLine(productId, 2, two);
        const key = crypto.randomUUID();
        const first = await checkout(one, { 'idempotency-key': key });
        const second = await checkout(two, { 'idempotency-key': key });
        expect(second.statusCode).toBe(200);
        expect(second.json<{ orderId: string }>().orderId).not.toBe(first.json<{ orderId: string }>().orderId);
      });
    });
  });

  describe('whose cart', () => {
    it('acts on the token’s own cart only: another customer’s lines are out of reach', async () => {
      const productId = await newProduct();
      const owner = await given.shop.customer('Cart Owner');
      const intruder = await given.shop.customer('Cart Intruder');
      await setLine(productId, 5, owner);
      const before = await given.shop.eventCount();

      const removed = await removeLine(productId, intruder);
      expect(removed.json<CartChange>()).toMatchObject({ lines: [], totalCost: 0 });
      const checkedOut = await checkout(intruder);
      expect(checkedOut.statusCode).toBe(400);
      // A body cannot name another customer.
      const spoofed = await putLine(productId, { quantity: 10, userId: owner.uid }, intruder);
      expect(spoofed.statusCode).toBe(400);
      expect(await given.shop.eventCount()).toBe(before);

      const ownerCart = (await setLine(productId, 5, owner)).json<CartChange>();
      expect(ownerCart.lines).toEqual([expect.objectContaining({ productId, quantity: 5 })]);
    });

    it.each([
      ['PUT', '/cart/lines/p-1', { quantity: 5 }],
      ['DELETE', '/cart/lines/p-1', undefined],
      ['POST', '/checkout', { shippingAddress: '1 Forge Lane' }],
    ] as const)('refuses %s %s without a sign-in (401)', async (method, url, payload) => {
      const response = await given.shop.send({ method, url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>().message).toBe(messages.unauthenticated);
    });
  });

  describe('bad bodies', () => {
    it.each([
      [{ quantity: 'many' }, messages.wholeQuantity],
      [{ quantity: 2.5 }, messages.wholeQuantity],
      [{ quantity: 1_000_000 }, messages.quantityTooHigh],
      [{}, messages.required],
    ])('refuses the line %j with “%s”', async (body, message) => {
      const response = await putLine('p-1', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    });

    it.each([
      [{}, messages.required],
      [{ shippingAddress: '' }, messages.required],
      [{ shippingAddress: 'a'.repeat(501) }, messages.shippingAddressMax],
    ])('refuses the checkout %j with “%s”', async (body, message) => {
      const response = await checkout(given.customer, {}, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>()).toMatchObject({ message, fields: { shippingAddress: message } });
    });

    it('refuses fields the schemas do not name', async () => {
      const response = await checkout(given.customer, {}, { shippingAddress: '1 Forge Lane', lines: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toMatch(/Unrecognized key/);
    });
  });
});
