import type { FastifyInstance } from 'fastify';
import { allOrdersQuerySchema, messages, uidParamsSchema } from '@toolforge/contracts';
import { HttpError, type ApiCaller, type ZodTypeProvider } from '@toolforge/platform/http';
import type { CachedReads } from '../cachedReads.js';
import { sendAnswer } from '../http/sendAnswer.js';
import { ORDERS_AREA, orderKeys, type OrderReader } from '@toolforge/read-model';
import { orderListSchema } from './schemas.js';

export interface OrderRouteOptions {
  store: OrderReader;
  reads: CachedReads;
  isAdmin: (caller: ApiCaller) => Promise<boolean>;
  /** The most orders /allorders answers without paging. */
  allOrdersLimit: number;
}

/**
 * GET /orders/:uid (that user or an admin) and /allorders (admins), newest first.
 * /allorders without paging answers the newest `allOrdersLimit` orders.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function orderRoutes(parent: FastifyInstance, { store, reads, isAdmin, allOrdersLimit }: OrderRouteOptions) {
  // A type provider holds in the scope it is applied to: each route's query and params are its schema's output.
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The lists come from the read model as the JSON they are sent as (orderReads.ts).
  const orders = (key: string, fresh: boolean, load: () => Promise<string>, local = false) =>
    reads.readJson(ORDERS_AREA, key, load, { fresh, local });

  app.get(
    '/orders/:uid',
    { onRequest: app.authenticate, schema: { params: uidParamsSchema, response: { 200: orderListSchema } } },
    async (request, reply) => {
      const { uid } = request.params;
      if (uid !== request.user.uid && !(await isAdmin(request.user))) throw new HttpError(403, messages.forbiddenOtherUser);
      // One customer's list, read by that customer: not worth a round trip to a shared cache (cachedReads.ts).
      const answer = await orders(orderKeys.ofUser(uid), request.readFresh, () => store.orderListOfUser(uid), true);
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/allorders',
    { onRequest: app.requireAdmin, schema: { querystring: allOrdersQuerySchema, response: { 200: orderListSchema } } },
    async (request, reply) => {
      const { paging } = request.query;
      // Without paging, the newest orders up to the bound: one answer never holds the whole history.
      const slice = paging ? { offset: paging.page * paging.size, limit: paging.size } : { offset: 0, limit: allOrdersLimit };
      return sendAnswer(reply, await orders(orderKeys.all(paging), request.readFresh, () => store.orderList(slice)));
    },
  );
}
