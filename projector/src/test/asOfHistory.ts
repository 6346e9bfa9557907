import type { ShopEvent } from '@toolforge/contracts';
import {
  orderCancelled,
  orderMoved,
  orderPaidByCard,
  orderPlaced,
  orderRefunded,
  productAdded,
  stockAdjusted,
} from '@toolforge/contracts/testing';

/** When each fact of the as-of history occurred, and the moments between them an auditor asks about. */
export const AS_OF = {
  added: '2026-11-20T08:00:00.000Z',
  afterAdded: '2026-11-20T08:30:00.000Z',
  placed: '2026-11-20T09:00:00.000Z',
  afterPlaced: '2026-11-20T09:45:00.000Z',
  restocked: '2026-11-20T10:00:00.000Z',
  paid: '2026-11-20T10:30:00.000Z',
  afterRestocked: '2026-11-20T10:45:00.000Z',
  cancelled: '2026-11-20T11:00:00.000Z',
  afterCancelled: '2026-11-20T11:30:00.000Z',
} as const;

const DRILL = { productId: 'p-drill', name: 'Cordless Drill', priceCents: 20_00, stock: 10 } as const;
const VISE = { productId: 'p-vise', name: 'Bench Vise', priceCents: 15_00, stock: 4 } as const;

/**
 * A day of the shop with figures worked out by hand (5 % tax, 50.00 flat): the drill added with 10
 * on hand (and the vise with 4); o-1 of 3 drills (60.00 + 3.00 + 50.00 = 113.00) and o-2 of 2
 * (40.00 + 2.00 + 50.00 = 92.00) placed; 5 drills restocked; o-1 paid by card; o-2 cancelled; o-1
 * shipped, delivered and 10.00 of it refunded; o-3 of 1 drill (20.00 + 1.00 + 50.00 = 71.00) placed
 * last. In the order a writer appends them; each stream's events in its order.
 */
export function asOfHistory(): ShopEvent[] {
  const at = (occurredAt: string) => ({ occurredAt });
  const o1 = orderPlaced(DRILL, { orderId: 'o-1', userId: 'u-ada', quantity: 3 }, at(AS_OF.placed));
  const o2 = orderPlaced(DRILL, { orderId: 'o-2', userId: 'u-bo', quantity: 2 }, at('2026-11-20T09:30:00.000Z'));
  return [
    productAdded(DRILL, at(AS_OF.added)),
    productAdded(VISE, at(AS_OF.added)),
    o1,
    o2,
    stockAdjusted(DRILL.productId, 5, 'restock', at(AS_OF.restocked)),
    orderPaidByCard(o1.data, {}, at(AS_OF.paid)),
    orderCancelled(o2.data, { reason: 'ordered twice' }, at(AS_OF.cancelled)),
    orderMoved(o1.data, 'OrderShipped', at('2026-11-20T12:00:00.000Z')),
    orderMoved(o1.data, 'OrderDelivered', at('2026-11-20T13:00:00.000Z')),
    orderRefunded(o1.data, { paymentId: 'pi_o-1', amountCents: 10_00 }, at('2026-11-20T13:30:00.000Z')),
    orderPlaced(DRILL, { orderId: 'o-3', userId: 'u-ada', quantity: 1 }, at('2026-11-20T14:00:00.000Z')),
  ];
}
