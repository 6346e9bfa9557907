import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { id, personName, positive, reason, text } from '../eventFields.js';

/** Review texts are checked by their own schema (reviews/limits.ts); this bound only keeps them finite. */
const REVIEW_TEXT_BOUND = 10_000;

/**
 * The reviews: each review's events, on its own stream (the review's id) of catalog.reviews. One
 * review per customer and product at a time; a second post edits it, an admin may remove it.
 */
export const reviewEvents = featureEvents(
  { topicName: 'reviews', topic: 'catalog.reviews', streamKey: 'reviewId' },
  {
    ReviewPosted: z.strictObject({
      reviewId: id(),
      productId: id(),
      userId: id(LIMITS.uid),
      userName: personName,
      rating: positive.max(5),
      text: text(REVIEW_TEXT_BOUND, true),
    }),
    ReviewEdited: z.strictObject({
      reviewId: id(),
      productId: id(),
      userId: id(LIMITS.uid),
      rating: positive.max(5),
      text: text(REVIEW_TEXT_BOUND, true),
    }),
    ReviewRemoved: z.strictObject({ reviewId: id(), productId: id(), userId: id(LIMITS.uid), reason }),
  },
);

/**
 * A customer's verified review of a product they received (its stream is the review's id): one
 * review per customer and product at a time; a second post edits it, an admin may remove it.
 */
export type ReviewPosted = EventOf<typeof reviewEvents, 'ReviewPosted'>;
export type ReviewEdited = EventOf<typeof reviewEvents, 'ReviewEdited'>;
/** An admin took a review down; its customer may then post a new one (a new stream). */
export type ReviewRemoved = EventOf<typeof reviewEvents, 'ReviewRemoved'>;
export type ReviewEvent = EventsOf<typeof reviewEvents>;
