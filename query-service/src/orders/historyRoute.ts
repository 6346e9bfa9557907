import type { FastifyInstance } from 'fastify';
import { TOPICS, formatPosition, orderIdParamsSchema } from '@toolforge/contracts';
import type { EventsAt } from '@toolforge/platform';
import type { ApiCaller, ZodTypeProvider } from '@toolforge/platform/http';
import { orderHistory } from './history.js';
import type { OrderReader } from '@toolforge/read-model';
import { readableOrder } from './readableOrder.js';
import { orderHistorySchema } from './schemas.js';

export interface OrderHistoryRouteOptions {
  store: OrderReader;
  /** The log, read at the offsets the read model keeps of each order. */
  eventsAt: EventsAt;
  isAdmin: (caller: ApiCaller) => Promise<boolean>;
}

/**
 * GET /orders/:id/history (the customer who placed the order, or an admin): every event of the
 * order read from the log itself, at the offsets the read model keeps (after an X-Read-After wait,
 * as every read). Never cached: it is one order's, asked for rarely, and must show its latest event.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function orderHistoryRoute(parent: FastifyInstance, { store, eventsAt, isAdmin }: OrderHistoryRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/orders/:id/history',
    { onRequest: app.authenticate, schema: { params: orderIdParamsSchema, response: { 200: orderHistorySchema } } },
    async (request) => {
      const { id } = request.params;
      const { order, admin } = await readableOrder({ store, isAdmin }, id, request.user);
      const events = await eventsAt.readAt(TOPICS.orders, order.partition, order.eventOffsets);
      return orderHistory(order, events, { admin }, (event, why) =>
        request.log.warn({ orderId: id, position: formatPosition(event.position) }, `an event left out of the order's history: ${why}`),
      );
    },
  );
}
