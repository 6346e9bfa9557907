import type { Admin } from 'kafkajs';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';

/**
 * Partitions per topic (DESIGN §3). Order matters within one aggregate only, and an aggregate is one
 * key, so a topic spreads over several partitions; more can be added later, never fewer.
 */
export const DEFAULT_PARTITIONS: Readonly<Record<Topic, number>> = {
  'catalog.products': 3,
  'sales.orders': 3,
  'identity.users': 3,
};

/**
 * The log is the record: events are never deleted by age or size (retention.ms=-1) and never
 * compacted away (cleanup.policy=delete with no time limit keeps every record).
 */
const RECORD_CONFIG = [
  { name: 'retention.ms', value: '-1' },
  { name: 'retention.bytes', value: '-1' },
  { name: 'cleanup.policy', value: 'delete' },
];

/** The shop's topic names on a broker: DESIGN §3's, behind an optional prefix (tests isolate runs with it). */
export class TopicNames {
  constructor(readonly prefix = '') {
    if (prefix && !/^[A-Za-z0-9._-]+$/.test(prefix)) throw new Error(`"${prefix}" is not a valid Kafka topic prefix`);
  }

  onBroker(topic: Topic): string {
    return this.prefix + topic;
  }

  all(): string[] {
    return ALL_TOPICS.map((topic) => this.onBroker(topic));
  }
}

/**
 * Creates the shop's topics that do not exist yet, with explicit partitions and the record's
 * retention; existing topics are left as they are. Every service runs it at start, so whichever
 * starts first creates them.
 */
export async function ensureTopics(
  admin: Admin,
  names: TopicNames,
  partitions: Readonly<Record<Topic, number>> = DEFAULT_PARTITIONS,
): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = ALL_TOPICS.filter((topic) => !existing.has(names.onBroker(topic)));
  if (missing.length === 0) return;
  // A topic another service created meanwhile is not an error: kafkajs answers false for it.
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({
      topic: names.onBroker(topic),
      numPartitions: partitions[topic],
      configEntries: RECORD_CONFIG,
    })),
  });
}
