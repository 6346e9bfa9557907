import type { FastifyInstance } from 'fastify';
import { messages, pageQuerySchema, productIdParamsSchema, type PageQuery } from '@toolforge/contracts';
import { CACHE_AREAS, HttpError, answerJson, catalogueKeys, catalogueReads, type ReadModelReader } from '@toolforge/platform';
import type { CachedReads } from '../cachedReads.js';
import { countSchema, productDtoSchema, productListSchema } from './schemas.js';
import { sendAnswer } from './sendAnswer.js';

export interface CatalogueRouteOptions {
  store: ReadModelReader;
  reads: CachedReads;
}

/** How an unknown product is kept in the cache. */
const NO_PRODUCT = answerJson(null);

/**
 * GET /homeproducts, /productscount, /products, /product/:id (SPEC §7): products not deleted, newest
 * first. The reads and their cache keys are platform's catalogueReads and catalogueKeys, the same the
 * projector refreshes the hot answers with after each commit.
 */
export async function catalogueRoutes(app: FastifyInstance, { store, reads }: CatalogueRouteOptions) {
  const catalogue = <T>(key: string, fresh: boolean, load: () => Promise<T>) => reads.read(CACHE_AREAS.catalogue, key, load, { fresh });

  app.get('/homeproducts', { schema: { response: { 200: productListSchema } } }, async (request, reply) =>
    sendAnswer(reply, await catalogue(catalogueKeys.home, request.readFresh, () => catalogueReads.home(store))),
  );

  app.get('/productscount', { onRequest: app.authenticate, schema: { response: { 200: countSchema } } }, async (request, reply) =>
    sendAnswer(reply, await catalogue(catalogueKeys.count, request.readFresh, () => catalogueReads.count(store))),
  );

  app.get(
    '/products',
    { onRequest: app.authenticate, schema: { querystring: pageQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      // Validated and converted by pageQuerySchema; past the last page the list is empty.
      const { page, size } = request.query as PageQuery;
      return sendAnswer(reply, await catalogue(catalogueKeys.page(page, size), request.readFresh, () => catalogueReads.page(store, page, size)));
    },
  );

  app.get(
    '/product/:id',
    { onRequest: app.authenticate, schema: { params: productIdParamsSchema, response: { 200: productDtoSchema } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const answer = await catalogue(catalogueKeys.product(id), request.readFresh, () => catalogueReads.product(store, id));
      const unknown = 'json' in answer ? answer.json === NO_PRODUCT : answer.loaded === null;
      if (unknown) throw new HttpError(404, messages.productNotFound);
      return sendAnswer(reply, answer);
    },
  );
}
