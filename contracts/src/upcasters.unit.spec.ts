import { describe, expect, it } from 'vitest';
import type { EventMeta } from './eventDefinition.js';
import { eventContractBreach } from './eventSchemas.js';
import { SHOP_UPCASTERS } from './upcasters.js';

const meta: EventMeta = { eventId: 'e-1', occurredAt: '2026-03-01T10:00:00.000Z', actor: 'uid-1', commandId: 'c-1', schemaVersion: 1 };

/** An order as schema version 1 wrote it: one product, no lines. */
const v1Order = {
  orderId: 'order-1',
  productId: 'product-1',
  productName: 'Claw Hammer 16 oz',
  userId: 'uid-1',
  userName: 'Ada',
  quantity: 3,
  unitPriceCents: 24_99,
  totalCostCents: 128_72,
  shippingAddress: '12 Forge Lane',
  status: 'pending',
  payment: false,
};

describe("the shop's upcasters from schema version 1", () => {
  it('read an order of version 1 as one line, its subtotal the line, never from a cart', () => {
    const upgraded = SHOP_UPCASTERS.OrderPlaced![1]!(v1Order, meta);
    expect(upgraded).toEqual({
      orderId: 'order-1',
      userId: 'uid-1',
      userName: 'Ada',
      lines: [{ productId: 'product-1', productName: 'Claw Hammer 16 oz', quantity: 3, unitPriceCents: 24_99, lineTotalCents: 74_97 }],
      subtotalCents: 74_97,
      totalCostCents: 128_72,
      shippingAddress: '12 Forge Lane',
      status: 'pending',
      payment: false,
      cartVersion: null,
    });
    // What version 2 readers are given keeps version 2's contract.
    expect(eventContractBreach({ type: 'OrderPlaced', data: upgraded })).toBeUndefined();
  });

  it("read a cancellation of version 1 as giving back its order's one line", () => {
    const cancelled = { orderId: 'order-1', productId: 'product-1', userId: 'uid-1', quantity: 3, reason: 'expired', by: null };
    const upgraded = SHOP_UPCASTERS.OrderCancelled![1]!(cancelled, meta);
    expect(upgraded).toEqual({
      orderId: 'order-1',
      userId: 'uid-1',
      lines: [{ productId: 'product-1', quantity: 3 }],
      reason: 'expired',
      by: null,
    });
    expect(eventContractBreach({ type: 'OrderCancelled', data: upgraded })).toBeUndefined();
  });

  it('read a product of version 1 as one without a ladder, sold in units of one', () => {
    const product = {
      productId: 'product-1',
      name: 'Claw Hammer 16 oz',
      category: 'hand-tool',
      model: 'CH-16',
      imageUrl: '/images/hammer.svg',
      priceCents: 24_99,
      minOrder: 1,
      description: 'Forged steel head with a fibreglass handle.',
      stock: 10,
    };
    const upgraded = SHOP_UPCASTERS.ProductAdded![1]!(product, meta);
    expect(upgraded).toEqual({ ...product, priceTiers: [], packSize: 1 });
    expect(eventContractBreach({ type: 'ProductAdded', data: upgraded })).toBeUndefined();
  });

  it.each([
    ['no quantity', { ...v1Order, quantity: undefined }, /quantity is missing/],
    ['a price that is no count of cents', { ...v1Order, unitPriceCents: 12.5 }, /unitPriceCents is 12.5/],
    ['no product', { ...v1Order, productId: 7 }, /productId is 7/],
  ])('refuse an order of version 1 with %s (the adapters set it aside, saying why)', (_, data, why) => {
    expect(() => SHOP_UPCASTERS.OrderPlaced![1]!(data, meta)).toThrow(why);
  });
});
