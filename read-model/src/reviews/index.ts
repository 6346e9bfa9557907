import { readModelFeature } from '../feature.js';
import { REVIEWS_AREA } from './answers.js';
import { projectForgottenReviewer, projectReviewEvent } from './projection.js';
import { sqlReviewReader } from './reviewReads.js';
import { REVIEW_TABLES } from './tables.js';
import { reviewWrites } from './writes.js';

/**
 * The reviews in the read model: each review as posted, edited or removed, and each product's stars;
 * an erased customer's (CustomerForgotten, the accounts' event) without their name and words.
 */
export const reviewsReadModel = readModelFeature({
  name: 'reviews',
  events: ['ReviewPosted', 'ReviewEdited', 'ReviewRemoved'],
  project: projectReviewEvent,
  follows: { events: ['CustomerForgotten'], project: projectForgottenReviewer },
  writes: reviewWrites,
  tables: REVIEW_TABLES,
  cacheAreas: { reviews: REVIEWS_AREA },
  reads: sqlReviewReader,
});
