import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatestReviewDto, ProductDto, ReviewsPage } from '@toolforge/contracts';
import { productAdded, reviewEdited, reviewPosted, reviewRemoved } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** GET /reviews and /latestreviews, and a product's stars on /product/:id, /products and /homeproducts, on a stack. */
export function describeReviewQueries(stack: QueryStack): void {
  describe(`review queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    let customer: string;
    const hammer = productAdded({ name: 'Claw Hammer' });
    const drill = productAdded({ name: 'Cordless Drill' });
    const bare = productAdded({ name: 'Unreviewed Saw' });
    const day = (n: number) => ({ occurredAt: `2026-05-${String(n).padStart(2, '0')}T10:00:00.000Z` });
    const first = reviewPosted(
      hammer.data,
      { reviewId: 'r-1', userId: 'ada', userName: 'Ada', rating: 5, text: 'Perfect balance.' },
      day(1),
    );
    const second = reviewPosted(hammer.data, { reviewId: 'r-2', userId: 'bo', userName: 'Bo', rating: 4 }, day(2));
    const third = reviewPosted(hammer.data, { reviewId: 'r-3', userId: 'cy', userName: 'Cy', rating: 1 }, day(3));
    const onDrill = reviewPosted(drill.data, { reviewId: 'r-4', userId: 'ada', userName: 'Ada', rating: 3 }, day(4));

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      customer = shop.token({ uid: 'u-ada' });
      await shop.append(hammer, drill, bare, first, second, third, onDrill);
      await shop.append(reviewEdited(second.data, { rating: 2, text: 'Handle cracked.' }, day(5)), reviewRemoved(third.data));
      await shop.project();
    });
    afterAll(() => shop.close());

    it('answers anyone a product’s reviews that are up, newest first, with names but never uids', async () => {
      const response = await shop.get(`/reviews?productId=${hammer.data.productId}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<ReviewsPage>();
      expect(page).toMatchObject({ page: 0, size: 10, total: 2 });
      expect(page.reviews).toEqual([
        {
          _id: 'r-2',
          productId: hammer.data.productId,
          userName: 'Bo',
          rating: 2,
          text: 'Handle cracked.',
          postedAt: '2026-05-02T10:00:00.000Z',
          editedAt: '2026-05-05T10:00:00.000Z',
        },
        {
          _id: 'r-1',
          productId: hammer.data.productId,
          userName: 'Ada',
          rating: 5,
          text: 'Perfect balance.',
          postedAt: '2026-05-01T10:00:00.000Z',
        },
      ]);
      expect(response.body).not.toContain('"userId"');
    });

    it('pages the reviews', async () => {
      const page = async (query: string) =>
        (await shop.get(`/reviews?productId=${hammer.data.productId}&${query}`)).json<ReviewsPage>().reviews.map((r) => r._id);
      expect(await page('page=0&size=1')).toEqual(['r-2']);
      expect(await page('page=1&size=1')).toEqual(['r-1']);
      expect(await page('page=2&size=1')).toEqual([]);
    });

    it.each([
      ['no product', ''],
      ['a page that is no number', 'productId=p&page=x'],
      ['a size of 0', 'productId=p&size=0'],
      ['a field it does not know', 'productId=p&sort=rating'],
    ])('refuses %s (400)', async (_, query) => {
      const response = await shop.get(`/reviews?${query}`);
      expect(response.statusCode).toBe(400);
    });

    it('answers an unknown product with no reviews', async () => {
      const response = await shop.get('/reviews?productId=no-such-product');
      expect(response.json()).toEqual({ reviews: [], page: 0, size: 10, total: 0 });
    });

    it('shows a product’s average to one decimal and its count, null while it has none', async () => {
      const product = async (id: string) => (await shop.get(`/product/${id}`, { token: customer })).json<ProductDto>();
      // Hammer: 5 and 2 are up (the 1 was removed, the 4 edited to 2): 3.5.
      expect(await product(hammer.data.productId)).toMatchObject({ averageRating: 3.5, reviewCount: 2 });
      expect(await product(drill.data.productId)).toMatchObject({ averageRating: 3, reviewCount: 1 });
      expect(await product(bare.data.productId)).toMatchObject({ averageRating: null, reviewCount: 0 });
      const listed = async (url: string, token?: string) =>
        Object.fromEntries((await shop.get(url, { token })).json<ProductDto[]>().map((p) => [p.name, [p.averageRating, p.reviewCount]]));
      const expected = { 'Claw Hammer': [3.5, 2], 'Cordless Drill': [3, 1], 'Unreviewed Saw': [null, 0] };
      expect(await listed('/products', customer)).toEqual(expected);
      expect(await listed('/homeproducts')).toEqual(expected);
    });

    it('answers the latest reviews for the home page, with their products’ names', async () => {
      const response = await shop.get('/latestreviews');
      expect(response.statusCode).toBe(200);
      expect(response.json<LatestReviewDto[]>().map((review) => [review._id, review.productName])).toEqual([
        ['r-4', 'Cordless Drill'],
        ['r-2', 'Claw Hammer'],
        ['r-1', 'Claw Hammer'],
      ]);
    });

    it('answers anew once a review is posted (the reviews and catalogue answers go stale)', async () => {
      expect((await shop.get(`/reviews?productId=${drill.data.productId}`)).json<ReviewsPage>().total).toBe(1);
      await shop.get('/homeproducts');
      await shop.append(reviewPosted(drill.data, { reviewId: 'r-5', userId: 'bo', rating: 5 }, day(6)));
      await shop.project();
      expect((await shop.get(`/reviews?productId=${drill.data.productId}`)).json<ReviewsPage>().total).toBe(2);
      expect((await shop.get('/latestreviews')).json<LatestReviewDto[]>()[0]!._id).toBe('r-5');
      const home = (await shop.get('/homeproducts')).json<ProductDto[]>();
      expect(home.find((product) => product.name === 'Cordless Drill')).toMatchObject({ averageRating: 4, reviewCount: 2 });
    });
  });
}
