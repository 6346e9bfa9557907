import type { EventLog } from '@toolforge/contracts';
import type { ShopConfig } from '../config.js';
import { openEmbeddedPostgres } from '../pglite.js';
import { KafkaEventLog } from './kafkaEventLog.js';
import { PgliteEventLog } from './pgliteEventLog.js';

export interface OpenedEventLog {
  readonly log: EventLog;
  /** Where the log lives, for the start-up line. */
  readonly description: string;
  /** Closes the log and whatever was opened for it. */
  close(): Promise<void>;
}

/**
 * The log a service runs on (DESIGN §2): Kafka when KAFKA_BROKERS is set, else the embedded log in
 * DATA_DIR. Only the command service opens it as the writer: with Kafka that claims the
 * transactional id and fences any earlier instance.
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
    return { log, description: `Kafka at ${config.kafkaBrokers.join(',')}`, close: () => log.close() };
  }
  const db = await openEmbeddedPostgres(config.dataDir);
  const log = await PgliteEventLog.open(db);
  return {
    log,
    description: `the embedded log in ${config.dataDir}`,
    async close() {
      await log.close();
      await db.close();
    },
  };
}
