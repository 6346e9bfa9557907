import type { FastifyInstance } from 'fastify';
import type { EventsAt } from '@toolforge/platform';
import type { ApiTag } from '@toolforge/contracts';
import type { ApiCaller } from '@toolforge/platform/http';
import type { ReadModelReader } from '@toolforge/read-model';
import type { CachedReads } from './cachedReads.js';

/** What the query service hands every feature's routes: the reads and the caller's standing. */
export interface QueryContext {
  /** The read model's reads, every feature's. */
  store: ReadModelReader;
  /** The cache in front of them. */
  reads: CachedReads;
  /** The log's events by offset (an order's history is read from the log itself). */
  eventsAt: EventsAt;
  /** The read model's word on the caller's role (docs/identity.md). */
  isAdmin: (caller: ApiCaller) => Promise<boolean>;
  /** The most orders GET /allorders answers without paging. */
  allOrdersLimit: number;
}

/**
 * One feature of the query side, registered once in features.ts: its GET routes, described under
 * its tag. The host loops over the list; a new feature is its folder and one line there.
 */
export interface QueryFeature {
  readonly tag: ApiTag;
  routes(app: FastifyInstance, context: QueryContext): Promise<void>;
}
