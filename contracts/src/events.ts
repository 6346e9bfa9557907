import type { OrderCanceller, ProductCategory } from './constants.js';
import type { Cents } from './money.js';

/** docs/architecture.md#3-events envelope metadata. */
export interface EventMeta {
  readonly eventId: string;
  readonly occurredAt: string;
  /** The uid that caused the event; null for the system (seeding, ADMIN_EMAILS). */
  readonly actor: string | null;
  /** The command that decided the event: a fresh UUID, or the client's Idempotency-Key for orders. */
  readonly commandId: string;
  readonly causationId?: string;
  readonly schemaVersion: number;
}

/** An event is a plain readonly fact: a past-tense type, its data and its metadata. */
export type Event<Type extends string, Data> = Readonly<{ type: Type; data: Readonly<Data>; meta: EventMeta }>;

export type ProductAdded = Event<
  'ProductAdded',
  {
    productId: string;
    name: string;
    category: ProductCategory;
    model: string;
    imageUrl: string;
    priceCents: Cents;
    stock: number;
    minOrder: number;
    description: string;
  }
>;
export type ProductDeleted = Event<'ProductDeleted', { productId: string }>;

/** The product's fields an admin may correct after adding it (its stock moves by StockAdjusted). */
export interface ProductDetails {
  name: string;
  category: ProductCategory;
  model: string;
  imageUrl: string;
  priceCents: Cents;
  minOrder: number;
  description: string;
}
/** An admin corrected a product: `changes` holds only the fields whose value changed, never empty. */
export type ProductUpdated = Event<'ProductUpdated', { productId: string; changes: Partial<ProductDetails> }>;
/**
 * The stock on hand moved by `delta` (never zero): a restock (positive) or a write-off (negative),
 * never below what open orders have reserved.
 */
export type StockAdjusted = Event<'StockAdjusted', { productId: string; delta: number; reason: string }>;

export type OrderPlaced = Event<
  'OrderPlaced',
  {
    orderId: string;
    productId: string;
    productName: string;
    userId: string;
    userName: string;
    quantity: number;
    unitPriceCents: Cents;
    totalCostCents: Cents;
    shippingAddress: string;
    status: 'pending';
    payment: false;
  }
>;

/** An order's status moves on from pending (docs/architecture.md#9-the-products-rules): each is one event of its stream. */
export type OrderPaid = Event<'OrderPaid', { orderId: string }>;
export type OrderShipped = Event<'OrderShipped', { orderId: string }>;
export type OrderDelivered = Event<'OrderDelivered', { orderId: string }>;
/**
 * A pending or paid order was cancelled, and its reserved stock is given back in the same fact: the
 * product, the customer and the quantity are carried so that the product's stock folds from this
 * event alone. `by` is who cancelled it; null for the shop itself (an expired reservation, whose
 * reason is 'expired').
 */
export type OrderCancelled = Event<
  'OrderCancelled',
  { orderId: string; productId: string; userId: string; quantity: number; reason: string; by: OrderCanceller | null }
>;

export type UserSignedIn = Event<
  'UserSignedIn',
  { uid: string; email: string; name: string; photoURL: string | null; emailVerified: boolean }
>;
export type UserSignedOut = Event<'UserSignedOut', { uid: string }>;
/**
 * Why an account became an admin: ADMIN_EMAILS at its first sign-in, an admin's grant, or the
 * operator's break-glass grant on the host (`toolforge admins grant`, its actor `operator:<OS user>`).
 */
export const ADMIN_GRANT_REASONS = ['ADMIN_EMAILS', 'granted-by-admin', 'break-glass'] as const;
export type AdminGrantReason = (typeof ADMIN_GRANT_REASONS)[number];
export type AdminGranted = Event<'AdminGranted', { uid: string; email: string; reason: AdminGrantReason }>;
/** An admin took the role back (the revoking admin is the actor); it also ends the account's sessions. */
export type AdminRevoked = Event<'AdminRevoked', { uid: string; email: string }>;

