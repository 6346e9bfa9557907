import type { ShopEventType } from '@toolforge/contracts';
import type { ReadModelFeature } from './feature.js';
import { bookkeepingReadModel } from './bookkeeping/index.js';
import { cartReadModel } from './cart/index.js';
import { catalogueReadModel } from './catalog/index.js';
import { documentsReadModel } from './documents/index.js';
import { identityReadModel } from './identity/index.js';
import { mailReadModel } from './mail/index.js';
import { ordersReadModel } from './orders/index.js';
import { paymentsReadModel } from './payments/index.js';
import { privacyReadModel } from './privacy/index.js';
import { reviewsReadModel } from './reviews/index.js';
import { salesReadModel } from './sales/index.js';
import { stockHistoryReadModel } from './stockHistory/index.js';

/**
 * Every feature of the read model: the projector and the query service loop over this list, and a
 * new feature is one line here. The order is the founding migration's, whose statements ran part by
 * part in this order (platform's readModelSchema).
 */
export const READ_MODEL_FEATURES = [
  catalogueReadModel,
  ordersReadModel,
  stockHistoryReadModel,
  identityReadModel,
  bookkeepingReadModel,
  reviewsReadModel,
  cartReadModel,
  paymentsReadModel,
  documentsReadModel,
  mailReadModel,
  privacyReadModel,
  salesReadModel,
] as const;

type Feature = (typeof READ_MODEL_FEATURES)[number];

/** The type arguments a feature was registered with (feature.ts), for the types the list puts together from them. */
type Registered<F> =
  F extends ReadModelFeature<infer Event, infer Write, infer Reader, infer Areas, infer Projected, infer Followed>
    ? { event: Event; write: Write; reader: Reader; areas: Areas; projected: Projected; followed: Followed }
    : never;

type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (whole: infer Whole) => void ? Whole : never;

/**
 * What a projection asks of the read model for one event: row writes in the read model's own
 * terms, each feature's own. Projections decide them from events without I/O; the store applies
 * them in the event's transaction. Each write is safe to repeat, though the checkpoint already
 * keeps an event from being applied twice.
 */
export type RowWrite = Registered<Feature>['write'];

/** The query side's reads: the projector's checkpoints, products, orders (with their payments), roles, reviews, carts, documents, a customer's own data. Lists are newest first. */
export type ReadModelReader = Intersection<Registered<Feature>['reader']>;

/** Every cache area of the read model's answers, by name. */
export type CacheAreas = Intersection<Registered<Feature>['areas']>;

// What the central switch over event types checked, without one: every event type has a feature
// that projects it (a unit test checks it is exactly one; others may follow it besides), and every
// write a feature's projection makes is one some feature applies.
type Unprojected = Exclude<ShopEventType, Registered<Feature>['event']['type']>;
const everyEventProjected: [Unprojected] extends [never] ? true : Unprojected = true;
type Unapplied = Exclude<Registered<Feature>['projected']['kind'], RowWrite['kind']>;
const everyWriteApplied: [Unapplied] extends [never] ? true : Unapplied = true;
void everyEventProjected;
void everyWriteApplied;
