import { salesQuerySchema, type EventMeta, type OrderPlaced, type ShopEvent } from '@toolforge/contracts';
import {
  orderCancelled,
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPlacedOf,
  orderRefunded,
  paymentNotApplied,
  productAdded,
  userSignedIn,
} from '@toolforge/contracts/testing';

/** A moment of the sales history: `day` days after 2026-03-01 (UTC), at `hour`, and a few milliseconds more. */
export const salesAt = (day: number, hour = 0, millis = 0): Partial<EventMeta> => ({
  occurredAt: new Date(Date.parse('2026-03-01T00:00:00.000Z') + day * 86_400_000 + hour * 3_600_000 + millis).toISOString(),
});

/** The period the sales tests report on: three days, 2 to 4 March 2026 (UTC), the 3rd without an order. */
export const SALES_PERIOD = { from: '2026-03-02', to: '2026-03-05' } as const;
export const salesPeriod = () => salesQuerySchema.parse(SALES_PERIOD);

/** The products, one of each category and a cheap one, so that an order's total splits with remainders. */
export const SALES_PRODUCTS = {
  vise: productAdded({ productId: 'p-vise', name: 'Bench Vise', category: 'hand-tool', priceCents: 89_50, stock: 10 }, salesAt(0)),
  drill: productAdded({ productId: 'p-drill', name: 'Cordless Drill', category: 'power-tool', priceCents: 129_00, stock: 40 }, salesAt(0)),
  lathe: productAdded({ productId: 'p-lathe', name: 'Wood Lathe', category: 'machine-tool', priceCents: 1_499_00, stock: 3 }, salesAt(0)),
  clamp: productAdded({ productId: 'p-clamp', name: 'Spring Clamp', category: 'hand-tool', priceCents: 3_33, stock: 50 }, salesAt(0)),
  file: productAdded({ productId: 'p-file', name: 'Flat File', category: 'hand-tool', priceCents: 3_33, stock: 30 }, salesAt(0)),
};
const { vise, drill, lathe, clamp, file } = SALES_PRODUCTS;

const placed = (orderId: string, userId: string, lines: [product: typeof vise, quantity: number][], at: Partial<EventMeta>) =>
  orderPlacedOf(
    lines.map(([product, quantity]) => orderLine(product.data, quantity)),
    { orderId, userId },
    at,
  );

/** The orders, by name: in the period, on its first and last moments, and just outside it on both sides. */
export const SALES_ORDERS = {
  /** The last moment before the period. */
  before: placed('o-before', 'u-ada', [[vise, 1]], salesAt(0, 23, 3_599_999)),
  /** Three lines, paid by card, shipped and delivered. */
  adaFirst: placed(
    'o-ada-1',
    'u-ada',
    [
      [vise, 2],
      [drill, 1],
      [clamp, 3],
    ],
    salesAt(1, 0),
  ),
  /** Paid by card the next day, cancelled by an admin, refunded: it sold nothing, and its money went back. */
  boFirst: placed('o-bo-1', 'u-bo', [[lathe, 1]], salesAt(1, 23, 1_800_000)),
  /**
   * Three lines of one price, two of them of one product: 60.49 splits 20.17, 20.16, 20.16 (rounding
   * each would lose a cent), and the clamp counts this order once.
   */
  cyThreeLines: placed(
    'o-cy-3',
    'u-cy',
    [
      [clamp, 1],
      [file, 1],
      [clamp, 1],
    ],
    salesAt(1, 12),
  ),
  /** Three lines of three categories, left pending. */
  boSecond: placed(
    'o-bo-2',
    'u-bo',
    [
      [drill, 1],
      [lathe, 1],
      [vise, 1],
    ],
    salesAt(3, 8),
  ),
  /** Paid offline, then by card again: that payment not applied, and refunded. */
  adaSecond: placed(
    'o-ada-2',
    'u-ada',
    [
      [clamp, 7],
      [vise, 1],
    ],
    salesAt(3, 12),
  ),
  /** The period's last moment, cancelled by its customer while pending. */
  cyCancelled: placed('o-cy', 'u-cy', [[drill, 2]], salesAt(3, 23, 3_599_999)),
  /** On the period's end: outside it. */
  atTheEnd: placed('o-at-end', 'u-cy', [[vise, 1]], salesAt(4, 0)),
  after: placed('o-after', 'u-ada', [[drill, 1]], salesAt(5, 9)),
} satisfies Record<string, OrderPlaced>;
const orders = SALES_ORDERS;

/** The customers, named as their accounts are. */
export const SALES_CUSTOMERS = {
  ada: userSignedIn({ uid: 'u-ada', name: 'Ada Lovelace' }, salesAt(0)),
  bo: userSignedIn({ uid: 'u-bo', name: 'Bo Builder' }, salesAt(0)),
  cy: userSignedIn({ uid: 'u-cy', name: 'Cy Carpenter' }, salesAt(0)),
};

/** The late card payment of `o-ada-2` that found it paid already, and its refund. */
const late = paymentNotApplied(orders.adaSecond.data, { because: 'already-paid' }, salesAt(3, 13));

/** The whole history, in the order the shop decided it. */
export function salesHistory(): ShopEvent[] {
  return [
    ...Object.values(SALES_PRODUCTS),
    ...Object.values(SALES_CUSTOMERS),
    orders.before,
    orders.adaFirst,
    orderPaidByCard(orders.adaFirst.data, {}, salesAt(1, 0, 300_000)),
    orders.cyThreeLines,
    orders.boFirst,
    orderPaidByCard(orders.boFirst.data, {}, salesAt(2, 0, 600_000)),
    orderCancelled(orders.boFirst.data, { by: 'admin', reason: 'out of stock' }, salesAt(2, 1)),
    orderRefunded(
      orders.boFirst.data,
      { paymentId: `pi_${orders.boFirst.data.orderId}`, amountCents: orders.boFirst.data.totalCostCents },
      salesAt(2, 2),
    ),
    orderMoved(orders.adaFirst.data, 'OrderShipped', salesAt(2, 9)),
    orders.boSecond,
    orderMoved(orders.adaFirst.data, 'OrderDelivered', salesAt(3, 10)),
    orders.adaSecond,
    orderMoved(orders.adaSecond.data, 'OrderPaid', salesAt(3, 12, 60_000)),
    late,
    orderRefunded(orders.adaSecond.data, { paymentId: late.data.paymentId, amountCents: late.data.amountCents }, salesAt(3, 14)),
    orders.cyCancelled,
    orderCancelled(orders.cyCancelled.data, { reason: 'ordered twice' }, salesAt(4, 1)),
    orders.atTheEnd,
    orders.after,
  ];
}
