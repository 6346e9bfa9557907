import type { AppliedBatch, OrderView, ProductView, ProjectionBatch, Slice } from './rows.js';

/** Where the projector has got to in each topic partition (DESIGN §4, §6). */
export interface CheckpointReader {
  /** The next offset to apply in this topic partition: every offset below it is in the read model. */
  nextOffset(topic: string, partition: number): Promise<number>;
}

/** The projector's side of the read model. */
export interface ReadModelWriter extends CheckpointReader {
  /**
   * Applies a batch and moves its checkpoint in one transaction (DESIGN §6): the events the
   * checkpoint has passed are skipped, so a re-delivered batch changes nothing, and a failure before
   * the commit leaves neither rows nor checkpoint behind.
   */
  applyBatch(batch: ProjectionBatch): Promise<AppliedBatch>;
}

/** The query side's reads: products not deleted, orders, roles. Lists are newest first. */
export interface ReadModelReader extends CheckpointReader {
  listProducts(slice: Slice): Promise<ProductView[]>;
  countProducts(): Promise<number>;
  findProduct(productId: string): Promise<ProductView | undefined>;
  ordersOfUser(uid: string): Promise<OrderView[]>;
  /** Every order, or a slice of them. */
  listOrders(slice?: Slice): Promise<OrderView[]>;
  isAdmin(uid: string): Promise<boolean>;
}

/** The ReadStore port (DESIGN §2): the read model in Postgres, embedded (PGlite) or a server. */
export interface ReadStore extends ReadModelWriter, ReadModelReader {
  close(): Promise<void>;
}
