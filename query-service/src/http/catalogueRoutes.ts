import type { FastifyInstance } from 'fastify';
import { HOME_PRODUCT_COUNT, messages, pageQuerySchema, productIdParamsSchema, type PageQuery, type ProductDto } from '@toolforge/contracts';
import { CACHE_AREAS, HttpError, type ReadModelReader } from '@toolforge/platform';
import type { CachedReads } from '../cachedReads.js';
import { toProductDto } from '../views.js';
import { countSchema, productDtoSchema, productListSchema } from './schemas.js';

export interface CatalogueRouteOptions {
  store: ReadModelReader;
  reads: CachedReads;
}

/** GET /homeproducts, /productscount, /products, /product/:id (SPEC §7): products not deleted, newest first. */
export async function catalogueRoutes(app: FastifyInstance, { store, reads }: CatalogueRouteOptions) {
  const catalogue = <T>(key: string, fresh: boolean, load: () => Promise<T>) => reads.read(CACHE_AREAS.catalogue, key, load, { fresh });

  app.get('/homeproducts', { schema: { response: { 200: productListSchema } } }, async (request) =>
    catalogue('home', request.readFresh, async () =>
      (await store.listProducts({ offset: 0, limit: HOME_PRODUCT_COUNT })).map(toProductDto),
    ),
  );

  app.get('/productscount', { onRequest: app.authenticate, schema: { response: { 200: countSchema } } }, async (request) =>
    catalogue('count', request.readFresh, async () => ({ count: await store.countProducts() })),
  );

  app.get(
    '/products',
    { onRequest: app.authenticate, schema: { querystring: pageQuerySchema, response: { 200: productListSchema } } },
    async (request) => {
      // Validated and converted by pageQuerySchema; past the last page the list is empty.
      const { page, size } = request.query as PageQuery;
      return catalogue(`page:${page}:${size}`, request.readFresh, async () =>
        (await store.listProducts({ offset: page * size, limit: size })).map(toProductDto),
      );
    },
  );

  app.get(
    '/product/:id',
    { onRequest: app.authenticate, schema: { params: productIdParamsSchema, response: { 200: productDtoSchema } } },
    async (request) => {
      const { id } = request.params as { id: string };
      const product = await catalogue<ProductDto | null>(`product:${id}`, request.readFresh, async () => {
        const found = await store.findProduct(id);
        return found ? toProductDto(found) : null;
      });
      if (!product) throw new HttpError(404, messages.productNotFound);
      return product;
    },
  );
}
