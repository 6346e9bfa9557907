import { forgottenValue } from '@toolforge/contracts';
import type { LogSortKey, SqlQueryable } from '@toolforge/platform/sql';
import { CATALOGUE_AREA } from '../catalog/answers.js';
import { REVIEWS_AREA } from './answers.js';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** A review as the projector records it when it is posted. */
export interface ReviewRow {
  readonly reviewId: string;
  readonly productId: string;
  readonly userId: string;
  readonly userName: string;
  readonly rating: number;
  readonly text: string;
  readonly postedAt: string;
  readonly logPosition: LogSortKey;
}

/** What the reviews' events ask of the reviews tables. */
export type ReviewWrite =
  | { readonly kind: 'insertReview'; readonly review: ReviewRow }
  | {
      readonly kind: 'editReview';
      readonly reviewId: string;
      readonly productId: string;
      readonly rating: number;
      readonly text: string;
      readonly at: string;
    }
  | { readonly kind: 'removeReview'; readonly reviewId: string; readonly productId: string; readonly at: string }
  | { readonly kind: 'forgetReviewer'; readonly userId: string };

const review = (reviewId: string): RowKey => ({ table: 'reviews', keyColumn: 'review_id', key: reviewId });
const rating = (productId: string): RowKey => ({ table: 'product_ratings', keyColumn: 'product_id', key: productId });
const reviewsBy = (userId: string): RowKey => ({ table: 'reviews', keyColumn: 'user_id', key: userId });

/*
 * Each write changes a review and its product's counters in one statement. An edit or a removal
 * says only the review's new stars (or none), so what it takes off the product's sum is the
 * review's row as it stood: the counters are moved by the statement that reads and changes that
 * row, and every write of product_ratings is a review write, applied in the reviews' order. The
 * counters themselves only add, so a review projected before its product (another topic) counts.
 * Each write is safe to repeat: a repeated post inserts nothing, a repeated edit moves the sum by
 * nothing, a repeated removal finds no review that is up.
 */

async function insertReview(tx: SqlQueryable, { review: r }: { review: ReviewRow }): Promise<void> {
  await tx.query(
    `with inserted as (
       insert into reviews (review_id, product_id, user_id, user_name, rating, text, posted_at, log_partition, log_offset)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (review_id) do nothing
       returning product_id, rating
     )
     insert into product_ratings (product_id, review_count, rating_sum) select product_id, 1, rating from inserted
     on conflict (product_id) do update
       set review_count = product_ratings.review_count + 1, rating_sum = product_ratings.rating_sum + excluded.rating_sum`,
    [r.reviewId, r.productId, r.userId, r.userName, r.rating, r.text, r.postedAt, r.logPosition.partition, r.logPosition.offset],
  );
}

async function editReview(tx: SqlQueryable, write: { reviewId: string; rating: number; text: string; at: string }): Promise<void> {
  // Every part of one statement sees the rows as they were before it: `before` is the review as it stood.
  await tx.query(
    `with before as (
       select product_id, rating from reviews where review_id = $1 and removed_at is null
     ), edited as (
       update reviews set rating = $2::smallint, text = $3, edited_at = $4 where review_id = $1 and removed_at is null returning review_id
     )
     update product_ratings p set rating_sum = p.rating_sum + $2::smallint - before.rating
       from before where p.product_id = before.product_id and exists (select 1 from edited)`,
    [write.reviewId, write.rating, write.text, write.at],
  );
}

async function removeReview(tx: SqlQueryable, write: { reviewId: string; at: string }): Promise<void> {
  await tx.query(
    `with before as (
       select product_id, rating from reviews where review_id = $1 and removed_at is null
     ), removed as (
       update reviews set removed_at = $2 where review_id = $1 and removed_at is null returning review_id
     )
     update product_ratings p set review_count = p.review_count - 1, rating_sum = p.rating_sum - before.rating
       from before where p.product_id = before.product_id and exists (select 1 from removed)`,
    [write.reviewId, write.at],
  );
}

/**
 * The reviews' writes in SQL. Their table is reviews: product_ratings moves with it, in the same
 * statement (see above). The reviews' answers go stale with any of them, and so do the
 * catalogue's, which show each product's stars.
 */
export const reviewWrites: RowWriteHandlers<ReviewWrite> = {
  insertReview: {
    stale: [REVIEWS_AREA, CATALOGUE_AREA],
    table: 'reviews',
    rows: (write) => [review(write.review.reviewId), rating(write.review.productId)],
    apply: insertReview,
  },
  editReview: {
    stale: [REVIEWS_AREA, CATALOGUE_AREA],
    table: 'reviews',
    rows: (write) => [review(write.reviewId), rating(write.productId)],
    apply: editReview,
  },
  removeReview: {
    stale: [REVIEWS_AREA, CATALOGUE_AREA],
    table: 'reviews',
    rows: (write) => [review(write.reviewId), rating(write.productId)],
    apply: removeReview,
  },
  forgetReviewer: {
    // The stars stay: the products' ratings do not move, only the reviews' answers, which show the name and text.
    stale: [REVIEWS_AREA],
    table: 'reviews',
    rows: (write) => [reviewsBy(write.userId)],
    async apply(tx, write) {
      // As the customer's ReviewPosted and ReviewEdited read once the key is destroyed (contracts'
      // forgottenValue), removed reviews too, so that a read model built again from the log holds the same rows.
      await tx.query('update reviews set user_name = $2, text = $3 where user_id = $1', [
        write.userId,
        forgottenValue('userName'),
        forgottenValue('text'),
      ]);
    },
  },
};
