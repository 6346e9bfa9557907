import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { ApiUser, ShopEvent } from '@toolforge/contracts';
import { logWriter } from '@toolforge/contracts/testing';
import {
  CheckpointWaiter,
  InProcessCache,
  PgliteEventLog,
  SqlReadStore,
  apiTokens,
  openEmbeddedPostgres,
  pgliteSql,
  type Cache,
} from '@toolforge/platform';
import { Projector } from '@toolforge/projector';
import { buildQueryService } from '../app.js';

const SECRET = 'query-service-test-secret-long-enough-for-hs256';
export const WEB_ORIGIN = 'http://localhost:8180';

export interface QueryHarnessOptions {
  readAfterTimeoutMs?: number;
  cache?: Cache;
}

/**
 * A query service on an in-memory embedded log and read model, with a projector the test drives:
 * `project()` catches up once; `projector.start()` runs it as the embedded host does. API tokens
 * are signed with the query service's own key, as the command service would sign them.
 */
export async function startQueryService(options: QueryHarnessOptions = {}) {
  const db = await openEmbeddedPostgres(null);
  const log = await PgliteEventLog.open(db);
  const store = await SqlReadStore.open(pgliteSql(db));
  const cache = options.cache ?? new InProcessCache();
  const checkpoints = new CheckpointWaiter(store, { pollIntervalMs: 20 });
  const projector = new Projector({ log, store, cache, pollIntervalMs: 50 });
  projector.onCommitted(() => checkpoints.wake());
  const unsubscribe = log.onAppend(() => projector.wake());
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
    project: () => projector.catchUp(),
    token: (user: Partial<ApiUser> & { uid: string }) =>
      issuer.issueApiToken({ name: 'Ada Customer', email: `${user.uid}@toolforge.test`, admin: false, ...user }),
    get(url: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
      const headers: InjectOptions['headers'] = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return app.inject({ method: 'GET', url, headers });
    },
    async close() {
      unsubscribe();
      await projector.stop();
      await app.close();
      await issuer.close();
      await db.close();
    },
  };
}

export type QueryHarness = Awaited<ReturnType<typeof startQueryService>>;
