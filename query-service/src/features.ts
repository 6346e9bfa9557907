import { cartQueries } from './cart/index.js';
import { catalogueQueries } from './catalog/index.js';
import { documentQueries } from './documents/index.js';
import { orderQueries } from './orders/index.js';
import { privacyQueries } from './privacy/index.js';
import { reviewQueries } from './reviews/index.js';
import { salesQueries } from './sales/index.js';
import { stockHistoryQueries } from './stockHistory/index.js';
import type { QueryFeature } from './queryFeature.js';

/** Every feature of the query side, in the order their routes are registered: a new feature is one line here. */
export const QUERY_FEATURES: readonly QueryFeature[] = [
  catalogueQueries,
  orderQueries,
  reviewQueries,
  cartQueries,
  documentQueries,
  stockHistoryQueries,
  privacyQueries,
  salesQueries,
];
