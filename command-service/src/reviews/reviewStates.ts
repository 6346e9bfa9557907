import { StatesById } from '../shared/statesById.js';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import { evolveReview, type ReviewFact, type ReviewState } from './review.js';

const pairKey = (userId: string, productId: string) => `${userId}\u0000${productId}`;

/**
 * The write model's reviews, by id, and each customer's current review of each product: a post
 * edits that one, and after its removal the customer's next post starts a new review.
 */
export class ReviewStates implements WriteModelPart {
  private readonly reviews = new StatesById<ReviewState | undefined, ReviewFact>(
    ['ReviewPosted', 'ReviewEdited', 'ReviewRemoved'],
    (fact) => fact.data.reviewId,
    { evolve: evolveReview, initialState: () => undefined },
  );
  /** (customer, product) → the id of their review that is up. */
  private readonly current = new Map<string, string>();

  apply(event: ModelEvent): void {
    this.reviews.apply(event);
    if (event.type === 'ReviewPosted') this.current.set(pairKey(event.data.userId, event.data.productId), event.data.reviewId);
    if (event.type === 'ReviewRemoved') {
      const key = pairKey(event.data.userId, event.data.productId);
      if (this.current.get(key) === event.data.reviewId) this.current.delete(key);
    }
  }

  clear(): void {
    this.reviews.clear();
    this.current.clear();
  }

  get(reviewId: string): ReviewState | undefined {
    return this.reviews.get(reviewId);
  }

  /** The id of `userId`'s review of `productId` that is up, if they have one. */
  currentOf(userId: string, productId: string): string | undefined {
    return this.current.get(pairKey(userId, productId));
  }
}
