import type { Topic } from '@toolforge/contracts';
import type { StoredEvent } from './eventLog.js';

/**
 * The version of each stream as the Kafka log's single writer has read it: what its
 * expected-version check compares with. It learns from every read of a partition that goes on from
 * where the last one it learned from stopped (a read from further on would leave events between
 * unknown), and from the writer's own appends.
 */
export class StreamVersions {
  private readonly versions = new Map<string, number>();
  /** Per partition: every event below this offset is learned. */
  private readonly learnedUpTo = new Map<string, number>();
  /**
   * Per partition, after the writer's own commit: the offset its next record will get if nothing
   * else writes there (its records, then the commit's marker). Forgotten when an append fails.
   */
  private readonly nextRecordAt = new Map<string, number>();

  /** Where the writer's next record in the partition lands, when its own last commit says so. */
  expectedNextRecord(topic: Topic, partition: number): number | undefined {
    return this.nextRecordAt.get(partitionKey(topic, partition));
  }

  /** The writer committed `count` records in the partition from `baseOffset`, and one marker after them. */
  committed(topic: Topic, partition: number, baseOffset: number, count: number): void {
    this.nextRecordAt.set(partitionKey(topic, partition), baseOffset + count + 1);
  }

  /** What lies past the partition's learned part is unknown again (an append failed, or found another writer's records). */
  distrust(topic: Topic, partition: number): void {
    this.nextRecordAt.delete(partitionKey(topic, partition));
  }

  /** The offset a read of the partition must start at for the versions to be learned on from it. */
  learnedUntil(topic: Topic, partition: number): number {
    return this.learnedUpTo.get(partitionKey(topic, partition)) ?? 0;
  }

  /** Events of one partition, read in offset order from `fromOffset`. */
  learn(topic: Topic, partition: number, fromOffset: number, events: readonly StoredEvent[]): void {
    const learned = this.learnedUntil(topic, partition);
    if (fromOffset > learned) return;
    for (const event of events) {
      // A record that holds no event has no place in a stream (stream position 0).
      if (event.position.offset >= learned && event.streamPosition >= 1)
        this.versions.set(streamKey(topic, event.streamId), event.streamPosition);
    }
    const next = (events.at(-1)?.position.offset ?? -1) + 1;
    if (next > learned) this.learnedUpTo.set(partitionKey(topic, partition), next);
  }

  /** The writer's own append: the stream is at `version` now. */
  appended(topic: Topic, streamId: string, version: number): void {
    this.versions.set(streamKey(topic, streamId), version);
  }

  /** How many events the stream holds, as far as learned. */
  version(topic: Topic, streamId: string): number {
    return this.versions.get(streamKey(topic, streamId)) ?? 0;
  }
}

const partitionKey = (topic: Topic, partition: number) => `${topic}/${partition}`;
/** A stream's key among every topic's streams. */
export const streamKey = (topic: Topic, streamId: string) => `${topic}\u0000${streamId}`;
