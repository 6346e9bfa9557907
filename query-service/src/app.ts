import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ApiUser } from '@toolforge/contracts';
import {
  CACHE_TTL_SECONDS,
  CheckpointWaiter,
  apiTokens,
  useErrorReplies,
  useHttpHardening,
  useNotFoundReply,
  useZodSchemas,
  type Cache,
  type ReadModelReader,
} from '@toolforge/platform';
import { CachedReads } from './cachedReads.js';
import { catalogueRoutes } from './http/catalogueRoutes.js';
import { orderRoutes } from './http/orderRoutes.js';
import { readAfter } from './http/readAfter.js';

export interface QueryServiceDeps {
  store: ReadModelReader;
  cache: Cache;
  /** The same key the command service signs API tokens with. */
  jwtSecret: string;
  /** Waits for the projector on X-Read-After; an in-process projector wakes it after each commit. */
  checkpoints?: CheckpointWaiter;
  /** The bound of an X-Read-After wait (DESIGN §4). */
  readAfterTimeoutMs?: number;
  /** How long a cached answer may live; a commit makes it unreachable sooner. */
  cacheTtlSeconds?: number;
}

export const READ_AFTER_TIMEOUT_MS = 2000;

/**
 * The query side as a Fastify plugin: every GET of SPEC §7, from the cache with the read model
 * behind it. Never writes. Encapsulated, so the embedded host can mount it beside the command side.
 */
export async function queryService(app: FastifyInstance, deps: QueryServiceDeps): Promise<void> {
  const { store } = deps;
  const checkpoints = deps.checkpoints ?? new CheckpointWaiter(store);
  const reads = new CachedReads(deps.cache, deps.cacheTtlSeconds ?? CACHE_TTL_SECONDS, app.log);
  /**
   * Admin is the token's claim or the read model's users table. A claim is only ever issued from
   * the log's word and a grant is never taken back, so it stays true; the table adds grants made
   * after the token was issued. The table alone would refuse an admin who calls right after their
   * first sign-in, before the projector has applied their AdminGranted.
   */
  const isAdmin = async (user: ApiUser) => user.admin || (await store.isAdmin(user.uid));

  useZodSchemas(app);
  // Unknown paths are the host's to answer (buildQueryService below, or the embedded host).
  useErrorReplies(app, undefined, { notFound: false });
  await app.register(apiTokens, { secret: deps.jwtSecret, isAdmin });
  app.decorateRequest('readFresh', false);
  app.addHook('preHandler', readAfter(checkpoints, deps.readAfterTimeoutMs ?? READ_AFTER_TIMEOUT_MS));
  await app.register(catalogueRoutes, { store, reads });
  await app.register(orderRoutes, { store, reads, isAdmin });
}

export interface QueryServerOptions extends FastifyServerOptions {
  /** Browser origins allowed to call (the web app). */
  origins?: readonly string[];
}

/** A standalone query service (services mode, and tests through app.inject). */
export async function buildQueryService(deps: QueryServiceDeps, options: QueryServerOptions = {}): Promise<FastifyInstance> {
  const { origins = [], ...fastifyOptions } = options;
  const app = Fastify(fastifyOptions);
  await useHttpHardening(app, { origins });
  useNotFoundReply(app);
  await app.register(queryService, deps);
  return app;
}
