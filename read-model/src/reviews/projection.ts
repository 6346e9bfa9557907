import { REVIEW_LIMITS, type CustomerForgotten, type ReviewEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { ReviewWrite } from './writes.js';

/**
 * catalog.reviews → reviews and product_ratings: a posted review is listed and counted in its
 * product's stars; an edit changes its stars and text; a removed review is hidden, never erased,
 * and no longer counted.
 */
export function projectReviewEvent(event: StoredEvent<ReviewEvent>): ReviewWrite[] {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, productId, userId, userName, rating, text } = event.data;
      return [
        {
          kind: 'insertReview',
          review: {
            reviewId: plainField('reviewId', reviewId),
            productId: plainField('productId', productId),
            userId: plainField('userId', userId),
            userName: plainField('userName', userName),
            rating: stars(rating),
            text: plainField('text', text),
            postedAt: event.meta.occurredAt,
            logPosition: { partition: event.position.partition, offset: event.position.offset },
          },
        },
      ];
    }
    case 'ReviewEdited': {
      const { reviewId, productId, rating, text } = event.data;
      return [
        {
          kind: 'editReview',
          reviewId: plainField('reviewId', reviewId),
          productId: plainField('productId', productId),
          rating: stars(rating),
          text: plainField('text', text),
          at: event.meta.occurredAt,
        },
      ];
    }
    case 'ReviewRemoved': {
      const { reviewId, productId } = event.data;
      return [
        {
          kind: 'removeReview',
          reviewId: plainField('reviewId', reviewId),
          productId: plainField('productId', productId),
          at: event.meta.occurredAt,
        },
      ];
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** identity.users → reviews: an erased customer's reviews keep their stars, and their name and words read as they do once the key is gone. */
export function projectForgottenReviewer(event: StoredEvent<CustomerForgotten>): ReviewWrite[] {
  return [{ kind: 'forgetReviewer', userId: event.data.uid }];
}

/** Stars go into a product's sum: a value that is no whole number of stars would corrupt its average for good. */
function stars(rating: unknown): number {
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < REVIEW_LIMITS.ratingMin || rating > REVIEW_LIMITS.ratingMax)
    throw new Error(
      `a review's rating is no whole number of stars from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} (${String(rating)})`,
    );
  return rating;
}

/** A field the review's row keeps as text: anything else is refused (to the dead letters) rather than stored as something else. */
function plainField(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`a review's ${field} is no text`);
  return value;
}
