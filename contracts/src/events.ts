import type { ProductCategory } from './constants.js';
import type { Cents } from './money.js';

/** DESIGN §3 envelope metadata. */
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

export type UserSignedIn = Event<
  'UserSignedIn',
  { uid: string; email: string; name: string; photoURL: string | null; emailVerified: boolean }
>;
export type UserSignedOut = Event<'UserSignedOut', { uid: string }>;
export type AdminGranted = Event<
  'AdminGranted',
  { uid: string; email: string; reason: 'ADMIN_EMAILS' | 'granted-by-admin' }
>;

export type ProductEvent = ProductAdded | ProductDeleted;
export type OrderEvent = OrderPlaced;
export type UserEvent = UserSignedIn | UserSignedOut | AdminGranted;
export type ShopEvent = ProductEvent | OrderEvent | UserEvent;
export type ShopEventType = ShopEvent['type'];

/** The topic (DESIGN §3) each event belongs to; its key is the aggregate id. */
export const TOPICS = {
  products: 'catalog.products',
  orders: 'sales.orders',
  users: 'identity.users',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: readonly Topic[] = [TOPICS.products, TOPICS.orders, TOPICS.users];

export const TOPIC_OF_EVENT: Readonly<Record<ShopEventType, Topic>> = {
  ProductAdded: TOPICS.products,
  ProductDeleted: TOPICS.products,
  OrderPlaced: TOPICS.orders,
  UserSignedIn: TOPICS.users,
  UserSignedOut: TOPICS.users,
  AdminGranted: TOPICS.users,
};

export const CURRENT_SCHEMA_VERSION = 1;
