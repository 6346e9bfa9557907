import { z } from 'zod';
import type { LatestReviewDto, ReviewDto, ReviewsPage } from '@toolforge/contracts';

/** Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves. */
const reviewFields = {
  _id: z.string(),
  productId: z.string(),
  userName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  postedAt: z.string(),
};
const editedAt = z.string().optional();

// The optional field last: the serialiser writes it after the others whatever its place.
export const reviewDtoSchema = z.object({ ...reviewFields, editedAt }) satisfies z.ZodType<ReviewDto>;

export const reviewsPageSchema = z.object({
  reviews: z.array(reviewDtoSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<ReviewsPage>;

export const latestReviewsSchema = z.array(z.object({ ...reviewFields, productName: z.string(), editedAt })) satisfies z.ZodType<
  LatestReviewDto[]
>;
