import type { ReviewEvent } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** What the command side knows of one review: whose it is, what it says now, whether it was taken down. */
export interface ReviewState {
  readonly reviewId: string;
  readonly productId: string;
  readonly userId: string;
  readonly rating: number;
  readonly text: string;
  readonly removed: boolean;
}

export type ReviewFact = Decided<ReviewEvent>;

export function evolveReview(state: ReviewState | undefined, event: ReviewFact): ReviewState | undefined {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, productId, userId, rating, text } = event.data;
      return { reviewId, productId, userId, rating, text, removed: false };
    }
    case 'ReviewEdited':
      return state && { ...state, rating: event.data.rating, text: event.data.text };
    case 'ReviewRemoved':
      return state && { ...state, removed: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
