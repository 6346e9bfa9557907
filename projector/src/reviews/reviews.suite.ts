import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import { productAdded, productDeleted, reviewEdited, reviewPosted, reviewRemoved } from '@toolforge/contracts/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { stored } from '@toolforge/platform/testing';
import { projectOrRefuse } from '@toolforge/read-model';
import { truncateReadModel, type TestReadModel } from '../test/readModel.js';

export interface ReviewsHarness {
  store: TestReadModel;
  sql: SqlExecutor;
  close(): Promise<void>;
}

/**
 * The reviews' rows and a product's stars, for every database: posted, edited and removed reviews
 * move the product's count and average, whichever of the product and its reviews is projected first.
 */
export function describeReviewsReadModel(adapter: string, open: () => Promise<ReviewsHarness>): void {
  describe(`reviews in the read model on ${adapter}`, () => {
    let harness: ReviewsHarness;
    let store: TestReadModel;
    /** The next offset of each topic's partition 0, as the log would hand its events over. */
    let offsets: Map<string, number>;
    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });
    afterAll(() => harness.close());
    beforeEach(async () => {
      await truncateReadModel(harness.sql);
      await harness.sql.query('truncate projection_dead_letters');
      offsets = new Map();
    });

    /** Projects `events` one batch per event, each at the next offset of its topic. */
    async function project(...events: ShopEvent[]) {
      for (const event of events) {
        const at = stored(event, nextOffset(event));
        await store.applyBatch({ topic: at.position.topic, partition: 0, events: [projectOrRefuse(at)] });
      }
    }
    function nextOffset(event: ShopEvent): number {
      const topic = stored(event, 0).position.topic;
      const offset = offsets.get(topic) ?? 0;
      offsets.set(topic, offset + 1);
      return offset;
    }
    const stars = async (productId: string) => {
      const found = await store.findProduct(productId);
      return found && { reviewCount: found.reviewCount, ratingSum: found.ratingSum };
    };

    it('counts posted reviews and moves the sum under an edit and a removal', async () => {
      const hammer = productAdded({ productId: 'p-1' });
      const ada = reviewPosted(hammer.data, { reviewId: 'r-ada', userId: 'ada', rating: 5 });
      const bo = reviewPosted(hammer.data, { reviewId: 'r-bo', userId: 'bo', rating: 2 });
      await project(hammer, ada, bo);
      expect(await stars('p-1')).toEqual({ reviewCount: 2, ratingSum: 7 });

      await project(reviewEdited(ada.data, { rating: 3, text: 'Less sure now.' }));
      expect(await stars('p-1')).toEqual({ reviewCount: 2, ratingSum: 5 });
      const [edited] = await store.listReviews('p-1', { offset: 0, limit: 10 }).then((list) => list.filter((r) => r.reviewId === 'r-ada'));
      expect(edited).toMatchObject({ rating: 3, text: 'Less sure now.', editedAt: expect.any(String) });

      await project(reviewRemoved(bo.data));
      expect(await stars('p-1')).toEqual({ reviewCount: 1, ratingSum: 3 });
      expect((await store.listReviews('p-1', { offset: 0, limit: 10 })).map((review) => review.reviewId)).toEqual(['r-ada']);
      expect(await store.countReviews('p-1')).toBe(1);

      await project(reviewRemoved(ada.data));
      expect(await stars('p-1')).toEqual({ reviewCount: 0, ratingSum: 0 });
    });

    it('counts reviews projected before their product (another topic)', async () => {
      const drill = productAdded({ productId: 'p-2' });
      await project(reviewPosted(drill.data, { reviewId: 'r-1', userId: 'ada', rating: 4 }));
      await project(reviewPosted(drill.data, { reviewId: 'r-2', userId: 'bo', rating: 1 }));
      expect(await stars('p-2')).toBeUndefined();
      await project(drill);
      expect(await stars('p-2')).toEqual({ reviewCount: 2, ratingSum: 5 });
    });

    it('applies a repeated post, edit or removal once', async () => {
      const saw = productAdded({ productId: 'p-3' });
      const posted = reviewPosted(saw.data, { reviewId: 'r-1', rating: 4 });
      const edited = reviewEdited(posted.data, { rating: 1 });
      const removed = reviewRemoved(posted.data);
      await project(saw, posted, posted);
      expect(await stars('p-3')).toEqual({ reviewCount: 1, ratingSum: 4 });
      await project(edited, edited);
      expect(await stars('p-3')).toEqual({ reviewCount: 1, ratingSum: 1 });
      await project(removed, removed, edited);
      expect(await stars('p-3')).toEqual({ reviewCount: 0, ratingSum: 0 });
    });

    it('lists a product’s reviews newest first, in pages, and the latest reviews of listed products', async () => {
      const plane = productAdded({ productId: 'p-4', name: 'Block Plane' });
      const gone = productAdded({ productId: 'p-5', name: 'Old Chisel' });
      await project(plane, gone);
      for (let day = 1; day <= 4; day += 1) {
        await project(
          reviewPosted(plane.data, { reviewId: `r-${day}`, userId: `u-${day}` }, { occurredAt: `2026-05-0${day}T00:00:00.000Z` }),
        );
      }
      await project(reviewPosted(gone.data, { reviewId: 'r-gone' }, { occurredAt: '2026-06-01T00:00:00.000Z' }), productDeleted('p-5'));
      const page = (offset: number) => store.listReviews('p-4', { offset, limit: 3 });
      expect([...(await page(0)), ...(await page(3))].map((review) => review.reviewId)).toEqual(['r-4', 'r-3', 'r-2', 'r-1']);
      const latest = await store.latestReviews(6);
      expect(latest.map((review) => [review.reviewId, review.productName])).toEqual([
        ['r-4', 'Block Plane'],
        ['r-3', 'Block Plane'],
        ['r-2', 'Block Plane'],
        ['r-1', 'Block Plane'],
      ]);
      expect(latest[0]).toEqual({
        reviewId: 'r-4',
        productId: 'p-4',
        productName: 'Block Plane',
        userName: 'Ada Customer',
        rating: 4,
        text: 'Solid tool, does what it says.',
        postedAt: '2026-05-04T00:00:00.000Z',
        editedAt: null,
      });
    });

    it('sets an unappliable review aside as a dead letter and goes on', async () => {
      const hostile = reviewPosted({ productId: 'p-6' }, { reviewId: 'r-bad', rating: 9 });
      await project(hostile, reviewPosted({ productId: 'p-6' }, { reviewId: 'r-good', rating: 3 }));
      expect(await store.countReviews('p-6')).toBe(1);
      const letters = await harness.sql.query<{ event_type: string }>('select event_type from projection_dead_letters');
      expect(letters.rows.map((row) => row.event_type)).toEqual(['ReviewPosted']);
    });
  });
}
