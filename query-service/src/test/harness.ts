import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { ApiUser, ShopEvent } from '@toolforge/contracts';
import { logWriter } from '@toolforge/contracts/testing';
import { CheckpointWaiter, PgliteEventLog, SqlReadStore, apiTokens, type Cache } from '@toolforge/platform';
import { Projector } from '@toolforge/projector';
import { buildQueryService } from '../app.js';
import { embeddedStack, type QueryStack } from './stacks.js';

const SECRET = 'query-service-test-secret-long-enough-for-hs256';
export const WEB_ORIGIN = 'http://localhost:8180';

export interface QueryHarnessOptions {
  /** Where it runs; the embedded default when not given. */
  stack?: QueryStack;
  readAfterTimeoutMs?: number;
  /** In place of the stack's cache. */
  cache?: Cache;
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
  const store = await SqlReadStore.open(stack.sql);
  const cache = options.cache ?? stack.cache;
  const checkpoints = new CheckpointWaiter(store, { pollIntervalMs: 20 });
  const projector = new Projector({ log, store, cache, pollIntervalMs: 50 });
  const unsubscribe: (() => unknown)[] = [];
  if (stack.inProcess) {
    unsubscribe.push(projector.onCommitted(() => checkpoints.wake()));
    if (log instanceof PgliteEventLog) unsubscribe.push(log.onAppend(() => projector.wake()));
  }
  const app = await buildQueryService(
    { store, cache, jwtSecret: SECRET, checkpoints, readAfterTimeoutMs: options.readAfterTimeoutMs },
    { origins: [WEB_ORIGIN] },
  );
  const issuer = Fastify();
  await issuer.register(apiTokens, { secret: SECRET });
  await issuer.ready();
  const append = logWriter(log);

  return {
    app,
    log,
    store,
    cache,
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
    token: (user: Partial<ApiUser> & { uid: string }) =>
      issuer.issueApiToken({ name: 'Ada Customer', email: `${user.uid}@toolforge.test`, admin: false, ...user }),
    get(url: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
      const headers: InjectOptions['headers'] = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return app.inject({ method: 'GET', url, headers });
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
