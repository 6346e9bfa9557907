import { TOPICS, type PostReviewCommand } from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import { appendedAt, streamOf, type CommandHandler, type Stream } from '../shared/commandHandler.js';
import { reviewDecider, type PostReview } from './decide.js';
import type { DeliveredPurchases } from './deliveredPurchases.js';
import type { ReviewState } from './review.js';
import type { ReviewStates } from './reviewStates.js';

export interface ReviewsDeps {
  handler: CommandHandler;
  products: ProductStates;
  reviews: ReviewStates;
  delivered: DeliveredPurchases;
  /** The name the shop knows a customer by, from their sign-in. */
  customerName: (uid: string) => string;
}

export interface PostedReview {
  reviewId: string;
  /** Absent when the post repeated the review as it stands: nothing was appended. */
  position?: string;
}

/** Customers who received a product review it (and edit their review); admins take reviews down. */
export class Reviews {
  constructor(private readonly deps: ReviewsDeps) {}

  /**
   * The customer's review of the product: their current one is edited, else a new one is posted.
   * What the post is decided on is read at its turn, so two posts at once are one review and an edit.
   */
  async postReview(userId: string, review: PostReviewCommand): Promise<PostedReview> {
    const { handler, products, reviews, delivered, customerName } = this.deps;
    const posted = await handler.handle(
      () => this.stream(reviews.currentOf(userId, review.productId) ?? handler.newId()),
      (state, reviewId) => {
        const product = products.get(review.productId);
        const command: PostReview = {
          type: 'PostReview',
          data: {
            reviewId,
            productId: review.productId,
            userId,
            userName: customerName(userId),
            rating: review.rating,
            text: review.text,
            product: !product ? 'unknown' : product.deleted ? 'deleted' : 'listed',
            delivered: delivered.received(userId, review.productId),
          },
        };
        return reviewDecider.decide(command, state);
      },
      { actor: userId },
    );
    // Without a position when the post repeated the review as it stands.
    return posted.position === undefined ? { reviewId: posted.streamId } : { reviewId: posted.streamId, position: posted.position };
  }

  async removeReview(actor: string, reviewId: string, reason: string): Promise<{ position: string }> {
    const removed = await this.deps.handler.handle(
      this.stream(reviewId),
      (state) => reviewDecider.decide({ type: 'RemoveReview', data: { reviewId, reason } }, state),
      { actor },
    );
    return { position: appendedAt(removed) };
  }

  private stream(reviewId: string): Stream<ReviewState | undefined> {
    return streamOf(TOPICS.reviews, reviewId, this.deps.reviews);
  }
}
