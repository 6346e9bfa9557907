import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAdded } from '@toolforge/contracts/testing';
import { cachedAnswerKey } from '@toolforge/platform/cache';
import { CACHE_AREAS, catalogueKeys } from '@toolforge/read-model';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import { serversStack } from '../test/stacks.js';
import { describeCatalogueQueries } from '../catalog/routes.suite.js';
import { describeHotAnswers } from '../catalog/hotAnswers.suite.js';
import { describeCachedAnswers } from './cachedAnswers.suite.js';
import { describeOrderHistory } from '../orders/history.suite.js';
import { describeOrderQueries } from '../orders/routes.suite.js';
import { describeReadAfter } from './readAfter.suite.js';
import { describeReviewQueries } from '../reviews/routes.suite.js';
import { describeCartQueries } from '../cart/routes.suite.js';
import { describeDocumentQueries } from '../documents/routes.suite.js';
import { describeStockHistoryQueries } from '../stockHistory/routes.suite.js';
import { describePrivacyQueries } from '../privacy/routes.suite.js';
import { describeSalesQueries } from '../sales/routes.suite.js';

// Services mode: the log on Kafka, the read model on PostgreSQL, the cache on Redis.
const servers = serversStack();
describeCatalogueQueries(servers);
describeOrderQueries(servers);
describeOrderHistory(servers);
describeReadAfter(servers);
describeHotAnswers(servers);
describeCachedAnswers(servers);
describeReviewQueries(servers);
describeCartQueries(servers);
describeDocumentQueries(servers);
describeStockHistoryQueries(servers);
describePrivacyQueries(servers);
describeSalesQueries(servers);

describe('answers from Redis', () => {
  let shop: QueryHarness;
  beforeAll(async () => {
    shop = await startQueryService({ stack: servers });
    await shop.append(productAdded());
    await shop.project();
  });
  afterAll(() => shop.close());

  it('keeps each answer in Redis as JSON under the generation of its area, and serves it from there', async () => {
    const token = shop.token({ uid: 'u-ada' });
    const first = await shop.get('/products?page=0&size=5', { token });
    const generation = await shop.cache.generation(CACHE_AREAS.catalogue);
    expect(await shop.cache.get(cachedAnswerKey(CACHE_AREAS.catalogue, generation!, catalogueKeys.page(0, 5)))).toBe(first.body);

    // What Redis holds is what a reader gets, without asking PostgreSQL (the entry is written before
    // this process first reads it: an answer under a generation is written once, and may be remembered).
    const counts = await shop.cache.generation(CACHE_AREAS.productCounts);
    await shop.cache.set(cachedAnswerKey(CACHE_AREAS.productCounts, counts!, catalogueKeys.count), '{"count":41}', 60);
    expect((await shop.get('/productscount', { token })).json()).toEqual({ count: 41 });
    expect((await shop.get('/productscount', { token })).json()).toEqual({ count: 41 });

    // A commit that changes the catalogue moves its generation on: the old entry is never read again.
    await shop.append(productAdded());
    await shop.project();
    expect((await shop.get('/productscount', { token })).json()).toEqual({ count: 2 });
  });
});
