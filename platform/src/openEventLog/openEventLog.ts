import type { ShopConfig } from '../config.js';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from '../pglite/dataDirLock.js';
import { databaseAnswers, logAnswers, type ReadinessCheck } from '../http/health.js';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import { pgliteSql } from '../sql/sql.js';
import type { AppendNotices, EventLog } from '../eventLog/eventLog.js';
import type { IdentifiedLog } from '../sql/readStore.js';
import { KafkaEventLog } from '../kafka/kafkaEventLog.js';
import type { LogEndSource } from '../eventLog/logEnd.js';
import { PgliteEventLog } from '../pglite/pgliteEventLog.js';
import { EMBEDDED_WRITER, type LogWriterStatus } from '../eventLog/writerStatus.js';

export interface OpenedEventLog {
  readonly log: EventLog & LogEndSource & IdentifiedLog & AppendNotices;
  /** Where the log lives, for the start-up line. */
  readonly description: string;
  /** Whether this process is still the log's writer (always, on the embedded log). */
  readonly writer: LogWriterStatus;
  /** /ready's check that the log answers. */
  readonly answers: ReadinessCheck;
  /** Closes the log and whatever was opened for it. */
  close(): Promise<void>;
}

/**
 * The log a service runs on (docs/architecture.md#2-two-ways-to-run-same-code): Kafka when KAFKA_BROKERS is set, else the embedded log in
 * DATA_DIR. Only the command service opens it as the writer: with Kafka that claims the
 * transactional id and fences any earlier instance. The embedded log takes the data dir's lock
 * first, as `make start` does: PGlite's files are for one process at a time.
 */
export async function openEventLog(
  config: Pick<ShopConfig, 'kafkaBrokers' | 'kafkaSecurity' | 'kafkaTransactionalId' | 'kafkaTopicPrefix' | 'dataDir'>,
  role: { clientId: string; writer: boolean },
): Promise<OpenedEventLog> {
  if (config.kafkaBrokers) {
    const log = await KafkaEventLog.open({
      brokers: config.kafkaBrokers,
      clientId: role.clientId,
      security: config.kafkaSecurity,
      topicPrefix: config.kafkaTopicPrefix,
      transactionalId: role.writer ? config.kafkaTransactionalId : undefined,
    });
    return {
      log,
      description: `Kafka at ${config.kafkaBrokers.join(',')}`,
      writer: log,
      answers: logAnswers('the event log (Kafka)', log),
      close: () => log.close(),
    };
  }
  const { db, log, close } = await openLockedEmbeddedLog(config.dataDir, await lockDataDir(config.dataDir));
  return {
    log,
    description: `the embedded log in ${config.dataDir}`,
    writer: EMBEDDED_WRITER,
    answers: databaseAnswers('the embedded log', pgliteSql(db)),
    close,
  };
}

/** The embedded log's database and the log, opened under the data dir's lock. */
interface LockedEmbeddedLog {
  readonly db: PGlite;
  readonly log: PgliteEventLog;
  /** Closes the log and the database, then lets go of the lock (a property: callers hand it on). */
  readonly close: () => Promise<void>;
}

/**
 * Opens the embedded log's database in `dataDir` and the log, under a lock openEventLog has taken:
 * the lock goes with them (closing releases it), and is released at once when they cannot be opened.
 */
async function openLockedEmbeddedLog(dataDir: string, lock: DataDirLock): Promise<LockedEmbeddedLog> {
  try {
    const db = await openEmbeddedPostgres(dataDir, 'log');
    const log = await PgliteEventLog.open(db);
    return {
      db,
      log,
      close: async () => {
        await log.close();
        await db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
