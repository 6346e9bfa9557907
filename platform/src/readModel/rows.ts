import type { Cents, ProductCategory } from '@toolforge/contracts';

/** Where an event sat in the log: the stable tiebreak of "newest first". */
export interface LogSortKey {
  readonly partition: number;
  readonly offset: number;
}

export interface ProductRow {
  readonly productId: string;
  readonly name: string;
  readonly category: ProductCategory;
  readonly model: string;
  readonly imageUrl: string;
  readonly priceCents: Cents;
  /** The stock the product was added with; reservations are kept apart (see schema.ts). */
  readonly stock: number;
  readonly minOrder: number;
  readonly description: string;
  readonly addedAt: string;
  readonly logPosition: LogSortKey;
}

export interface OrderRow {
  readonly orderId: string;
  readonly productId: string;
  readonly productName: string;
  readonly userId: string;
  readonly userName: string;
  readonly quantity: number;
  readonly unitPriceCents: Cents;
  readonly totalCostCents: Cents;
  readonly shippingAddress: string;
  readonly status: string;
  readonly payment: boolean;
  readonly placedAt: string;
  readonly logPosition: LogSortKey;
}

export interface SignedInUserRow {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly photoURL: string | null;
  readonly emailVerified: boolean;
  readonly at: string;
}

/**
 * What a projection asks of the read model for one event: row writes in the read model's own
 * terms. Projections (projector/) decide them from events without I/O; a ReadStore adapter turns
 * them into statements. Each write is safe to repeat, though the checkpoint already keeps an
 * event from being applied twice.
 */
export type RowWrite =
  | { readonly kind: 'insertProduct'; readonly product: ProductRow }
  | { readonly kind: 'deleteProduct'; readonly productId: string; readonly at: string }
  | { readonly kind: 'reserveStock'; readonly productId: string; readonly quantity: number }
  | { readonly kind: 'insertOrder'; readonly order: OrderRow }
  | { readonly kind: 'signInUser'; readonly user: SignedInUserRow }
  | { readonly kind: 'signOutUser'; readonly uid: string; readonly at: string }
  | { readonly kind: 'grantAdmin'; readonly uid: string; readonly email: string };

/** The writes of one event, by its offset in the batch's partition. */
export interface ProjectedEvent {
  readonly offset: number;
  readonly writes: readonly RowWrite[];
}

/** Consecutive events of one topic partition, applied with its checkpoint in one transaction. */
export interface ProjectionBatch {
  readonly topic: string;
  readonly partition: number;
  /** In offset order. */
  readonly events: readonly ProjectedEvent[];
}

export interface AppliedBatch {
  /** Events the batch applied; those the checkpoint had already passed are skipped. */
  readonly applied: number;
  readonly nextOffset: number;
}

/** A product as the query side reads it: available stock is stock minus every reservation. */
export type ProductView = Omit<ProductRow, 'stock' | 'logPosition'> & { readonly availableStock: number };

export type OrderView = Omit<OrderRow, 'logPosition'>;

/** A slice of a newest-first list. */
export interface Slice {
  readonly offset: number;
  readonly limit: number;
}
