import { fromCents, toCents, type OrderDto, type OrderHistoryEntry, type OrderLineDto } from '@toolforge/contracts';

/**
 * The n-th order as the query service lists it (id `0000000n-…`, placed by u-7); a test overrides what it looks at.
 * Without `lines` it is an order of one line: its product, its quantity, at 24.50 each.
 */
export function orderDto(n: number, overrides: Partial<OrderDto> = {}): OrderDto {
  const order = {
    _id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
    productId: 'p-1',
    productName: 'Claw Hammer',
    userId: 'u-7',
    userName: 'Ada',
    orderQuantity: 3,
    totalCost: 127.18,
    shippingAddress: `${n} Forge Lane, Sheffield`,
    status: 'pending' as const,
    payment: false,
    placedAt: '2022-05-01T10:00:00.000Z',
    paidWith: null,
    paymentReference: null,
    paymentFailure: null,
    refunded: 0,
    invoiceNumber: null,
    creditNoteNumbers: [],
    ...overrides,
  };
  return { ...order, lines: overrides.lines ?? [orderLineDto(order.productId, order.productName, order.orderQuantity, 24.5)] };
}

/** A line of an order as the query service answers it: its total is the unit price times the quantity, in cents. */
export function orderLineDto(productId: string, productName: string, quantity: number, unitPrice: number): OrderLineDto {
  return { productId, productName, quantity, unitPrice, lineTotal: fromCents((toCents(unitPrice) ?? 0) * quantity) };
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
