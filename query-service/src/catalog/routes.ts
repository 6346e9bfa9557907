import type { FastifyInstance } from 'fastify';
import { messages, productDtoSchema, productIdParamsSchema, productsCountQuerySchema, productsQuerySchema } from '@toolforge/contracts';
import { answerJson } from '@toolforge/platform/cache';
import { HttpError, type ZodTypeProvider } from '@toolforge/platform/http';
import type { CachedReads } from '../cachedReads.js';
import { sendAnswer } from '../http/sendAnswer.js';
import { CATALOGUE_AREA, PRODUCT_COUNTS_AREA, catalogueKeys, catalogueReads, type CatalogueReader } from '@toolforge/read-model';
import { countSchema, productListSchema } from './schemas.js';

export interface CatalogueRouteOptions {
  store: CatalogueReader;
  reads: CachedReads;
}

/** How an unknown product is kept in the cache. */
const NO_PRODUCT = answerJson(null);

/**
 * GET /homeproducts, /productscount, /products, /product/:id: products not deleted, newest first
 * unless /products is asked another order; /products and /productscount take the same filter.
 * The reads and their cache keys are catalogueReads and catalogueKeys, the same the projector
 * refreshes the hot answers with after each commit.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function catalogueRoutes(parent: FastifyInstance, { store, reads }: CatalogueRouteOptions) {
  // A type provider holds in the scope it is applied to: each route's query and params are its schema's output.
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const catalogue = <T>(key: string, fresh: boolean, load: () => Promise<T>) => reads.read(CATALOGUE_AREA, key, load, { fresh });

  app.get('/homeproducts', { schema: { response: { 200: productListSchema } } }, async (request, reply) =>
    sendAnswer(reply, await catalogue(catalogueKeys.home, request.readFresh, () => catalogueReads.home(store))),
  );

  app.get(
    '/productscount',
    { onRequest: app.authenticate, schema: { querystring: productsCountQuerySchema, response: { 200: countSchema } } },
    async (request, reply) => {
      const filter = request.query;
      const count = () => catalogueReads.count(store, filter);
      return sendAnswer(reply, await reads.read(PRODUCT_COUNTS_AREA, catalogueKeys.countOf(filter), count, { fresh: request.readFresh }));
    },
  );

  app.get(
    '/products',
    { onRequest: app.authenticate, schema: { querystring: productsQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      // Past the last page the list is empty.
      const { page, size, ...search } = request.query;
      return sendAnswer(
        reply,
        await catalogue(catalogueKeys.pageOf(page, size, search), request.readFresh, () => catalogueReads.page(store, page, size, search)),
      );
    },
  );

  app.get(
    '/product/:id',
    { onRequest: app.authenticate, schema: { params: productIdParamsSchema, response: { 200: productDtoSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      // Written as JSON by the database (productReads.ts), sent as it comes.
      const productJson = async () => (await store.productJson(id)) ?? NO_PRODUCT;
      const product = await reads.readJson(CATALOGUE_AREA, catalogueKeys.product(id), productJson, {
        fresh: request.readFresh,
        local: true,
      });
      if (product.json === NO_PRODUCT) throw new HttpError(404, messages.productNotFound);
      return sendAnswer(reply, product);
    },
  );
}
