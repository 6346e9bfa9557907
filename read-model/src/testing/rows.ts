import type { ProductRow } from '../catalog/writes.js';
import type { OrderRow } from '../orders/writes.js';

/** Read-model rows for tests: the n-th product or order, at the n-th minute from T0, at offset n. */
const T0 = Date.parse('2022-03-01T09:00:00.000Z');
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

export function productRow(offset: number, overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    productId: `p-${offset}`,
    name: `Product ${offset}`,
    category: 'hand-tool',
    model: `M-${offset}`,
    imageUrl: '/images/products/claw-hammer.svg',
    priceCents: 10_00 + offset,
    stock: 100,
    minOrder: 1,
    description: 'A tool built for a long working life in the shop.',
    addedAt: at(offset),
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}

export function orderRow(offset: number, overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    orderId: `o-${offset}`,
    productId: 'p-0',
    productName: 'Product 0',
    userId: 'u-1',
    userName: 'Ada',
    quantity: 2,
    unitPriceCents: 10_00,
    totalCostCents: 71_00,
    shippingAddress: '1 Anvil Road',
    status: 'pending',
    payment: false,
    placedAt: at(offset),
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}
