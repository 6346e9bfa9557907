import type { PostReviewInput, PostReviewResponse } from '@toolforge/contracts';
import { command } from '../../api/command';

export const reviewCommands = {
  /** Without a position when the post repeated the review as it stands. */
  postReview: command<[body: PostReviewInput], PostReviewResponse>((body) => ({ method: 'POST', path: '/review', body })),
};
