import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER } from '@toolforge/contracts';
import { productAdded, reviewEdited, reviewPosted, reviewRemoved, userSignedIn } from '@toolforge/contracts/testing';
import { useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { expectForgottenAsRebuilt } from '../testing/forgetting.js';

describe('an erased customer’s reviews', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise' });
  const saw = productAdded({ productId: 'p-saw', name: 'Hand Saw' });
  const byAda = { userId: 'u-ada', userName: 'Ada Lovelace' };
  const edited = reviewPosted(vise.data, { reviewId: 'r-ada-vise', rating: 5, text: 'My husband Charles loves it.', ...byAda });
  const removed = reviewPosted(saw.data, { reviewId: 'r-ada-saw', rating: 1, text: 'Call me on 0113 496 0000.', ...byAda });
  const bos = reviewPosted(vise.data, { reviewId: 'r-bo', userId: 'u-bo', userName: 'Bo Builder', rating: 3, text: 'Does the job.' });
  const history = [
    vise,
    saw,
    userSignedIn({ uid: 'u-ada', name: 'Ada Lovelace' }),
    edited,
    removed,
    bos,
    reviewEdited(edited.data, { rating: 4, text: 'Charles and I still love it, two years on.' }),
    reviewRemoved(removed.data),
  ];
  const tables = { reviews: 'review_id', product_ratings: 'product_id', users: 'uid' };

  it('keep their stars; their name and words, removed reviews’ too, read as a rebuild after the erasure reads them', async () => {
    const rows = await expectForgottenAsRebuilt(readModel, history, 'u-ada', tables);
    expect((rows.reviews as Record<string, unknown>[]).map((r) => [r.review_id, r.user_name, r.text, r.rating])).toEqual([
      ['r-ada-saw', FORMER_CUSTOMER, '', 1],
      ['r-ada-vise', FORMER_CUSTOMER, '', 4],
      ['r-bo', 'Bo Builder', 'Does the job.', 3],
    ]);
    // The products' stars are the same: the removed review counts in neither.
    expect((rows.product_ratings as Record<string, unknown>[]).map((p) => [p.product_id, p.review_count, p.rating_sum])).toEqual([
      ['p-saw', 0, 0],
      ['p-vise', 2, 7],
    ]);
  });
});
