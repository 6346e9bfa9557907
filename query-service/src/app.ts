import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { READ_AFTER_HEADER } from '@toolforge/contracts';
import type { EventsAt, LogEnd } from '@toolforge/platform';
import { CACHE_TTL_SECONDS, type Cache } from '@toolforge/platform/cache';
import {
  accessOf,
  apiTokens,
  describeRoutes,
  documented,
  frameworkErrors,
  HEALTH_TAG,
  healthRoutes,
  packageVersion,
  useApiDescription,
  useErrorReplies,
  useHttpHardening,
  useNotFoundReply,
  useZodSchemas,
  type HeaderDoc,
  type RateLimitRule,
  type ReadinessCheck,
} from '@toolforge/platform/http';
import { CheckpointWaiter } from '@toolforge/platform/sql';
import { readModelCallers, type ReadModelCallersOptions, type ReadModelReader } from '@toolforge/read-model';
import { CachedReads, type RememberedAnswers } from './cachedReads.js';
import { QUERY_FEATURES } from './features.js';
import { readAfter } from './http/readAfter.js';
import { FailedRequestsLog } from './http/requestLog.js';
import type { QueryContext } from './queryFeature.js';

export interface QueryServiceDeps {
  store: ReadModelReader;
  cache: Cache;
  /** The same key the command service signs API tokens with. */
  jwtSecret: string;
  /** Waits for the projector on X-Read-After; an in-process projector wakes it after each commit. */
  checkpoints?: CheckpointWaiter;
  /** Where the log ends: an X-Read-After position past it is refused. */
  logEnd: LogEnd;
  /** The log's events by offset: an order's history is read from the log itself. */
  eventsAt: EventsAt;
  /** The bound of an X-Read-After wait (docs/architecture.md#4-the-command-side). */
  readAfterTimeoutMs?: number;
  /** How long a cached answer may live; a commit makes it unreachable sooner. */
  cacheTtlSeconds?: number;
  /** Remember the cache's answers in this process too (a cache in another process: Redis). See CachedReads. */
  rememberAnswers?: RememberedAnswers;
  /** The most orders GET /allorders answers without paging (the newest). */
  allOrdersLimit?: number;
  /** How long an account's standing (role, sessions) read from the read model is used again. */
  standingMaxAgeMs?: ReadModelCallersOptions['standingMaxAgeMs'];
  /** The identity provider's ID tokens taken too (see ReadModelCallersOptions). Without it: API tokens only. */
  idTokens?: ReadModelCallersOptions['idTokens'];
}

export const READ_AFTER_TIMEOUT_MS = 2000;
/** GET /allorders without paging answers the newest this many: an admin's list, never the whole history. */
export const ALL_ORDERS_LIMIT = 1000;

/**
 * The query side as a Fastify plugin: every GET of docs/architecture.md#9-the-products-rules, from the cache with the read model
 * behind it. Never writes. Encapsulated, so the embedded host can mount it beside the command side.
 */
export async function queryService(app: FastifyInstance, deps: QueryServiceDeps): Promise<void> {
  const { store } = deps;
  const checkpoints = deps.checkpoints ?? new CheckpointWaiter(store);
  const reads = new CachedReads(deps.cache, deps.cacheTtlSeconds ?? CACHE_TTL_SECONDS, app.log, deps.rememberAnswers);

  useZodSchemas(app);
  // Unknown paths are the host's to answer (buildQueryService below, or the embedded host).
  useErrorReplies(app, undefined, { notFound: false });
  // The read model's users table is the word on a token's role and session (read-model/src/identity/callers.ts).
  const callers = readModelCallers(store, app, { standingMaxAgeMs: deps.standingMaxAgeMs, idTokens: deps.idTokens });
  const { isAdmin } = callers;
  await app.register(apiTokens, { secret: deps.jwtSecret, ...callers });
  app.decorateRequest('readFresh', false);
  app.addHook(
    'preHandler',
    readAfter({ checkpoints, logEnd: deps.logEnd, timeoutMs: deps.readAfterTimeoutMs ?? READ_AFTER_TIMEOUT_MS, logger: app.log }),
  );
  // The wait above is a signed-in caller's only: a public route ignores the header, and says nothing of it.
  describeRoutes(app, (route) => (accessOf(route) ? { headers: { [READ_AFTER_HEADER]: readAfterDoc } } : {}));
  const context: QueryContext = { store, reads, eventsAt: deps.eventsAt, isAdmin, allOrdersLimit: deps.allOrdersLimit ?? ALL_ORDERS_LIMIT };
  for (const feature of QUERY_FEATURES) {
    await app.register(documented({ tag: feature.tag }, (scope: FastifyInstance) => feature.routes(scope, context)));
  }
}

/** Read-your-writes (docs/architecture.md#4-the-command-side), as the API description tells integrators of it. */
const readAfterDoc: HeaderDoc = {
  description:
    'Optional: the position a command answered (topic/partition/offset), or several separated by commas. The answer waits, briefly, until the read model has applied them; X-Read-After-Satisfied says whether it had. A position the log has not reached is refused (400).',
  schema: z.string(),
};

/** What the API description of a query service alone says it serves. */
export const QUERY_API_DESCRIPTION = 'The query side of the shop: the catalogue and the orders, read from the read model.';

export interface QueryServerOptions extends FastifyServerOptions {
  /** Browser origins allowed to call (the web app). */
  origins?: readonly string[];
  /** The limit of each query route per caller; none when not given. */
  rateLimit?: RateLimitRule;
  /** What /ready checks: the read model's database, say. */
  readiness?: readonly ReadinessCheck[];
}

/** A standalone query service (services mode, and tests through app.inject). */
export async function buildQueryService(deps: QueryServiceDeps, options: QueryServerOptions = {}): Promise<FastifyInstance> {
  const { origins = [], rateLimit, readiness = [], ...fastifyOptions } = options;
  const app = Fastify({ frameworkErrors, logController: new FailedRequestsLog(), ...fastifyOptions });
  await useHttpHardening(app, { origins, queryRateLimit: rateLimit });
  await useApiDescription(app, { version: packageVersion(import.meta.url), description: QUERY_API_DESCRIPTION });
  await app.register(documented({ tag: HEALTH_TAG }, healthRoutes), { checks: readiness });
  useNotFoundReply(app);
  await app.register(queryService, deps);
  return app;
}
