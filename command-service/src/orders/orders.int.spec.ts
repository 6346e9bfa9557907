import { describe, expect, it } from 'vitest';
import { messages, type ApiError, type PlaceOrderInput } from '@toolforge/contracts';
import { orderOf, useShop } from '../test/harness.js';

describe('POST /order', () => {
  const given = useShop({ customerName: 'Ada Customer' });

  /** price 10.00, stock 30, minOrder 5 (the harness's valid product). */
  const newProduct = () => given.shop.addProduct(given.admin, { price: '10', stock: '30', minOrder: '5' });

  const order = (productId: string, quantity: number, patch: Partial<PlaceOrderInput> = {}) =>
    orderOf(given.customer, productId, quantity, patch);

  const place = (body: object, headers: Record<string, string> = {}, token = given.customer.accessToken) =>
    given.shop.send({ method: 'POST', url: '/order', token, headers, payload: body });

  it('places an order at the server’s total and acknowledges it (no payment page: this shop takes no card payments)', async () => {
    const productId = await newProduct();
    const response = await place(order(productId, 10));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      acknowledged: true,
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      totalCost: 155,
      position: expect.stringMatching(/^sales\.orders\/0\/\d+$/),
      payment: null,
    });
  });

  it('refuses a total that is not the server’s, naming the right one', async () => {
    const productId = await newProduct();
    const before = await given.shop.eventCount();
    const response = await place(order(productId, 10, { totalCost: 100 }));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(messages.totalCostMismatch('155.00'));
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('refuses fewer than the minimum order with the spec’s message', async () => {
    const productId = await newProduct();
    const response = await place(order(productId, 4));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe('Minimum order quantity is 5');
  });

  it('reserves stock: the next order may take only what is left', async () => {
    const productId = await newProduct();
    const other = await given.shop.customer('Other Customer');
    expect((await place(orderOf(other, productId, 15), {}, other.accessToken)).statusCode).toBe(200);
    expect((await place(order(productId, 10))).statusCode).toBe(200);
    const tooMany = await place(order(productId, 6));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<ApiError>().message).toBe('Maximum order quantity is 5');
    expect((await place(order(productId, 5))).statusCode).toBe(200);
  });

  it('lets one customer’s open orders hold at most half of the stock', async () => {
    const productId = await newProduct();
    expect((await place(order(productId, 10))).statusCode).toBe(200);
    const before = await given.shop.eventCount();
    const overTheirShare = await place(order(productId, 10));
    expect(overTheirShare.statusCode).toBe(409);
    expect(overTheirShare.json<ApiError>().message).toBe('Maximum order quantity is 5');
    expect(await given.shop.eventCount()).toBe(before);
    // Another customer still finds the rest of the stock.
    const other = await given.shop.customer('Next Customer');
    expect((await place(orderOf(other, productId, 15), {}, other.accessToken)).statusCode).toBe(200);
  });

  it('answers a quantity of 0 with the product’s minimum', async () => {
    const productId = await given.shop.addProduct(given.admin, { price: '10', stock: '30', minOrder: '1' });
    const response = await place(order(productId, 0));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe('Minimum order quantity is 1');
  });

  it('never oversells when orders arrive at once', async () => {
    const productId = await newProduct();
    const customers = await Promise.all(Array.from({ length: 5 }, (_, index) => given.shop.customer(`Rush Customer ${index}`)));
    const responses = await Promise.all(customers.map((buyer) => place(orderOf(buyer, productId, 10), {}, buyer.accessToken)));
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(2);
  });

  it('records the order as one line at the server’s unit price, not from a cart', async () => {
    const productId = await newProduct();
    const { orderId } = (await place(order(productId, 10))).json<{ orderId: string }>();
    const [placed] = await given.shop.eventsOf(orderId);
    expect(placed).toMatchObject({
      type: 'OrderPlaced',
      data: {
        orderId,
        userId: given.customer.uid,
        lines: [{ productId, productName: 'Cordless Drill 18V', quantity: 10, unitPriceCents: 10_00, lineTotalCents: 100_00 }],
        subtotalCents: 100_00,
        totalCostCents: 155_00,
        cartVersion: null,
      },
    });
  });

  describe('the quantity ladder and the pack size', () => {
    /** price 10.00, 9.00 each from 10, 8.00 each from 20; stock 100, minOrder 5. */
    const tieredProduct = () =>
      given.shop.addProduct(given.admin, {
        price: '10',
        stock: '100',
        minOrder: '5',
        priceTiers: [
          { minQuantity: '10', unitPrice: '9' },
          { minQuantity: '20', unitPrice: '8.00' },
        ],
      });

    it('prices 10 or more at the step’s unit price: the total is the step’s', async () => {
      const productId = await tieredProduct();
      // 10 x 9.00 = 90.00, + 4.50, + 50.00
      const response = await place(order(productId, 10, { totalCost: 144.5 }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ acknowledged: true, totalCost: 144.5 });
      const [placed] = await given.shop.eventsOf(response.json<{ orderId: string }>().orderId);
      expect(placed?.data).toMatchObject({
        lines: [{ productId, quantity: 10, unitPriceCents: 9_00, tierMinQuantity: 10, lineTotalCents: 90_00 }],
        subtotalCents: 90_00,
        totalCostCents: 144_50,
      });
      // Below the first step, the price: 9 x 10.00 = 90.00, the same total by another way.
      expect((await place(order(productId, 9, { totalCost: 144.5 }))).statusCode).toBe(200);
      // 20 x 8.00 = 160.00, + 8.00, + 50.00
      expect((await place(order(productId, 20, { totalCost: 218 }))).json()).toMatchObject({ totalCost: 218 });
    });

    it('refuses the total at the base price for a quantity on a step, naming the step’s total', async () => {
      const productId = await tieredProduct();
      const before = await given.shop.eventCount();
      const response = await place(order(productId, 10));
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>().message).toBe(messages.totalCostMismatch('144.50'));
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('refuses a quantity that is not a whole number of packs', async () => {
      const productId = await given.shop.addProduct(given.admin, { price: '10', stock: '30', minOrder: '5', packSize: '5' });
      const before = await given.shop.eventCount();
      const response = await place(order(productId, 12));
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>().message).toBe('Order quantity must be a multiple of 5');
      expect(await given.shop.eventCount()).toBe(before);
      expect((await place(order(productId, 15))).statusCode).toBe(200);
    });
  });

  it('refuses a deleted product (409) and an unknown one (404)', async () => {
    const productId = await newProduct();
    await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
    const deleted = await place(order(productId, 5));
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json<ApiError>().message).toBe(messages.productUnavailable);
    const unknown = await place(order('no-such-product', 5));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().message).toBe(messages.productNotFound);
  });

  it('orders only for the token’s own uid (uid spoofing is 403)', async () => {
    const productId = await newProduct();
    const other = await given.shop.customer('Other Customer');
    const before = await given.shop.eventCount();
    const response = await place(order(productId, 5, { userId: other.uid }));
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe(messages.forbiddenOtherUser);
    expect(await given.shop.eventCount()).toBe(before);
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the first acknowledgement and appends nothing', async () => {
      const productId = await newProduct();
      const key = crypto.randomUUID();
      const first = await place(order(productId, 5), { 'idempotency-key': key });
      expect(first.statusCode).toBe(200);
      const before = await given.shop.eventCount();
      const retry = await place(order(productId, 5), { 'idempotency-key': key });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('refuses the same key with a different order (422)', async () => {
      const productId = await newProduct();
      const key = crypto.randomUUID();
      expect((await place(order(productId, 5), { 'idempotency-key': key })).statusCode).toBe(200);
      const before = await given.shop.eventCount();
      const different = await place(order(productId, 6), { 'idempotency-key': key });
      expect(different.statusCode).toBe(422);
      expect(different.json<ApiError>().message).toBe(messages.idempotencyKeyReused);
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('keeps keys per customer', async () => {
      const productId = await newProduct();
      const key = crypto.randomUUID();
      const other = await given.shop.customer('Other Customer');
      expect((await place(order(productId, 5), { 'idempotency-key': key })).statusCode).toBe(200);
      const theirs = await place(order(productId, 5, { userId: other.uid }), { 'idempotency-key': key }, other.accessToken);
      expect(theirs.statusCode).toBe(200);
    });

    it('refuses a malformed key', async () => {
      const productId = await newProduct();
      const response = await place(order(productId, 5), { 'idempotency-key': 'has spaces in it' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe(messages.idempotencyKeyFormat);
    });
  });

  it.each([
    [{ shippingAddress: '' }, messages.required],
    [{ shippingAddress: 'a'.repeat(501) }, 'Max length 500 chars'],
    [{ orderQuantity: -1 }, messages.wholeQuantity],
    [{ orderQuantity: 2.5 }, messages.wholeQuantity],
    [{ status: 'shipped' }, messages.newOrderStatus],
    [{ payment: true }, messages.newOrderPayment],
    [{ totalCost: -3 }, messages.price],
    [{ productId: '' }, messages.required],
  ])('refuses %j with “%s”', async (patch, message) => {
    const before = await given.shop.eventCount();
    const response = await place({ ...order('any', 5), ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('refuses unknown fields such as a client-chosen price', async () => {
    const response = await place({ ...order('any', 5), unitPrice: 0.01 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/Unrecognized key/);
  });
});
