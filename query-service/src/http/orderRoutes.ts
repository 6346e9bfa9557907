import type { FastifyInstance } from 'fastify';
import { allOrdersQuerySchema, messages, uidParamsSchema, type AllOrdersQuery, type ApiUser } from '@toolforge/contracts';
import { CACHE_AREAS, HttpError, toOrderDto, type ReadModelReader } from '@toolforge/platform';
import type { CachedReads } from '../cachedReads.js';
import { orderListSchema } from './schemas.js';
import { sendAnswer } from './sendAnswer.js';

export interface OrderRouteOptions {
  store: ReadModelReader;
  reads: CachedReads;
  isAdmin: (user: ApiUser) => Promise<boolean>;
}

/** GET /orders/:uid (that user or an admin) and /allorders (admins), newest first (SPEC §7, DESIGN §5). */
export async function orderRoutes(app: FastifyInstance, { store, reads, isAdmin }: OrderRouteOptions) {
  const orders = <T>(key: string, fresh: boolean, load: () => Promise<T>) => reads.read(CACHE_AREAS.orders, key, load, { fresh });

  app.get(
    '/orders/:uid',
    { onRequest: app.authenticate, schema: { params: uidParamsSchema, response: { 200: orderListSchema } } },
    async (request, reply) => {
      const { uid } = request.params as { uid: string };
      if (uid !== request.user.uid && !(await isAdmin(request.user))) throw new HttpError(403, messages.forbiddenOtherUser);
      return sendAnswer(reply, await orders(`user:${uid}`, request.readFresh, async () => (await store.ordersOfUser(uid)).map(toOrderDto)));
    },
  );

  app.get(
    '/allorders',
    { onRequest: app.requireAdmin, schema: { querystring: allOrdersQuerySchema, response: { 200: orderListSchema } } },
    async (request, reply) => {
      const { paging } = request.query as AllOrdersQuery;
      const slice = paging && { offset: paging.page * paging.size, limit: paging.size };
      const key = paging ? `all:${paging.page}:${paging.size}` : 'all';
      return sendAnswer(reply, await orders(key, request.readFresh, async () => (await store.listOrders(slice ?? undefined)).map(toOrderDto)));
    },
  );
}
