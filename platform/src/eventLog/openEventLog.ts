import type { ShopConfig } from '../config.js';
import { lockDataDir } from '../dataDirLock.js';
import { databaseAnswers, type ReadinessCheck } from '../http/health.js';
import { openEmbeddedPostgres } from '../pglite.js';
import { pgliteSql } from '../readModel/sql.js';
import type { EventLog } from './eventLog.js';
import { KafkaEventLog } from './kafkaEventLog.js';
import type { LogEndSource } from './logEnd.js';
import { PgliteEventLog } from './pgliteEventLog.js';
import { EMBEDDED_WRITER, type LogWriterStatus } from './writerStatus.js';

export interface OpenedEventLog {
  readonly log: EventLog & LogEndSource;
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
 * The log a service runs on (docs/architecture.md §2): Kafka when KAFKA_BROKERS is set, else the embedded log in
 * DATA_DIR. Only the command service opens it as the writer: with Kafka that claims the
 * transactional id and fences any earlier instance. The embedded log takes the data dir's lock
 * first, as `make start` does: PGlite's files are for one process at a time.
 */
export async function openEventLog(
  config: Pick<ShopConfig, 'kafkaBrokers' | 'kafkaTransactionalId' | 'kafkaTopicPrefix' | 'dataDir'>,
  role: { clientId: string; writer: boolean },
): Promise<OpenedEventLog> {
  if (config.kafkaBrokers) {
    const log = await KafkaEventLog.open({
      brokers: config.kafkaBrokers,
      clientId: role.clientId,
      topicPrefix: config.kafkaTopicPrefix,
      transactionalId: role.writer ? config.kafkaTransactionalId : undefined,
    });
    return {
      log,
      description: `Kafka at ${config.kafkaBrokers.join(',')}`,
      writer: log,
      answers: {
        what: 'the event log (Kafka)',
        check: async () => {
          await log.endOffsets('identity.users');
          return undefined;
        },
      },
      close: () => log.close(),
    };
  }
  const lock = await lockDataDir(config.dataDir);
  try {
    const db = await openEmbeddedPostgres(config.dataDir);
    const log = await PgliteEventLog.open(db);
    return {
      log,
      description: `the embedded log in ${config.dataDir}`,
      writer: EMBEDDED_WRITER,
      answers: databaseAnswers('the embedded log', pgliteSql(db)),
      async close() {
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
