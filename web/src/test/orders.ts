import type { OrderDto, OrderHistoryEntry } from '@toolforge/contracts';

/** The n-th order as the query service lists it (id `0000000n-…`, placed by u-7); a test overrides what it looks at. */
export function orderDto(n: number, overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
    productId: 'p-1',
    productName: 'Claw Hammer',
    userId: 'u-7',
    userName: 'Ada',
    orderQuantity: 3,
    totalCost: 127.18,
    shippingAddress: `${n} Forge Lane, Sheffield`,
    status: 'pending',
    payment: false,
    placedAt: '2022-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** One entry of an order's history as GET /orders/:id/history answers it. */
export function historyEntry(
  offset: number,
  overrides: Partial<OrderHistoryEntry> & Pick<OrderHistoryEntry, 'type' | 'status'>,
): OrderHistoryEntry {
  return {
    position: `sales.orders/0/${offset}`,
    occurredAt: new Date(Date.UTC(2022, 4, 1, 10, offset)).toISOString(),
    actor: 'u-7',
    by: 'customer',
    details: {},
    ...overrides,
  };
}
