import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform/sql';
import { recordReader } from '../shared/driverRecord.js';

/** A review as the query side reads it. */
export interface ReviewView {
  readonly reviewId: string;
  readonly productId: string;
  readonly userName: string;
  readonly rating: number;
  readonly text: string;
  readonly postedAt: string;
  readonly editedAt: string | null;
}

/** A latest review, with the name of its product (a product since deleted keeps its reviews off the home page). */
export interface LatestReviewView extends ReviewView {
  readonly productName: string;
}

/** The reviews' reads: reviews that are up, newest first. */
export interface ReviewReader {
  listReviews(productId: string, slice: Slice): Promise<ReviewView[]>;
  countReviews(productId: string): Promise<number>;
  latestReviews(limit: number): Promise<LatestReviewView[]>;
  /** Every review a customer wrote, taken down by an admin or not, newest first: what the shop holds of them (GET /me/data). */
  reviewsBy(userId: string): Promise<ReviewView[]>;
}

const REVIEW_COLUMNS = `
  v.review_id as "reviewId", v.product_id as "productId", v.user_name as "userName", v.rating, v.text,
  v.posted_at as "postedAt", v.edited_at as "editedAt"`;
const NEWEST_FIRST = 'v.posted_at desc, v.log_partition desc, v.log_offset desc';

const orNull = (value: unknown) => (value === null || value === undefined ? null : isoTime(value));
const toReviewView = recordReader<ReviewView>()({ rating: Number, postedAt: isoTime, editedAt: orNull });
const toLatestReviewView = recordReader<LatestReviewView>()({ rating: Number, postedAt: isoTime, editedAt: orNull });
type ReviewRecord = Parameters<typeof toReviewView>[0];
type LatestReviewRecord = Parameters<typeof toLatestReviewView>[0];

/** The reviews' reads on the read model's tables (reviews/tables.ts). */
export function sqlReviewReader(sql: SqlQueryable): ReviewReader {
  return {
    async listReviews(productId, slice) {
      const result = await sql.query<ReviewRecord>(
        `select ${REVIEW_COLUMNS} from reviews v where v.product_id = $1 and v.removed_at is null order by ${NEWEST_FIRST} limit $2 offset $3`,
        [productId, slice.limit, slice.offset],
      );
      return result.rows.map(toReviewView);
    },
    async countReviews(productId) {
      const result = await sql.query<{ count: unknown }>(
        'select count(*) as count from reviews where product_id = $1 and removed_at is null',
        [productId],
      );
      return Number(result.rows[0]!.count);
    },
    async latestReviews(limit) {
      // Newest first through reviews_newest; a review of a product not (or no longer) listed is skipped.
      const result = await sql.query<LatestReviewRecord>(
        `select ${REVIEW_COLUMNS}, p.name as "productName"
           from reviews v join products p on p.product_id = v.product_id and p.deleted_at is null
          where v.removed_at is null order by ${NEWEST_FIRST} limit $1`,
        [limit],
      );
      return result.rows.map(toLatestReviewView);
    },
    async reviewsBy(userId) {
      // Asked rarely (a customer's copy of their data, docs/read-model.md#forgetting-a-customer): no index by customer is kept for it.
      const result = await sql.query<ReviewRecord>(
        `select ${REVIEW_COLUMNS} from reviews v where v.user_id = $1 order by ${NEWEST_FIRST}`,
        [userId],
      );
      return result.rows.map(toReviewView);
    },
  };
}
