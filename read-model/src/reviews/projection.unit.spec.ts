import { describe, expect, it } from 'vitest';
import type { ReviewPosted } from '@toolforge/contracts';
import { reviewEdited, reviewPosted, reviewRemoved } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { project, projectOrRefuse } from '../projection.js';

const product = { productId: 'p-1' };

describe('reviews projection', () => {
  it('lists a posted review with its stars, its customer’s name and where it sits in the log', () => {
    const event = reviewPosted(
      product,
      { reviewId: 'r-1', userId: 'u-1', userName: 'Ada', rating: 5, text: 'Great.\nReally.' },
      {
        occurredAt: '2026-05-01T10:00:00.000Z',
      },
    );
    expect(project(stored(event, 7))).toEqual([
      {
        kind: 'insertReview',
        review: {
          reviewId: 'r-1',
          productId: 'p-1',
          userId: 'u-1',
          userName: 'Ada',
          rating: 5,
          text: 'Great.\nReally.',
          postedAt: '2026-05-01T10:00:00.000Z',
          logPosition: { partition: 0, offset: 7 },
        },
      },
    ]);
  });

  it('edits the stars and text of a review, as of the edit, and hides a removed one', () => {
    const review = { reviewId: 'r-1', productId: 'p-1', userId: 'u-1' };
    expect(
      project(stored(reviewEdited(review, { rating: 2, text: 'Worse now.' }, { occurredAt: '2026-05-02T00:00:00.000Z' }), 8, 2)),
    ).toEqual([{ kind: 'editReview', reviewId: 'r-1', productId: 'p-1', rating: 2, text: 'Worse now.', at: '2026-05-02T00:00:00.000Z' }]);
    expect(project(stored(reviewRemoved(review, 'spam', { occurredAt: '2026-05-03T00:00:00.000Z' }), 9, 3))).toEqual([
      { kind: 'removeReview', reviewId: 'r-1', productId: 'p-1', at: '2026-05-03T00:00:00.000Z' },
    ]);
  });

  it.each([0, 6, 3.5, Number.NaN, '4', null])('refuses a review whose rating is %s: it would corrupt the product’s average', (rating) => {
    const event = reviewPosted(product, { rating: rating as number });
    expect(projectOrRefuse(stored(event, 1))).toMatchObject({ writes: [], refused: expect.stringContaining('no whole number of stars') });
    const edit = reviewEdited({ reviewId: 'r-1', productId: 'p-1', userId: 'u-1' }, { rating: rating as number });
    expect(projectOrRefuse(stored(edit, 2))).toMatchObject({ writes: [], refused: expect.stringContaining('no whole number of stars') });
  });

  it('refuses a review whose text fields are no text', () => {
    const hostile = reviewPosted(product, { text: { $gt: '' } as unknown as string }) satisfies ReviewPosted;
    expect(projectOrRefuse(stored(hostile, 1))).toMatchObject({ writes: [], refused: expect.stringContaining("review's text is no text") });
    const noProduct = reviewRemoved({ reviewId: 'r-1', productId: 7 as unknown as string, userId: 'u-1' });
    expect(projectOrRefuse(stored(noProduct, 2))).toMatchObject({
      writes: [],
      refused: expect.stringContaining("review's productId is no text"),
    });
  });
});
