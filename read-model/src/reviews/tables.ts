import type { ReadModelTables } from '@toolforge/platform/sql';
import { createReviews } from './migrations/007-reviews.js';

/**
 * The reviews' tables, which the projector fills and the reviews' and catalogue's reads answer
 * from: the reviews, and each product's count and sum of stars. Each migration is a file of
 * migrations/ named by its version; a new column is a new file there, with the next free version
 * (docs/read-model.md).
 */
export const REVIEW_TABLES: ReadModelTables = {
  owner: 'the reviews',
  migrations: [createReviews],
  tables: ['reviews', 'product_ratings'],
};
