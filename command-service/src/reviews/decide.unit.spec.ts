import { describe, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { deciderSpec, fact } from '../test/deciderSpec.js';
import { reviewDecider, type PostReview } from './decide.js';

// A review is decided on its own stream: the Given events are the review's history.
const spec = deciderSpec(reviewDecider);

const review = { reviewId: 'r1', productId: 'p1', userId: 'u1' };
const posted = fact({ type: 'ReviewPosted', data: { ...review, userName: 'Ada', rating: 4, text: 'Sharp and sturdy.' } } as const);
const edited = fact({ type: 'ReviewEdited', data: { ...review, rating: 2, text: 'Blunt after a month.' } } as const);
const removed = fact({ type: 'ReviewRemoved', data: { ...review, reason: 'off-topic' } } as const);

const post = (data: Partial<PostReview['data']> = {}): PostReview => ({
  type: 'PostReview',
  data: { ...review, userName: 'Ada', rating: 4, text: 'Sharp and sturdy.', product: 'listed', delivered: true, ...data },
});

describe('review decider: a customer posts or edits their review', () => {
  it('posts the first review of a product delivered to the customer', () => {
    spec
      .given([])
      .when(post())
      .then([{ type: 'ReviewPosted', data: { ...review, userName: 'Ada', rating: 4, text: 'Sharp and sturdy.' } }]);
  });

  it('edits the review on a later post that changes its stars or text', () => {
    spec
      .given([posted])
      .when(post({ rating: 2, text: 'Blunt after a month.' }))
      .then([{ type: 'ReviewEdited', data: { ...review, rating: 2, text: 'Blunt after a month.' } }]);
    spec
      .given([posted, edited])
      .when(post({ rating: 2, text: 'Blunt after two months.' }))
      .then([{ type: 'ReviewEdited', data: { ...review, rating: 2, text: 'Blunt after two months.' } }]);
  });

  it('decides nothing for a post that repeats the review as it stands', () => {
    spec.given([posted]).when(post()).then([]);
    spec
      .given([posted, edited])
      .when(post({ rating: 2, text: 'Blunt after a month.' }))
      .then([]);
  });

  it('refuses a customer without a delivered order of the product (403)', () => {
    spec
      .given([])
      .when(post({ delivered: false }))
      .thenRejects('forbidden', messages.reviewNotDelivered);
    spec
      .given([posted])
      .when(post({ delivered: false, rating: 1 }))
      .thenRejects('forbidden', messages.reviewNotDelivered);
  });

  it.each(['unknown', 'deleted'] as const)('refuses a product that is %s (404), before asking about deliveries', (product) => {
    spec
      .given([])
      .when(post({ product, delivered: false }))
      .thenRejects('not-found', messages.productNotFound);
  });

  it('refuses to edit a removed review in place: the use case posts a new one instead', () => {
    spec
      .given([posted, removed])
      .when(post({ rating: 5 }))
      .thenRejects('conflict', messages.concurrentUpdate);
  });
});

describe('review decider: an admin removes a review', () => {
  it('removes a review that is up, with the reason, naming its product and customer', () => {
    spec
      .given([posted, edited])
      .when({ type: 'RemoveReview', data: { reviewId: 'r1', reason: 'spam' } })
      .then([{ type: 'ReviewRemoved', data: { ...review, reason: 'spam' } }]);
  });

  it('refuses an unknown or already removed review (404)', () => {
    spec
      .given([])
      .when({ type: 'RemoveReview', data: { reviewId: 'r1', reason: 'spam' } })
      .thenRejects('not-found', messages.reviewNotFound);
    spec
      .given([posted, removed])
      .when({ type: 'RemoveReview', data: { reviewId: 'r1', reason: 'spam' } })
      .thenRejects('not-found', messages.reviewNotFound);
  });
});
