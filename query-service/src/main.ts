import { pino } from 'pino';
import { LogEnd, apiTokenSecret, describeIdentitySource, serviceConfigOrExit, stopOnSignals, withoutPassword } from '@toolforge/platform';
import { NO_CACHE } from '@toolforge/platform/cache';
import { databaseAnswers, queryRateLimit } from '@toolforge/platform/http';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { KafkaEventsReader, KafkaLogEnds } from '@toolforge/platform/kafka';
import { openVault, revealingEventsAt } from '@toolforge/platform/privacy';
import { listenForCheckpoints, openPostgresPool, pgSql } from '@toolforge/platform/postgres';
import { RedisCache } from '@toolforge/platform/redis';
import { CheckpointWaiter } from '@toolforge/platform/sql';
import { buildQueryService } from './app.js';
import { REMEMBERED_ANSWERS } from './cachedReads.js';
import { openReadModel } from '@toolforge/read-model';

/**
 * The query service alone (services mode, docs/architecture.md#2-two-ways-to-run-same-code): reads the read model in PostgreSQL
 * (DATABASE_URL) through Redis (REDIS_URL; without it every read goes to PostgreSQL), listening on
 * QUERY_PORT. The projector runs in another process: X-Read-After waits are served by one watcher
 * reading its checkpoints, and positions are checked against the ends of the Kafka topics
 * (KAFKA_BROKERS, KAFKA_TOPIC_PREFIX), where an order's history is read too (a reader only: the
 * query service never opens a producer).
 */
// The spec's client sends Firebase ID tokens: verified as serviceConfigOrExit says whose word to take.
const { config, identity } = serviceConfigOrExit();
const logger = pino({ name: 'query-service', level: config.logLevel ?? 'info' });
if (!config.databaseUrl || !config.kafkaBrokers) {
  logger.error(
    {},
    'the query service alone reads a PostgreSQL server and checks read-your-writes positions against Kafka: set DATABASE_URL and KAFKA_BROKERS (`make start` runs the whole shop in one process instead)',
  );
  process.exit(2);
}

const pool = openPostgresPool(config.databaseUrl, { onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection broke') });
// The query service's statements are a fixed set of texts: each prepared once per connection.
const sql = pgSql(pool, { prepared: true });
const store = await openReadModel(sql);
const kafka = { brokers: config.kafkaBrokers, clientId: 'toolforge-query-service', topicPrefix: config.kafkaTopicPrefix };
const logEnds = await KafkaLogEnds.open(kafka);
// Orders' histories and documents read the log's events: their personal values opened through the vault (docs/privacy.md).
// No key kept between requests: a history asked for just after an erasure already reads the customer as forgotten.
const { vault } = await openVault(sql, config.privacy, { keyTtlMs: 0 });
const eventsAt = revealingEventsAt(await KafkaEventsReader.open(kafka), vault);
const cache = config.redisUrl ? RedisCache.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger }) : NO_CACHE;
// No in-process projector to wake it: the projector's notices do (checkpointNotices.ts), and while
// anyone waits the checkpoints are read every 25 ms anyway.
const checkpoints = new CheckpointWaiter(store);
const checkpointNotices = await listenForCheckpoints(config.databaseUrl, () => checkpoints.wake(), { logger });
const app = await buildQueryService(
  {
    store,
    cache,
    // Redis is another process: a hit remembered here costs no round trip.
    rememberAnswers: REMEMBERED_ANSWERS,
    jwtSecret: await apiTokenSecret(config),
    checkpoints,
    logEnd: new LogEnd(logEnds),
    eventsAt,
    idTokens: {
      identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
      adminEmails: config.adminEmails,
    },
  },
  {
    loggerInstance: logger,
    origins: config.webOrigins,
    trustProxy: config.trustProxy,
    rateLimit: queryRateLimit(config.queryRateLimit),
    // Redis only speeds reads up, and Kafka only checks positions and answers order histories: the
    // read model is what the service needs.
    readiness: [databaseAnswers('the read model database', sql)],
  },
);

// Stop taking requests and finish those under way, then close the cache, Kafka's clients and the pool.
stopOnSignals('query service', logger, async () => {
  await app.close();
  await cache.close();
  await eventsAt.close();
  await logEnds.close();
  await checkpointNotices.close();
  await pool.end();
});

await app.listen({ host: config.host, port: config.queryPort });
logger.info(
  {},
  `query service on PostgreSQL at ${withoutPassword(config.databaseUrl)}, ${config.redisUrl ? `Redis at ${withoutPassword(config.redisUrl)}` : 'no cache (REDIS_URL unset)'}, positions checked and order histories read on Kafka at ${config.kafkaBrokers.join(',')}; identity: ${describeIdentitySource(identity, config.firebaseProjectId)}`,
);
