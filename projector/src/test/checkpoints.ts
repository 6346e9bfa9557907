import type { LogPosition, Topic } from '@toolforge/contracts';
import type { CheckpointsReader } from '@toolforge/platform/sql';

/**
 * Where the checkpoints should stand after applying events at these positions: past the last event
 * of each partition. Offsets need not be dense (Kafka's transaction markers take offsets too).
 */
export function checkpointsAfter(positions: readonly LogPosition[]): Map<string, number> {
  const next = new Map<string, number>();
  for (const { topic, partition, offset } of positions) {
    const key = `${topic}/${partition}`;
    next.set(key, Math.max(next.get(key) ?? 0, offset + 1));
  }
  return next;
}

/** Every partition's checkpoint of these topics, keyed topic/partition, leaving out those still at 0. */
export async function checkpointsOf(store: CheckpointsReader, topics: readonly Topic[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const { topic, partition, nextOffset } of await store.checkpoints()) {
    if (nextOffset > 0 && topics.includes(topic as Topic)) found.set(`${topic}/${partition}`, nextOffset);
  }
  return found;
}
