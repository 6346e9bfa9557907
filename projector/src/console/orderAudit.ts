import { z } from 'zod';
import { OPERATOR_PATHS, consoleMessages, orderIdParamsSchema, type OrderAuditDto } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { auditOfOrders } from '../cli/auditCommand.js';
import { zodRoutes, type ConsoleRoutes } from './context.js';

const orderAuditSchema = z.strictObject({
  orderId: z.string(),
  userId: z.string(),
  placedAt: z.string(),
  status: z.string(),
  totalCostCents: z.number().int(),
  history: z.array(
    z.strictObject({
      position: z.string(),
      time: z.string(),
      type: z.string(),
      actor: z.string().nullable(),
      status: z.string(),
      reason: z.string().optional(),
    }),
  ),
  wrongSums: z.array(z.strictObject({ field: z.string(), recorded: z.number().int(), computed: z.number().int() })),
  checked: z.number().int(),
  disagreements: z.array(
    z.strictObject({ what: z.enum(['order', 'product']), id: z.string(), field: z.string(), log: z.string(), readModel: z.string() }),
  ),
}) satisfies z.ZodType<OrderAuditDto>;

/**
 * GET /operator/orders/:orderId/audit: `toolforge audit order`'s result. It folds the log's orders
 * and products into their ledger (one read of those two topics), then checks the order's row and its
 * products' against it.
 */
export const orderAuditRoutes: ConsoleRoutes = (parent, { shop }) => {
  zodRoutes(parent).get(
    OPERATOR_PATHS.orderAudit,
    {
      schema: {
        description:
          'An order as the log tells it (each event of its stream and its status after it), its sums checked to the cent, and its read-model row and its products’ checked against the log; `disagreements` lists every field that differs. 404 for an order the log does not hold. As `toolforge audit order`.',
        params: orderIdParamsSchema,
        response: { 200: orderAuditSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id: orderId } = request.params;
      const audited = await auditOfOrders(shop, { orderId });
      const order = audited?.audit.orders[0];
      if (!audited || !order || 'asOf' in audited.check) throw new HttpError(404, consoleMessages.orderNotInLog);
      return {
        orderId,
        userId: order.userId,
        placedAt: order.placedAt,
        status: order.status,
        totalCostCents: order.totalCostCents,
        history: order.events.map((line) => ({ ...line })),
        wrongSums: audited.audit.sums.wrong.map(({ field, recorded, computed }) => ({ field, recorded, computed })),
        checked: audited.check.checked,
        disagreements: [...audited.check.disagreements],
      };
    },
  );
};
