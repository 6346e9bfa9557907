import { pino } from 'pino';
import { RedisCache, SqlReadStore, openPostgresPool, pgSql, readConfig, stopOnSignals, withoutPassword } from '@toolforge/platform';
import { KafkaProjector } from './kafkaProjector.js';

/**
 * The projector alone (services mode, DESIGN §2, §6): consumes the Kafka topics (KAFKA_BROKERS) as
 * a member of the consumer group toolforge-projector and applies them to the read model in
 * PostgreSQL (DATABASE_URL), telling Redis (REDIS_URL, optional) what went stale after each commit
 * and refreshing the hot catalogue answers there.
 */
const config = readConfig();
const logger = pino({ name: 'projector', level: config.logLevel ?? 'info' });
if (!config.kafkaBrokers || !config.databaseUrl) {
  logger.error({}, 'the projector alone reads Kafka and writes a PostgreSQL server: set KAFKA_BROKERS and DATABASE_URL (`make start` runs the whole shop in one process instead)');
  process.exit(2);
}

// One batch at a time, and one hot-answer refresh beside it (its reads run one after the other).
const pool = openPostgresPool(config.databaseUrl, { max: 2, onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection broke') });
const store = await SqlReadStore.open(pgSql(pool));
const cache = config.redisUrl ? RedisCache.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger }) : undefined;
const projector = await KafkaProjector.start({
  brokers: config.kafkaBrokers,
  topicPrefix: config.kafkaTopicPrefix,
  store,
  cache,
  logger,
  // Nothing is projected any more: end, so that a supervisor starts a fresh projector.
  onGaveUp: () => process.exit(1),
});

// Let the batch in hand commit, leave the consumer group (its partitions move to the other members
// at once), then close the cache and the pool.
stopOnSignals('projector', logger, async () => {
  await projector.stop();
  await cache?.close();
  await pool.end();
});

logger.info(
  {},
  `projector on Kafka at ${config.kafkaBrokers.join(',')} into PostgreSQL at ${withoutPassword(config.databaseUrl)}${config.redisUrl ? `, Redis at ${withoutPassword(config.redisUrl)}` : ''}`,
);
