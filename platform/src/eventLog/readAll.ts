import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import type { LogPage, ReadAllOptions, StoredEvent } from './eventLog.js';
import { upcast, type Upcasters } from './upcasters.js';

/** What the one reading loop needs of a log adapter: its partitions, and a page of one of them. */
export interface PartitionedLog {
  /** The partitions of a topic, in order; with a stream, only the one that holds its events. */
  partitionsToRead(topic: Topic, stream: string | undefined): Promise<readonly number[]>;
  /**
   * Up to `limit` events of one partition (only the stream's, with a stream) from `fromOffset` on,
   * in offset order, as written. Fewer than `limit` means the read reached the partition's end.
   */
  readPage(topic: Topic, partition: number, fromOffset: number, limit: number, stream: string | undefined): Promise<readonly StoredEvent[]>;
}

export const DEFAULT_PAGE_SIZE = 500;

/** EventLog.readAll over an adapter's partitions: every consumer of the log reads through this loop. */
export async function* readAllPages(log: PartitionedLog, options: ReadAllOptions, upcasters: Upcasters): AsyncGenerator<LogPage> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`a page holds at least one event, not ${pageSize}`);
  for (const topic of options.topics ?? ALL_TOPICS) {
    for (const partition of await log.partitionsToRead(topic, options.stream)) {
      if (options.partitions && !options.partitions(topic, partition)) continue;
      let from = (await options.from?.(topic, partition)) ?? 0;
      for (;;) {
        const events = await log.readPage(topic, partition, from, pageSize, options.stream);
        if (events.length > 0)
          yield { topic, partition, events: options.asWritten ? events : events.map((event) => upcast(event, upcasters)) };
        if (events.length < pageSize) break;
        from = events[events.length - 1]!.position.offset + 1;
      }
    }
  }
}