/**
 * A customer's verified review of a product they received (its stream is the review's id): one
 * review per customer and product at a time; a second post edits it, an admin may remove it.
 */
export type ReviewPosted = Event<
  'ReviewPosted',
  { reviewId: string; productId: string; userId: string; userName: string; rating: number; text: string }
>;
export type ReviewEdited = Event<'ReviewEdited', { reviewId: string; productId: string; userId: string; rating: number; text: string }>;
/** An admin took a review down; its customer may then post a new one (a new stream). */
export type ReviewRemoved = Event<'ReviewRemoved', { reviewId: string; productId: string; userId: string; reason: string }>;

export type ProductEvent = ProductAdded | ProductDeleted | ProductUpdated | StockAdjusted;
export type OrderEvent = OrderPlaced | OrderPaid | OrderShipped | OrderDelivered | OrderCancelled;
export type UserEvent = UserSignedIn | UserSignedOut | AdminGranted | AdminRevoked;
export type ReviewEvent = ReviewPosted | ReviewEdited | ReviewRemoved;
export type ShopEvent = ProductEvent | OrderEvent | UserEvent | ReviewEvent;
export type ShopEventType = ShopEvent['type'];

/** The topic (docs/architecture.md#3-events) each event belongs to; its key is the aggregate id. */
export const TOPICS = {
  products: 'catalog.products',
  orders: 'sales.orders',
  users: 'identity.users',
  reviews: 'catalog.reviews',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
/** Every topic of the shop, in TOPICS' order: the broker's set-up, the operators' socket and the tool read this list. */
export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);

export const TOPIC_OF_EVENT: Readonly<Record<ShopEventType, Topic>> = {
  ProductAdded: TOPICS.products,
  ProductDeleted: TOPICS.products,
  ProductUpdated: TOPICS.products,
  StockAdjusted: TOPICS.products,
  OrderPlaced: TOPICS.orders,
  OrderPaid: TOPICS.orders,
  OrderShipped: TOPICS.orders,
  OrderDelivered: TOPICS.orders,
  OrderCancelled: TOPICS.orders,
  UserSignedIn: TOPICS.users,
  UserSignedOut: TOPICS.users,
  AdminGranted: TOPICS.users,
  AdminRevoked: TOPICS.users,
  ReviewPosted: TOPICS.reviews,
  ReviewEdited: TOPICS.reviews,
  ReviewRemoved: TOPICS.reviews,
};

export const CURRENT_SCHEMA_VERSION = 1;

/**
 * The type a log reader gives a record that holds no ToolForge event (no key, no headers, no JSON
 * envelope), so that readers skip or set it aside instead of stopping on it. Its data says why and
 * keeps what the record held.
 */
export const UNREADABLE_RECORD = 'UnreadableRecord';
export interface UnreadableRecordData {
  readonly reason: string;
  readonly key: string | null;
  readonly value: string | null;
  readonly headers: Readonly<Record<string, string>>;
}

const SHOP_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(TOPIC_OF_EVENT));

/**
 * Why this build cannot apply an event read from the log, or undefined when it can: a record that
 * is no ToolForge event, a type it does not know, or a schema version that is missing or newer than
 * the one it was written for (a newer ToolForge wrote it).
 */
export function whyUnreadable(event: { readonly type: unknown; readonly data?: unknown; readonly meta?: unknown }): string | undefined {
  if (event.type === UNREADABLE_RECORD) return (event.data as Partial<UnreadableRecordData> | undefined)?.reason ?? 'not a ToolForge event';
  if (typeof event.type !== 'string' || !SHOP_EVENT_TYPES.has(event.type)) return `unknown event type ${JSON.stringify(event.type)}`;
  const version = (event.meta as { schemaVersion?: unknown } | null | undefined)?.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return `the event has no valid meta.schemaVersion (${JSON.stringify(version) ?? 'none'})`;
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    return `written by a newer ToolForge: schema version ${version}, this build reads up to ${CURRENT_SCHEMA_VERSION}`;
  }
  if (typeof event.data !== 'object' || event.data === null) return 'the event has no data';
  return undefined;
}
