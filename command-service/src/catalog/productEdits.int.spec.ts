import { describe, expect, it } from 'vitest';
import { TOPICS, messages, pricingMessages, type ApiError, type UpdateProductInput } from '@toolforge/contracts';
import { readEvents } from '@toolforge/platform/testing';
import { orderOf, useShop, validProduct } from '../test/harness.js';

const POSITION = expect.stringMatching(/^catalog\.products\/0\/\d+$/);

/** validProduct as the Edit Product form sends it: every field but the stock. */
const { stock: _stock, ...asAdded } = validProduct;
const editOf = (patch: Partial<UpdateProductInput> = {}): UpdateProductInput => ({ ...asAdded, ...patch });

describe('PUT /product/:id and POST /product/:id/restock', () => {
  const given = useShop();

  const put = (productId: string, body: object, token = given.admin.accessToken) =>
    given.shop.send({ method: 'PUT', url: `/product/${productId}`, token, payload: body });
  const restock = (productId: string, body: object, token = given.admin.accessToken) =>
    given.shop.send({ method: 'POST', url: `/product/${productId}/restock`, token, payload: body });
  const lastEvent = async () => (await readEvents(given.shop.log, { topics: [TOPICS.products] })).at(-1)!;

  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message: string | RegExp) {
    const before = await given.shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    const error = response.json<ApiError>();
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(await given.shop.eventCount()).toBe(before);
  }

  describe('PUT /product/:id', () => {
    it('records only the fields that changed, the price in cents', async () => {
      const productId = await given.shop.addProduct(given.admin);
      const response = await put(productId, editOf({ name: 'Cordless Drill 20V', price: '12.5' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, position: POSITION });
      expect(await lastEvent()).toMatchObject({
        type: 'ProductUpdated',
        streamId: productId,
        data: { productId, changes: { name: 'Cordless Drill 20V', priceCents: 1250 } },
        meta: { actor: given.admin.uid },
      });
      // Only those: the unchanged fields are not in the fact.
      expect((await lastEvent()).data).toEqual({ productId, changes: { name: 'Cordless Drill 20V', priceCents: 1250 } });
    });

    it('acknowledges an edit that changes nothing without a position, and appends nothing', async () => {
      const productId = await given.shop.addProduct(given.admin);
      const before = await given.shop.eventCount();
      // 10.00 is the price it was added at, written another way.
      const response = await put(productId, editOf({ price: '10.00' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true });
      expect(await given.shop.eventCount()).toBe(before);
    });

    it('orders at the edited price and minimum at once', async () => {
      const productId = await given.shop.addProduct(given.admin);
      expect((await put(productId, editOf({ price: '20', minOrder: '6' }))).statusCode).toBe(200);
      const atOldPrice = await given.shop.send({
        method: 'POST',
        url: '/order',
        token: given.customer.accessToken,
        payload: orderOf(given.customer, productId, 6),
      });
      expect(atOldPrice.statusCode).toBe(409);
      expect(atOldPrice.json<ApiError>().message).toBe(messages.totalCostMismatch('176.00'));
    });

    it('refuses a minimum order above the stock on hand (409)', async () => {
      const productId = await given.shop.addProduct(given.admin, { stock: '30', minOrder: '5' });
      await expectRefused(() => put(productId, editOf({ minOrder: '31' })), 409, messages.minOrderAboveStockOnHand(30));
      expect((await restock(productId, { quantity: 10 })).statusCode).toBe(200);
      expect((await put(productId, editOf({ minOrder: '31' }))).statusCode).toBe(200);
    });

    it('edits the ladder and the pack size; an edit without them, as the spec’s client sends it, leaves them', async () => {
      const productId = await given.shop.addProduct(given.admin, { stock: '100', minOrder: '4' });
      const ladder = [{ minQuantity: '10', unitPrice: '9' }];
      expect((await put(productId, editOf({ minOrder: '4', priceTiers: ladder, packSize: '2' }))).statusCode).toBe(200);
      expect((await lastEvent()).data).toEqual({
        productId,
        changes: { priceTiers: [{ minQuantity: 10, unitPriceCents: 9_00 }], packSize: 2 },
      });
      // The same ladder again, written another way: no change.
      const before = await given.shop.eventCount();
      const same = await put(productId, editOf({ minOrder: '4', priceTiers: [{ minQuantity: '10', unitPrice: '9.00' }], packSize: '2' }));
      expect(same.json()).toEqual({ acknowledged: true });
      expect((await put(productId, editOf({ minOrder: '4', name: 'Cordless Drill 20V' }))).statusCode).toBe(200);
      expect(await given.shop.eventCount()).toBe(before + 1);
      expect((await lastEvent()).data).toEqual({ productId, changes: { name: 'Cordless Drill 20V' } });
    });

    it('refuses an edit that would break the ladder as the product stands (409)', async () => {
      const productId = await given.shop.addProduct(given.admin, {
        stock: '100',
        minOrder: '5',
        priceTiers: [{ minQuantity: '10', unitPrice: '9' }],
      });
      // The spec's client knows no ladder: its minimum past the first step is refused against the product's.
      await expectRefused(() => put(productId, editOf({ minOrder: '10' })), 409, pricingMessages.tierAboveMinOrder(10));
      // A price at the step's would not fall to it.
      await expectRefused(() => put(productId, editOf({ price: '9' })), 409, pricingMessages.tiersFalling);
      // Packs of 4: neither the minimum of 5 nor the step at 10 is a whole number of them.
      await expectRefused(() => put(productId, editOf({ packSize: '4' })), 409, pricingMessages.minOrderPackMultiple(4));
      expect((await put(productId, editOf({ minOrder: '9' }))).statusCode).toBe(200);
    });

    it('answers 404 for an unknown or deleted product', async () => {
      await expectRefused(() => put('no-such-product', editOf({ name: 'Anything' })), 404, messages.productNotFound);
      const productId = await given.shop.addProduct(given.admin);
      await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
      await expectRefused(() => put(productId, editOf({ name: 'Anything' })), 404, messages.productNotFound);
    });

    it('is for admins only: 401 without a token, 403 for a customer', async () => {
      const productId = await given.shop.addProduct(given.admin);
      await expectRefused(
        () => given.shop.send({ method: 'PUT', url: `/product/${productId}`, payload: editOf() }),
        401,
        messages.unauthenticated,
      );
      await expectRefused(() => put(productId, editOf({ name: 'Mine now' }), given.customer.accessToken), 403, messages.forbiddenAdmin);
    });

    it.each([
      [{ name: '' }, messages.required],
      [{ name: 'n'.repeat(101) }, 'Max length is 100 chars'],
      [{ name: 'tab\there' }, /must not contain control or invisible characters/],
      [{ price: '-1' }, 'price should be positive integer or decimal number'],
      [{ price: '10000000' }, messages.priceTooHigh],
      [{ imageUrl: 'javascript:alert(1)' }, messages.imageUrlFormat],
      [{ minOrder: '0' }, 'Minimum order quantity should not be negative'],
      [{ description: 'too short' }, 'Must be at least 30 chars. long'],
      [{ category: 'garden-tool' }, messages.category],
      // The stock moves only by a restock or a write-off.
      [{ stock: '500' }, /Unrecognized key/],
      [{ availableStock: 1 }, /Unrecognized key/],
    ])('refuses %j (400) and appends nothing', async (patch, message) => {
      const productId = await given.shop.addProduct(given.admin);
      await expectRefused(() => put(productId, { ...editOf(), ...patch }), 400, message);
    });
  });

  describe('POST /product/:id/restock', () => {
    it('restocks, recording the delta and “restock” when no reason is given', async () => {
      const productId = await given.shop.addProduct(given.admin);
      const response = await restock(productId, { quantity: '25' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, position: POSITION });
      expect(await lastEvent()).toMatchObject({
        type: 'StockAdjusted',
        data: { productId, delta: 25, reason: 'restock' },
        meta: { actor: given.admin.uid },
      });
    });

    it('writes off, with the admin’s reason or “write-off”', async () => {
      const productId = await given.shop.addProduct(given.admin);
      expect((await restock(productId, { quantity: -3, reason: 'Damaged in transit' })).statusCode).toBe(200);
      expect(await lastEvent()).toMatchObject({ data: { delta: -3, reason: 'Damaged in transit' } });
      expect((await restock(productId, { quantity: '-2' })).statusCode).toBe(200);
      expect(await lastEvent()).toMatchObject({ data: { delta: -2, reason: 'write-off' } });
    });

    it('never writes off what orders reserve (409), and a restock makes room for more orders', async () => {
      const productId = await given.shop.addProduct(given.admin);
      await given.shop.placeOrder(given.customer, productId, 10);
      // 30 on hand, 10 reserved.
      await expectRefused(() => restock(productId, { quantity: -21 }), 409, messages.stockBelowReserved(20));
      expect((await restock(productId, { quantity: -20 })).statusCode).toBe(200);
      await expectRefused(() => restock(productId, { quantity: -1 }), 409, messages.stockBelowReserved(0));
      expect((await restock(productId, { quantity: 40 })).statusCode).toBe(200);
      // 50 on hand now: another customer may take 25 of the 40 available.
      const other = await given.shop.customer('Restock Customer');
      expect(await given.shop.placeOrder(other, productId, 25)).toBeTruthy();
    });

    it('answers 404 for an unknown or deleted product', async () => {
      await expectRefused(() => restock('no-such-product', { quantity: 5 }), 404, messages.productNotFound);
      const productId = await given.shop.addProduct(given.admin);
      await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
      await expectRefused(() => restock(productId, { quantity: 5 }), 404, messages.productNotFound);
    });

    it('is for admins only: 401 without a token, 403 for a customer', async () => {
      const productId = await given.shop.addProduct(given.admin);
      await expectRefused(
        () => given.shop.send({ method: 'POST', url: `/product/${productId}/restock`, payload: { quantity: 5 } }),
        401,
        messages.unauthenticated,
      );
      await expectRefused(() => restock(productId, { quantity: 5 }, given.customer.accessToken), 403, messages.forbiddenAdmin);
    });

    it.each([
      [{ quantity: 0 }, messages.restockQuantity],
      [{ quantity: '0' }, messages.restockQuantity],
      [{ quantity: 1.5 }, messages.restockQuantity],
      [{ quantity: 'ten' }, messages.restockQuantity],
      [{ quantity: '1e3' }, messages.restockQuantity],
      [{}, messages.restockQuantity],
      [{ quantity: 1_000_000 }, messages.quantityTooHigh],
      [{ quantity: 5, reason: 'r'.repeat(201) }, messages.reasonMax],
      [{ quantity: 5, reason: 'new\nline' }, /must not contain control or invisible characters/],
      [{ quantity: 5, stock: 10 }, /Unrecognized key/],
    ])('refuses %j (400) and appends nothing', async (body, message) => {
      const productId = await given.shop.addProduct(given.admin);
      await expectRefused(() => restock(productId, body), 400, message);
    });
  });
});
