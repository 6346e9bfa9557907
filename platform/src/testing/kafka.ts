import { kafkaClient } from '../eventLog/kafkaClient.js';

/** A topic prefix no other test run uses, so runs against one broker never see each other's events. */
export function uniqueTopicPrefix(label = 'test'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}.`;
}

/** Deletes a test run's topics (every topic named with its prefix). */
export async function deleteTopics(brokers: readonly string[], prefix: string): Promise<void> {
  if (!prefix) throw new Error('refusing to delete topics without a prefix');
  const admin = kafkaClient({ brokers, clientId: 'toolforge-tests' }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
