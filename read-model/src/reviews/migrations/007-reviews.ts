import type { Migration } from '@toolforge/platform/sql';

/**
 * - reviews: one row per review, as posted and last edited; `removed_at` hides a removed one. The
 *   log position breaks ties between reviews posted in the same millisecond, for a stable "newest
 *   first"; one index serves a product's list, another the home page's latest.
 * - product_ratings: each product's count of reviews that are up and the sum of their stars (the
 *   average is sum / count). Kept apart from products, like product_reservations, because reviews
 *   and products are different topics projected in no fixed order: a review may be projected before
 *   its product, and adding to a counter commutes.
 */
export const createReviews: Migration = {
  version: 7,
  ddl: `
  create table reviews (
    review_id text primary key,
    product_id text not null,
    user_id text not null,
    user_name text not null,
    rating smallint not null,
    text text not null,
    posted_at timestamptz not null,
    edited_at timestamptz,
    removed_at timestamptz,
    log_partition integer not null,
    log_offset bigint not null
  );
  create index reviews_of_product on reviews (product_id, posted_at desc, log_partition desc, log_offset desc) where removed_at is null;
  create index reviews_newest on reviews (posted_at desc, log_partition desc, log_offset desc) where removed_at is null;

  create table product_ratings (
    product_id text primary key,
    review_count integer not null,
    rating_sum integer not null
  );
  `,
};
