import { messages, type ReviewEdited, type ReviewPosted, type ReviewRemoved } from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveReview, type ReviewFact, type ReviewState } from './review.js';

/**
 * A customer posts their review of a product, or edits the one they have. What the write model
 * knows at the command's turn comes with it, as a cancellation carries the caller's role: whether
 * the product is listed, and whether an order of it was delivered to this customer.
 */
export type PostReview = {
  type: 'PostReview';
  data: {
    reviewId: string;
    productId: string;
    userId: string;
    userName: string;
    rating: number;
    text: string;
    product: 'listed' | 'deleted' | 'unknown';
    delivered: boolean;
  };
};
/** An admin takes a review down. */
export type RemoveReview = { type: 'RemoveReview'; data: { reviewId: string; reason: string } };
export type ReviewCommand = PostReview | RemoveReview;
export type ReviewDecided = Decided<ReviewPosted | ReviewEdited | ReviewRemoved>;

/**
 * Only a customer who received the product may review it (a verified review); a product no longer
 * listed takes no new words. The first post is the review, a later one edits it; a post that
 * repeats the review as it stands decides nothing. A removed review stays removed: its customer's
 * next post is a new review, on a new stream.
 */
export function decideReview(command: ReviewCommand, state: ReviewState | undefined): ReviewDecided[] {
  switch (command.type) {
    case 'PostReview': {
      const { reviewId, productId, userId, userName, rating, text, product, delivered } = command.data;
      if (product !== 'listed') throw new CommandRejected('not-found', messages.productNotFound);
      if (!delivered) throw new CommandRejected('forbidden', messages.reviewNotDelivered);
      if (!state) return [{ type: 'ReviewPosted', data: { reviewId, productId, userId, userName, rating, text } }];
      // The use case names the customer's current review: another's, or a removed one, is a fault of its caller.
      if (state.removed || state.userId !== userId || state.productId !== productId) {
        throw new CommandRejected('conflict', messages.concurrentUpdate);
      }
      if (state.rating === rating && state.text === text) return [];
      return [{ type: 'ReviewEdited', data: { reviewId, productId, userId, rating, text } }];
    }
    case 'RemoveReview': {
      if (!state || state.removed) throw new CommandRejected('not-found', messages.reviewNotFound);
      const { reviewId, productId, userId } = state;
      return [{ type: 'ReviewRemoved', data: { reviewId, productId, userId, reason: command.data.reason } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A review is decided on its own stream's state. */
export const reviewDecider: Decider<ReviewState | undefined, ReviewCommand, ReviewDecided, ReviewFact> = {
  decide: decideReview,
  evolve: evolveReview,
  initialState: () => undefined,
};
