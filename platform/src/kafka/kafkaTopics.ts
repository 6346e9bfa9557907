import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin } from 'kafkajs';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';

/**
 * Partitions per topic (docs/architecture.md#3-events). Order matters within one aggregate only, and an aggregate is one
 * key, so a topic spreads over several partitions; more can be added later, never fewer.
 */
export const DEFAULT_PARTITIONS: Readonly<Record<Topic, number>> = everyTopic(3);

/** The same number for every topic of the shop. */
function everyTopic(partitions: number): Record<Topic, number> {
  return Object.fromEntries(ALL_TOPICS.map((topic) => [topic, partitions])) as Record<Topic, number>;
}

/**
 * The log is the record: events are never deleted by age or size (retention.ms=-1) and never
 * compacted away (cleanup.policy=delete with no time limit keeps every record).
 */
const RECORD_CONFIG = [
  { name: 'retention.ms', value: '-1' },
  { name: 'retention.bytes', value: '-1' },
  { name: 'cleanup.policy', value: 'delete' },
];

/** The shop's topic names on a broker: docs/architecture.md#3-events's, behind an optional prefix (tests isolate runs with it). */
export class TopicNames {
  constructor(readonly prefix = '') {
    if (prefix && !/^[A-Za-z0-9._-]+$/.test(prefix)) throw new Error(`"${prefix}" is not a valid Kafka topic prefix`);
  }

  onBroker(topic: Topic): string {
    return this.prefix + topic;
  }

  /** The shop's topic a broker topic name stands for. */
  fromBroker(name: string): Topic {
    const topic = ALL_TOPICS.find((candidate) => this.onBroker(candidate) === name);
    if (!topic) throw new Error(`${name} is not one of the shop's topics${this.prefix ? ` under the prefix ${this.prefix}` : ''}`);
    return topic;
  }

  all(): string[] {
    return ALL_TOPICS.map((topic) => this.onBroker(topic));
  }
}

/** How long a service at start waits for a fresh topic's partition leaders: a loaded broker can take many seconds. */
const LEADERS_DEADLINE_MS = 60_000;

/**
 * Creates the shop's topics that do not exist yet, with explicit partitions and the record's
 * retention; existing topics are left as they are. Every service runs it at start, so whichever
 * starts first creates them; each then waits until every partition has a leader, because a topic
 * another service has just created is there before its leaders are.
 */
export async function ensureTopics(
  admin: Admin,
  names: TopicNames,
  partitions: Readonly<Record<Topic, number>> = DEFAULT_PARTITIONS,
): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = ALL_TOPICS.filter((topic) => !existing.has(names.onBroker(topic)));
  if (missing.length > 0) {
    // A topic another service created meanwhile is not an error: kafkajs answers false for it. The
    // leaders are awaited below, with a deadline of our own (kafkajs's own wait gives up after `timeout`).
    await admin.createTopics({
      // kafkajs waits by default, but gives up at the first "unknown topic" a loaded broker answers.
      waitForLeaders: false,
      topics: missing.map((topic) => ({
        topic: names.onBroker(topic),
        numPartitions: partitions[topic],
        configEntries: RECORD_CONFIG,
      })),
    });
  }
  await waitForLeaders(admin, names.all());
}

async function waitForLeaders(admin: Admin, topics: string[], deadline = Date.now() + LEADERS_DEADLINE_MS): Promise<void> {
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    const waiting = await partitionsNotServing(admin, topics);
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Kafka elected no leader for ${waiting.join(', ')} in ${LEADERS_DEADLINE_MS / 1000} s`);
    await sleep(pause);
  }
}

/**
 * Partitions (topic/partition) without a leader yet, or topics whose leaders do not serve them yet:
 * a broker names itself leader in its metadata a moment before it answers for the partition, so
 * each topic's offsets are asked for too, as readers and writers will.
 */
async function partitionsNotServing(admin: Admin, topics: string[]): Promise<string[]> {
  try {
    const metadata = await admin.fetchTopicMetadata({ topics });
    const leaderless = metadata.topics.flatMap(({ name, partitions }) =>
      partitions.length === 0
        ? [name]
        : partitions.filter((p) => p.leader < 0 || p.partitionErrorCode !== 0).map((p) => `${name}/${p.partitionId}`),
    );
    if (leaderless.length > 0) return leaderless;
    for (const topic of topics) await admin.fetchTopicOffsets(topic);
    return [];
  } catch (error) {
    if (isElectionUnderway(error)) return topics;
    throw error;
  }
}

const ELECTION_UNDERWAY = new Set(['LEADER_NOT_AVAILABLE', 'UNKNOWN_TOPIC_OR_PARTITION', 'NOT_LEADER_FOR_PARTITION']);

function isElectionUnderway(error: unknown): boolean {
  return ELECTION_UNDERWAY.has(String((error as { type?: unknown }).type));
}
