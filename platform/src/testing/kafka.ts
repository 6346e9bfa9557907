import type { Admin } from 'kafkajs';
// The project's broker keeps its users beside its data; the relative path holds from src and dist alike.
import { KAFKA_BROKER, kafkaSaslEnv, type KAFKA_PRINCIPALS } from '../../../infra/kafka/kafka.mjs';
import { readKafkaSecurity } from '../config.js';
import { kafkaClient } from '../kafka/kafkaClient.js';

/** Who a process of a test run or the bench is to the broker. */
export type KafkaPrincipal = keyof typeof KAFKA_PRINCIPALS;

/**
 * The KAFKA_SASL_* settings for `principal` on these brokers: on the project's broker (infra/kafka),
 * that principal's own, so a run's services meet the ACLs production has; on a broker named in
 * KAFKA_BROKERS, none, and the environment's own settings stand.
 */
export function kafkaSignInEnv(brokers: readonly string[], principal: KafkaPrincipal): Record<string, string> {
  return brokers.length === 1 && brokers[0] === KAFKA_BROKER ? kafkaSaslEnv(principal) : {};
}

/** A client of the brokers as their admin, who may delete any run's topics and groups. */
function adminClient(brokers: readonly string[]) {
  const security = readKafkaSecurity({ ...process.env, ...kafkaSignInEnv(brokers, 'admin') });
  return kafkaClient({ brokers, clientId: 'toolforge-tests', security });
}

/** A topic prefix no other test run uses, so runs against one broker never see each other's events. */
export function uniqueTopicPrefix(label = 'test'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}.`;
}

/** Deletes a test run's topics and consumer groups (every one named with its prefix). */
export async function deleteTopics(brokers: readonly string[], prefix: string): Promise<void> {
  if (!prefix) throw new Error('refusing to delete topics without a prefix');
  const admin = adminClient(brokers).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((group) => group.startsWith(prefix));
    if (groups.length > 0) await admin.deleteGroups(groups);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

/** An admin client of the tests' broker, to look at consumer groups and move their offsets. */
export function kafkaAdmin(brokers: readonly string[]): Admin {
  return adminClient(brokers).admin();
}
