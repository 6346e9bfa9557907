import { TOPICS, type PostReviewCommand } from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import { NothingDecided, aggregateOf, type Aggregate, type CommandHandler } from '../shared/commandHandler.js';
import { reviewDecider, type PostReview, type ReviewCommand } from './decide.js';
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
  private readonly aggregate: Aggregate<ReviewCommand, ReviewState | undefined, ReturnType<typeof reviewDecider.decide>[number]>;

  constructor(private readonly deps: ReviewsDeps) {
    this.aggregate = aggregateOf(reviewDecider, TOPICS.reviews, (command) => command.data.reviewId, deps.reviews);
  }

  /**
   * The customer's review of the product: their current one is edited, else a new one is posted.
   * What the post is decided on is read at its turn, so two posts at once are one review and an edit.
   */
  postReview(userId: string, review: PostReviewCommand): Promise<PostedReview> {
    const { handler, products, reviews, delivered, customerName } = this.deps;
    return handler.run(async (decide) => {
      const reviewId = reviews.currentOf(userId, review.productId) ?? handler.newId();
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
      try {
        const { position } = await decide(this.aggregate, command, { actor: userId });
        return { reviewId, position };
      } catch (error) {
        if (error instanceof NothingDecided) return { reviewId };
        throw error;
      }
    });
  }

  async removeReview(actor: string, reviewId: string, reason: string): Promise<{ position: string }> {
    const { position } = await this.deps.handler.handle(this.aggregate, { type: 'RemoveReview', data: { reviewId, reason } }, { actor });
    return { position };
  }
}
