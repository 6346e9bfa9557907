import type { FastifyInstance } from 'fastify';
import { STOCK_HISTORY_PAGE_SIZE, messages, productIdParamsSchema, stockHistoryQuerySchema } from '@toolforge/contracts';
import { HttpError, type ZodTypeProvider } from '@toolforge/platform/http';
import type { StockHistoryReader } from '@toolforge/read-model';
import { stockHistorySchema } from './schemas.js';

export interface StockHistoryRouteOptions {
  store: StockHistoryReader;
}

/**
 * GET /products/:id/stock-history (admins): a page of the product's stock changes, newest first, with
 * the figures after each, as the read model keeps them (read-model/src/stockHistory), and how many
 * there are. A deleted product keeps its history. Never cached: an admin asks for it rarely, and
 * right after moving the stock (after an X-Read-After wait, as every read).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function stockHistoryRoutes(parent: FastifyInstance, { store }: StockHistoryRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products/:id/stock-history',
    {
      onRequest: app.requireAdmin,
      schema: {
        description: `A product's stock changes, newest first, ${STOCK_HISTORY_PAGE_SIZE} a page: what moved its stock on hand or what orders reserve of it (an event of the log), when, by how much, and both figures after it; \`total\` counts them all. 404 for a product never added.`,
        params: productIdParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema },
      },
    },
    async (request) => {
      const history = await store.stockHistory(request.params.id, request.query.page);
      if (!history) throw new HttpError(404, messages.productNotFound);
      return history;
    },
  );
}
