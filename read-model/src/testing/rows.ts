import { orderTotals } from '@toolforge/contracts';
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
    priceTiers: [],
    packSize: 1,
    addedAt: at(offset),
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}

/** By default one line of 2 of product p-0 at 10.00; `lines` alone gives the spec's fields from its first line and their quantities. */
export function orderRow(offset: number, overrides: Partial<OrderRow> = {}): OrderRow {
  const lines = overrides.lines ?? [
    { productId: 'p-0', productName: 'Product 0', quantity: 2, unitPriceCents: 10_00, lineTotalCents: 20_00 },
  ];
  return {
    orderId: `o-${offset}`,
    productId: lines[0]!.productId,
    productName: lines[0]!.productName,
    userId: 'u-1',
    userName: 'Ada',
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCostCents: orderTotals(lines.reduce((sum, line) => sum + line.lineTotalCents, 0)).totalCostCents,
    shippingAddress: '1 Anvil Road',
    status: 'pending',
    payment: false,
    placedAt: at(offset),
    lines,
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}
