import { CURRENT_SCHEMA_VERSION, SHOP_FEATURE_EVENTS } from '../events.js';
import type {
  AdminGranted,
  AdminRevoked,
  EventMeta,
  OrderCancelled,
  OrderDelivered,
  OrderPaid,
  OrderPlaced,
  OrderShipped,
  ProductAdded,
  ProductDeleted,
  ProductUpdated,
  ReviewEdited,
  ReviewPosted,
  ReviewRemoved,
  StockAdjusted,
  ShopEvent,
  UserSignedIn,
  UserSignedOut,
} from '../index.js';
import { totalCostCents } from '../money.js';

/**
 * Events as the command side would decide them, for tests of the read side: every field has a
 * plausible default and a test names only what it is about.
 */
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(counter += 1).toString().padStart(4, '0')}`;

function meta(overrides: Partial<EventMeta> = {}): EventMeta {
  return {
    eventId: crypto.randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: null,
    commandId: crypto.randomUUID(),
    schemaVersion: CURRENT_SCHEMA_VERSION,
    ...overrides,
  };
}

export function productAdded(data: Partial<ProductAdded['data']> = {}, overrides: Partial<EventMeta> = {}): ProductAdded {
  return {
    type: 'ProductAdded',
    data: {
      productId: nextId('product'),
      name: 'Claw Hammer 16 oz',
      category: 'hand-tool',
      model: 'CH-16',
      imageUrl: '/images/products/claw-hammer.svg',
      priceCents: 24_99,
      stock: 120,
      minOrder: 2,
      description: 'Forged steel head with a fibreglass handle and a rubber grip.',
      ...data,
    },
    meta: meta(overrides),
  };
}

export function productDeleted(productId: string, overrides: Partial<EventMeta> = {}): ProductDeleted {
  return { type: 'ProductDeleted', data: { productId }, meta: meta(overrides) };
}

/** An order for `product` (its id, name and price), with the total the shop's formula gives. */
export function orderPlaced(
  product: Pick<ProductAdded['data'], 'productId' | 'name' | 'priceCents'>,
  data: Partial<OrderPlaced['data']> = {},
  overrides: Partial<EventMeta> = {},
): OrderPlaced {
  const quantity = data.quantity ?? 3;
  const userId = data.userId ?? 'customer-uid';
  return {
    type: 'OrderPlaced',
    data: {
      orderId: nextId('order'),
      productId: product.productId,
      productName: product.name,
      userId,
      userName: 'Ada Customer',
      quantity,
      unitPriceCents: product.priceCents,
      totalCostCents: totalCostCents(product.priceCents, quantity),
      shippingAddress: '12 Forge Lane, Sheffield',
      status: 'pending',
      payment: false,
      ...data,
    },
    meta: meta({ actor: userId, ...overrides }),
  };
}

export function userSignedIn(data: Partial<UserSignedIn['data']> = {}, overrides: Partial<EventMeta> = {}): UserSignedIn {
  const uid = data.uid ?? nextId('uid');
  return {
    type: 'UserSignedIn',
    data: { uid, email: `${uid}@toolforge.test`, name: 'Ada Customer', photoURL: null, emailVerified: true, ...data },
    meta: meta({ actor: uid, ...overrides }),
  };
}

export function userSignedOut(uid: string, overrides: Partial<EventMeta> = {}): UserSignedOut {
  return { type: 'UserSignedOut', data: { uid }, meta: meta({ actor: uid, ...overrides }) };
}

export function adminGranted(uid: string, email = `${uid}@toolforge.test`, overrides: Partial<EventMeta> = {}): AdminGranted {
  return { type: 'AdminGranted', data: { uid, email, reason: 'granted-by-admin' }, meta: meta(overrides) };
}

/** `actor`: the admin who revoked the role. */
export function adminRevoked(uid: string, email = `${uid}@toolforge.test`, overrides: Partial<EventMeta> = {}): AdminRevoked {
  return { type: 'AdminRevoked', data: { uid, email }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

export function productUpdated(
  productId: string,
  changes: ProductUpdated['data']['changes'],
  overrides: Partial<EventMeta> = {},
): ProductUpdated {
  return { type: 'ProductUpdated', data: { productId, changes }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

export function stockAdjusted(
  productId: string,
  delta: number,
  reason = delta > 0 ? 'restock' : 'write-off',
  overrides: Partial<EventMeta> = {},
): StockAdjusted {
  return { type: 'StockAdjusted', data: { productId, delta, reason }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** An admin moved `order` on (paid, shipped or delivered). */
export function orderMoved(
  order: Pick<OrderPlaced['data'], 'orderId'>,
  type: 'OrderPaid' | 'OrderShipped' | 'OrderDelivered',
  overrides: Partial<EventMeta> = {},
): OrderPaid | OrderShipped | OrderDelivered {
  return { type, data: { orderId: order.orderId }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** `order` cancelled, its quantity given back; by its customer unless `by` says otherwise (null: expired). */
export function orderCancelled(
  order: Pick<OrderPlaced['data'], 'orderId' | 'productId' | 'userId' | 'quantity'>,
  { reason = '', by = 'customer' }: { reason?: string; by?: OrderCancelled['data']['by'] } = {},
  overrides: Partial<EventMeta> = {},
): OrderCancelled {
  const { orderId, productId, userId, quantity } = order;
  const actor = by === 'customer' ? userId : by === 'admin' ? 'admin-uid' : null;
  return { type: 'OrderCancelled', data: { orderId, productId, userId, quantity, reason, by }, meta: meta({ actor, ...overrides }) };
}

/** A review of `product` by a customer who received it (by default customer-uid, four stars). */
export function reviewPosted(
  product: Pick<ProductAdded['data'], 'productId'>,
  data: Partial<ReviewPosted['data']> = {},
  overrides: Partial<EventMeta> = {},
): ReviewPosted {
  const userId = data.userId ?? 'customer-uid';
  return {
    type: 'ReviewPosted',
    data: {
      reviewId: nextId('review'),
      productId: product.productId,
      userId,
      userName: 'Ada Customer',
      rating: 4,
      text: 'Solid tool, does what it says.',
      ...data,
    },
    meta: meta({ actor: userId, ...overrides }),
  };
}

/** Its customer changed `review`'s stars or text. */
export function reviewEdited(
  review: Pick<ReviewPosted['data'], 'reviewId' | 'productId' | 'userId'>,
  change: Partial<Pick<ReviewEdited['data'], 'rating' | 'text'>>,
  overrides: Partial<EventMeta> = {},
): ReviewEdited {
  const { reviewId, productId, userId } = review;
  return {
    type: 'ReviewEdited',
    data: { reviewId, productId, userId, rating: 4, text: 'Solid tool, does what it says.', ...change },
    meta: meta({ actor: userId, ...overrides }),
  };
}

/** An admin took `review` down. */
export function reviewRemoved(
  review: Pick<ReviewPosted['data'], 'reviewId' | 'productId' | 'userId'>,
  reason = 'off-topic',
  overrides: Partial<EventMeta> = {},
): ReviewRemoved {
  const { reviewId, productId, userId } = review;
  return { type: 'ReviewRemoved', data: { reviewId, productId, userId, reason }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** The feature each event type belongs to (events.ts lists them). */
const FEATURE_OF_EVENT = new Map(SHOP_FEATURE_EVENTS.flatMap((feature) => Object.keys(feature.schemas).map((type) => [type, feature])));

/** The aggregate an event belongs to: its stream in the log, named by its feature's stream key. */
export function streamIdOf(event: ShopEvent): string {
  const feature = FEATURE_OF_EVENT.get(event.type);
  if (!feature) throw new Error(`${event.type}: no such event type`);
  return (event.data as Readonly<Record<string, string>>)[feature.streamKey]!;
}
