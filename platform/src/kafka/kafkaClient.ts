import { Kafka, logLevel, type KafkaConfig, type LogEntry, type SASLOptions } from 'kafkajs';
import { readKafkaSecurity, type KafkaSecurity } from '../config.js';

/** Where the brokers are (KAFKA_BROKERS), how this process names itself to them, and who it signs in as. */
export interface KafkaConnection {
  readonly brokers: readonly string[];
  readonly clientId?: string;
  /**
   * Unset: the process's own KAFKA_SSL* and KAFKA_SASL_* (read again here, so every client of the
   * process, wherever made, signs in as its one principal; readConfig has refused bad ones at start).
   */
  readonly security?: KafkaSecurity;
}

/** kafkajs's `ssl` and `sasl` for these settings. */
export function kafkaSignIn({ tls, sasl }: KafkaSecurity): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  return {
    ssl: tls === false ? false : tls.ca === undefined ? true : { ca: [tls.ca] },
    // kafkajs types each mechanism's options apart; these three take the same ones.
    ...(sasl ? { sasl: { ...sasl } as SASLOptions } : {}),
  };
}

/**
 * kafkajs logs every failed request of its connections at ERROR, including the retriable ones it
 * then retries by itself (a coordinator still loading, say). Those reach the caller as an error
 * when they matter, so only warnings and errors of the other namespaces are printed.
 */
function quietLogs(): (entry: LogEntry) => void {
  return ({ namespace, level, log }) => {
    if (namespace === 'Connection') return;
    // An attempt that kafkajs retries; if the last one fails too, the caller gets that error.
    if (log.retryCount !== undefined) return;
    // Each append is one transaction, aborted when it fails: bounded retries cannot duplicate it.
    if (log.message.startsWith('Limiting retries for the idempotent producer')) return;
    // A consumer group rebalancing (a member joined or left) is routine: the member re-joins by itself.
    if (log.message.startsWith('The group is rebalancing')) return;
    const line = JSON.stringify({ kafkajs: namespace, ...log });
    if (level === logLevel.ERROR) console.error(line);
    else console.warn(line);
  };
}

const RETRIES = 5;

export function kafkaClient({ brokers, clientId = 'toolforge', security = readKafkaSecurity() }: KafkaConnection): Kafka {
  if (brokers.length === 0) throw new Error('KAFKA_BROKERS names no broker');
  return new Kafka({
    clientId,
    brokers: [...brokers],
    ...kafkaSignIn(security),
    logLevel: logLevel.WARN,
    logCreator: quietLogs,
    // A broker that is down fails a command within seconds instead of holding it forever.
    retry: { retries: RETRIES },
  });
}
