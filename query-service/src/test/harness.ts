import Fastify, { type LightMyRequestResponse } from 'fastify';
import type { ApiUser, ShopEvent } from '@toolforge/contracts';
import { logWriter, sendTo } from '@toolforge/platform/testing';
import { LogEnd } from '@toolforge/platform';
import type { Cache } from '@toolforge/platform/cache';
import { apiTokens, type RateLimitRule } from '@toolforge/platform/http';
import { PgliteEventLog } from '@toolforge/platform/pglite';
import { CheckpointWaiter } from '@toolforge/platform/sql';
import { Projector, openProjectorStore } from '@toolforge/projector';
import { buildQueryService } from '../app.js';
import { REMEMBERED_ANSWERS } from '../cachedReads.js';
import { openReadModel, readModelHotAnswers } from '@toolforge/read-model';
import { embeddedStack, type QueryStack } from './stacks.js';

const SECRET = 'query-service-test-secret-long-enough-for-hs256';
export const WEB_ORIGIN = 'http://localhost:8180';

export interface QueryHarnessOptions {
  /** Where it runs; the embedded default when not given. */
  stack?: QueryStack;
  readAfterTimeoutMs?: number;
  /** In place of the stack's cache. */
  cache?: Cache;
  /** The limit of each query route per caller; none by default. */
  rateLimit?: RateLimitRule;
  /** How many X-Read-After waits at once. */
  maxWaiters?: number;
  allOrdersLimit?: number;
  /** How long the query service uses an account's standing again; 0 (read every time) unless given. */
  standingMaxAgeMs?: number;
  /** Whether answers are remembered in the process; as the hosts do unless given (services mode only). */
  rememberAnswers?: boolean;
}

/**
 * A query service on a fresh log and read model, with a projector the test drives: `project()`
 * catches up once (and waits until the cache has the hot answers); `projector.start()` runs it as
 * the hosts do. API tokens are signed with the query service's own key, as the command service
 * would sign them.
 */
export async function startQueryService(options: QueryHarnessOptions = {}) {
  const stack = await (options.stack ?? embeddedStack).open();
  const { log } = stack;
  const store = await openReadModel(stack.readerSql);
  const cache = options.cache ?? stack.cache;
  const checkpoints = new CheckpointWaiter(store, { pollIntervalMs: 20, maxWaiters: options.maxWaiters });
  // Wired as the hosts wire it: the projector puts the catalogue's hot answers in the cache.
  const projector = new Projector({
    log,
    store: await openProjectorStore(stack.sql),
    cache,
    hotAnswers: readModelHotAnswers(store),
    pollIntervalMs: 50,
  });
  const unsubscribe: (() => unknown)[] = [];
  if (stack.inProcess) {
    unsubscribe.push(projector.onCommitted(() => checkpoints.wake()));
    if (log instanceof PgliteEventLog) unsubscribe.push(log.onAppend(() => projector.wake()));
  }
  const app = await buildQueryService(
    {
      store,
      cache,
      jwtSecret: SECRET,
      checkpoints,
      logEnd: new LogEnd(log),
      eventsAt: stack.eventsAt,
      readAfterTimeoutMs: options.readAfterTimeoutMs,
      allOrdersLimit: options.allOrdersLimit,
      standingMaxAgeMs: options.standingMaxAgeMs ?? 0,
      // As query-service/src/main.ts: answers of a cache in another process are remembered here too.
      rememberAnswers: (options.rememberAnswers ?? !stack.inProcess) ? REMEMBERED_ANSWERS : undefined,
    },
    { origins: [WEB_ORIGIN], rateLimit: options.rateLimit },
  );
  const issuer = Fastify();
  await issuer.register(apiTokens, { secret: SECRET });
  await issuer.ready();
  const append = logWriter(log);

  return {
    app,
    log,
    eventsAt: stack.eventsAt,
    /** The read model's database, as the projector and the tool reach it. */
    sql: stack.sql,
    /** Services mode: where the log is on Kafka. */
    kafka: stack.kafka,
    store,
    cache,
    checkpoints,
    projector,
    /** Appends events as the command side would; the read model sees them after project(). */
    async append(...events: ShopEvent[]) {
      const results = [];
      for (const event of events) results.push(await append(event));
      return results;
    },
    /** Catches up once, and waits for the projector to refresh the cache's hot answers. */
    async project() {
      const applied = await projector.catchUp();
      await projector.cacheRefreshed();
      return applied;
    },
    /** An API token as the command service issues it, at `sessionVersion` of the user's stream (0 unless given). */
    token: ({ sessionVersion = 0, ...user }: Partial<ApiUser> & { uid: string; sessionVersion?: number }) =>
      issuer.issueApiToken({ name: 'Ada Customer', email: `${user.uid}@toolforge.test`, admin: false, ...user }, sessionVersion),
    get(
      url: string,
      options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
    ): Promise<LightMyRequestResponse> {
      return sendTo(app, { method: 'GET', url, ...options });
    },
    async close() {
      for (const stop of unsubscribe) stop();
      await projector.stop();
      await app.close();
      await issuer.close();
      await stack.close();
    },
  };
}

export type QueryHarness = Awaited<ReturnType<typeof startQueryService>>;
