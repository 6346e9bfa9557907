import { inject } from 'vitest';
import type { EventLog, EventsAt, LogEndSource } from '@toolforge/platform';
import { InProcessCache, type Cache } from '@toolforge/platform/cache';
import { KafkaEventLog, KafkaEventsReader } from '@toolforge/platform/kafka';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgSql } from '@toolforge/platform/postgres';
import { RedisCache } from '@toolforge/platform/redis';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { createTestDatabase, deleteKeys, deleteTopics, uniqueKeyPrefix, uniqueTopicPrefix } from '@toolforge/platform/testing';

/** What a query service under test runs on: a fresh log, read-model database and cache. */
export interface OpenedStack {
  /** The log, which also tells where it ends (the PGlite table, or Kafka's high watermarks). */
  log: EventLog & LogEndSource;
  /** What the query service reads events by offset with: the embedded log itself, or a Kafka reader of its own. */
  eventsAt: EventsAt;
  sql: SqlExecutor;
  /** The read model as the query service reads it (services mode: prepared statements, as query-service/src/main.ts). */
  readerSql: SqlExecutor;
  cache: Cache;
  /**
   * In one process (embedded), the projector is woken by every append and wakes the X-Read-After
   * waiters after every commit. In services mode the query service is a process of its own and
   * only polls the checkpoints: then this is false.
   */
  inProcess: boolean;
  /** Services mode: the brokers and the topic prefix, for a projector of the test's own (a Kafka consumer group member). */
  kafka?: { brokers: string[]; topicPrefix: string };
  close(): Promise<void>;
}

export interface QueryStack {
  readonly name: string;
  open(): Promise<OpenedStack>;
}

/** The embedded default: log and read model in one in-memory PGlite, the in-process cache. */
export const embeddedStack: QueryStack = {
  name: 'the embedded log, read model and cache',
  async open() {
    const db = await openEmbeddedPostgres(null);
    const log = await PgliteEventLog.open(db);
    const sql = pgliteSql(db);
    return {
      log,
      eventsAt: log,
      sql,
      readerSql: sql,
      cache: new InProcessCache(),
      inProcess: true,
      close: () => db.close(),
    };
  },
};

/**
 * Services mode: the log on Kafka, the read model on PostgreSQL, the cache on Redis, each test run
 * under its own topic prefix, database and key prefix. `redisUrl` overrides the tests' Redis (a
 * dead port plays a Redis that is down).
 */
export function serversStack(options: { redisUrl?: string; name?: string } = {}): QueryStack {
  return {
    name: options.name ?? 'Kafka, PostgreSQL and Redis',
    async open() {
      const brokers = inject('kafkaBrokers').split(',');
      const redisUrl = options.redisUrl ?? inject('redisUrl');
      const topicPrefix = uniqueTopicPrefix('query');
      const keyPrefix = uniqueKeyPrefix('query');
      const database = await createTestDatabase(inject('postgresUrl'));
      const log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
      // As the query service opens it: a reader without a producer.
      const eventsAt = await KafkaEventsReader.open({ brokers, topicPrefix });
      const cache = RedisCache.open({ url: redisUrl, keyPrefix });
      await cache.waitUntilReady(options.redisUrl ? 0 : 5000);
      return {
        log,
        eventsAt,
        sql: database.sql,
        readerSql: pgSql(database.pool, { prepared: true }),
        cache,
        inProcess: false,
        kafka: { brokers, topicPrefix },
        async close() {
          await cache.close();
          await eventsAt.close();
          await log.close();
          await database.drop();
          await deleteTopics(brokers, topicPrefix);
          if (!options.redisUrl) await deleteKeys(redisUrl, keyPrefix);
        },
      };
    },
  };
}
