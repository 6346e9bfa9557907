import type { FastifyInstance } from 'fastify';
import { LOW_STOCK_BELOW, SALES_MAX_DAYS, SALES_PATH, SALES_TOP, salesQuerySchema } from '@toolforge/contracts';
import type { ZodTypeProvider } from '@toolforge/platform/http';
import type { SalesReader } from '@toolforge/read-model';
import { salesReportSchema } from './schemas.js';

export interface SalesRouteOptions {
  store: SalesReader;
}

/**
 * GET SALES_PATH (admins): the sales report of a period, as the read model keeps it
 * (read-model/src/sales). Never cached: an admin asks for a period now and then, and its figures
 * move with every order (after an X-Read-After wait, as every read).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function salesRoutes(parent: FastifyInstance, { store }: SalesRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    SALES_PATH,
    {
      onRequest: app.requireAdmin,
      schema: {
        description: `The sales of the orders placed at or after \`from\` and before \`to\` (an ISO date, its midnight UTC, or a date-time with its offset; at most ${SALES_MAX_DAYS} days), counted as \`toolforge audit orders\` counts them, to the cent: cancelled orders sold nothing; a product's revenue is its lines' shares of their orders' totals. Every UTC day of the period, the orders by status now, the categories, the top ${SALES_TOP} products and customers by revenue, the money captured and refunded for the period's orders, and the products with fewer than ${LOW_STOCK_BELOW} left to order now.`,
        querystring: salesQuerySchema,
        response: { 200: salesReportSchema },
      },
    },
    (request) => store.salesReport(request.query),
  );
}
