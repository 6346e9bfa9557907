import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { COMMAND_BODY_LIMIT, commandService, type IdentityProvider } from '@toolforge/command-service';
import {
  CheckpointWaiter,
  InProcessCache,
  SHOP_RATE_LIMITS,
  SqlReadStore,
  useHttpHardening,
  type PgliteEventLog,
  type RateLimitRule,
  type SqlExecutor,
} from '@toolforge/platform';
import { Projector } from '@toolforge/projector';
import { queryService } from '@toolforge/query-service';

export interface EmbeddedShopDeps {
  /** The embedded Postgres the log is in: the read model's tables go beside it. */
  sql: SqlExecutor;
  log: PgliteEventLog;
  identity: IdentityProvider;
  jwtSecret: string;
  adminEmails: readonly string[];
  /** Browser origins allowed to call the API (the web app). */
  origins: readonly string[];
  rateLimits?: Readonly<Record<string, RateLimitRule>>;
  logger?: FastifyServerOptions['logger'];
}

export interface EmbeddedShop {
  /** Command and query routes on one instance, ready to listen or to inject into. */
  app: FastifyInstance;
  projector: Projector;
  close(): Promise<void>;
}

/**
 * The embedded default (DESIGN §2) in one process: the command side appends to the PGlite log, the
 * projector applies it to the read model in the same database and is woken by every append, and
 * the query side reads through an in-process cache. The read model is caught up before the routes
 * answer, so the first GET already shows everything the log holds.
 */
export async function composeEmbeddedShop(deps: EmbeddedShopDeps): Promise<EmbeddedShop> {
  const { log } = deps;
  const store = await SqlReadStore.open(deps.sql);
  const cache = new InProcessCache();
  const app = Fastify({ bodyLimit: COMMAND_BODY_LIMIT, logger: deps.logger ?? false });
  const projector = new Projector({ log, store, cache, logger: app.log });
  const checkpoints = new CheckpointWaiter(store);
  projector.onCommitted(() => checkpoints.wake());
  await projector.catchUp();
  const stopWaking = log.onAppend(() => projector.wake());
  projector.start();

  try {
    await useHttpHardening(app, { origins: deps.origins, rateLimits: deps.rateLimits ?? SHOP_RATE_LIMITS });
    // The command plugin also answers unknown paths (its 404 handler serves the whole instance).
    await app.register(commandService, { log, identity: deps.identity, jwtSecret: deps.jwtSecret, adminEmails: deps.adminEmails });
    await app.register(queryService, { store, cache, jwtSecret: deps.jwtSecret, checkpoints });
    await app.ready();
  } catch (error) {
    stopWaking();
    await projector.stop();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    app,
    projector,
    close() {
      closing ??= (async () => {
        // Stop taking requests first, then let the projector finish the batch in hand.
        await app.close();
        stopWaking();
        await projector.stop();
        await cache.close();
        await store.close();
      })();
      return closing;
    },
  };
}
