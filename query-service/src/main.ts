import { pino } from 'pino';
import {
  CheckpointWaiter,
  NO_CACHE,
  RedisCache,
  SqlReadStore,
  apiTokenSecret,
  openPostgresPool,
  pgSql,
  readConfig,
  stopOnSignals,
  withoutPassword,
} from '@toolforge/platform';
import { buildQueryService } from './app.js';

/**
 * The query service alone (services mode, DESIGN §2): reads the read model in PostgreSQL
 * (DATABASE_URL) through Redis (REDIS_URL; without it every read goes to PostgreSQL), listening on
 * QUERY_PORT. The projector runs in another process: X-Read-After polls its checkpoints.
 */
const config = readConfig();
const logger = pino({ name: 'query-service', level: config.logLevel ?? 'info' });
if (!config.databaseUrl) {
  logger.error({}, 'the query service alone reads a PostgreSQL server: set DATABASE_URL (`make start` runs the whole shop in one process instead)');
  process.exit(2);
}

const pool = openPostgresPool(config.databaseUrl, { onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection broke') });
const store = await SqlReadStore.open(pgSql(pool));
const cache = config.redisUrl ? RedisCache.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger }) : NO_CACHE;
const app = await buildQueryService(
  {
    store,
    cache,
    jwtSecret: await apiTokenSecret(config),
    // No in-process projector to wake it: a waiting request reads the checkpoints every 25 ms.
    checkpoints: new CheckpointWaiter(store, { pollIntervalMs: 25 }),
  },
  { loggerInstance: logger, origins: config.webOrigins },
);

// Stop taking requests and finish those under way, then close the cache and the pool.
stopOnSignals('query service', logger, async () => {
  await app.close();
  await cache.close();
  await pool.end();
});

await app.listen({ host: config.host, port: config.queryPort });
logger.info(
  {},
  `query service on PostgreSQL at ${withoutPassword(config.databaseUrl)}, ${config.redisUrl ? `Redis at ${withoutPassword(config.redisUrl)}` : 'no cache (REDIS_URL unset)'}`,
);
