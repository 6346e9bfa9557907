import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { validReviewBody } from '../testing/bodies.js';
import { postReviewSchema, removeReviewSchema, reviewsQuerySchema } from './reviews.js';

const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('postReviewSchema', () => {
  it('reads a rating given as a number or as the text a select sends, and trims the text', () => {
    expect(postReviewSchema.parse({ ...validReviewBody, rating: '5', text: '  Sharp\nand sturdy.  ' })).toEqual({
      productId: 'p-1',
      rating: 5,
      text: 'Sharp\nand sturdy.',
    });
    expect(postReviewSchema.parse(validReviewBody).rating).toBe(4);
  });

  it.each([0, 6, 2.5, '', 'four', '4.0', null, true])('refuses a rating of %j', (rating) => {
    expect(refusal(postReviewSchema.safeParse({ ...validReviewBody, rating }))).toBe(messages.reviewRating);
  });

  it('wants 10 to 1000 chars of plain text', () => {
    expect(refusal(postReviewSchema.safeParse({ ...validReviewBody, text: ' 123456789 ' }))).toBe(messages.reviewTextLength);
    expect(postReviewSchema.safeParse({ ...validReviewBody, text: 'x'.repeat(1000) }).success).toBe(true);
    expect(refusal(postReviewSchema.safeParse({ ...validReviewBody, text: 'x'.repeat(1001) }))).toBe(messages.reviewTextLength);
    expect(refusal(postReviewSchema.safeParse({ ...validReviewBody, text: 'Nice tool\u202E really' }))).toBe(
      messages.hiddenCharacters('Review', true),
    );
  });

  it('refuses a field it does not know', () => {
    expect(postReviewSchema.safeParse({ ...validReviewBody, userId: 'someone-else' }).success).toBe(false);
  });
});

describe('removeReviewSchema and reviewsQuerySchema', () => {
  it('wants a one-line reason of 1 to 200 chars', () => {
    expect(removeReviewSchema.parse({ reason: ' spam ' })).toEqual({ reason: 'spam' });
    expect(refusal(removeReviewSchema.safeParse({ reason: '  ' }))).toBe(messages.reviewRemovalReason);
    expect(refusal(removeReviewSchema.safeParse({}))).toBe(messages.reviewRemovalReason);
    expect(refusal(removeReviewSchema.safeParse({ reason: 'x'.repeat(201) }))).toBe(messages.reasonMax);
    expect(removeReviewSchema.safeParse({ reason: 'two\nlines' }).success).toBe(false);
  });

  it('pages a product’s reviews as /products is paged', () => {
    expect(reviewsQuerySchema.parse({ productId: 'p-1' })).toEqual({ productId: 'p-1', page: 0, size: 10 });
    expect(reviewsQuerySchema.parse({ productId: 'p-1', page: '2', size: '5' })).toEqual({ productId: 'p-1', page: 2, size: 5 });
    expect(reviewsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
