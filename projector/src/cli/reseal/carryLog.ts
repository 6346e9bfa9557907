import { formatPosition, whyUnreadable, type ShopEvent, type Topic } from '@toolforge/contracts';
import { outsideTheChain, readAhead, upcast, type AppendRequest, type EventLog, type StoredEvent } from '@toolforge/platform';
import type { LogIdentity } from '@toolforge/platform/sql';

/** How far the reseal reads the old log: where each partition ended when it began. */
export interface LogReach {
  readonly topics: readonly Topic[];
  endOf(topic: string, partition: number): number;
  /** Every partition's end added up: the positions to read. */
  readonly positions: number;
}

export function reachOf(identity: LogIdentity): LogReach {
  const ends = new Map(identity.ends.map((end) => [`${end.topic}/${end.partition}`, end.end]));
  return {
    topics: [...new Set(identity.ends.filter((end) => end.end > 0).map((end) => end.topic as Topic))],
    endOf: (topic, partition) => ends.get(`${topic}/${partition}`) ?? 0,
    positions: identity.ends.reduce((sum, end) => sum + end.end, 0),
  };
}

/** What the copy did: the events it carried, and what it could not. */
export interface CarriedLog {
  /** The old log's events (records that hold one), per topic: the new log must hold as many. */
  readonly oldEvents: ReadonlyMap<string, number>;
  /** Their ids: the check finds each once in the new log. */
  readonly eventIds: ReadonlySet<string>;
  /** Events of the old log this build cannot read (not upgradable, of a newer ToolForge): not carried, and the reseal fails. */
  readonly notCarried: readonly string[];
  /** Records that hold no event at all (a foreign record on Kafka): no reader takes them, nor does the new log. */
  readonly notEvents: readonly string[];
  /** Events whose place in their stream is not the one they had (an old log with a gap in a stream). */
  readonly movedInStream: readonly string[];
}

/** Events appended in one batch, and their data's size at most: a Kafka broker takes about 1 MB per record batch. */
const BATCH_EVENTS = 1000;
const BATCH_BYTES = 256 * 1024;
const PAGE_SIZE = 2000;

/** One batch for the new log: its requests, and beside each the old log's events it carries. */
interface Batch {
  readonly requests: AppendRequest[];
  readonly sources: StoredEvent[][];
  bytes: number;
  events: number;
}

/**
 * Appends every event of `from`, up to `reach`, to `into` (the new log, which seals on the way in):
 * topic by topic, each partition in offset order, in the current shape (as every reader has them,
 * upgraded by the upcasters) with the same data, meta, stream and order in its stream. A stream
 * lives in one partition of each log (by its id: Kafka's key partitioner, the embedded log's one
 * partition per topic), so reading a partition in order and appending in that order keeps every
 * stream's order. Consecutive events of a stream go in one request; a batch holds many.
 */
export async function carryLog(
  from: Pick<EventLog, 'readAll'>,
  into: Pick<EventLog, 'appendBatch'>,
  reach: LogReach,
  onProgress: (read: number, carried: number) => void,
): Promise<CarriedLog> {
  const oldEvents = new Map<string, number>();
  const eventIds = new Set<string>();
  const notCarried: string[] = [];
  const notEvents: string[] = [];
  const movedInStream: string[] = [];
  const versions = new Map<string, number>();
  let read = 0;
  let carried = 0;
  let batch: Batch = { requests: [], sources: [], bytes: 0, events: 0 };

  const flush = async () => {
    if (batch.requests.length === 0) return;
    const { requests, sources } = batch;
    batch = { requests: [], sources: [], bytes: 0, events: 0 };
    const results = await into.appendBatch(requests);
    results.forEach((result, index) => {
      result.stored.forEach((stored, at) => {
        const source = sources[index]![at]!;
        if (stored.streamPosition !== source.streamPosition)
          movedInStream.push(`${formatPosition(source.position)} (${source.streamPosition} in its stream, ${stored.streamPosition} now)`);
      });
    });
    carried += results.reduce((sum, result) => sum + result.stored.length, 0);
  };

  // As written: the foreign records are told from the events this build cannot upgrade (both read as UnreadableRecord otherwise).
  const pages = from.readAll({
    asWritten: true,
    topics: reach.topics,
    pageSize: PAGE_SIZE,
    partitions: (topic, partition) => reach.endOf(topic, partition) > 0,
  });
  for await (const page of readAhead(pages)) {
    const end = reach.endOf(page.topic, page.partition);
    for (const written of page.events) {
      if (written.position.offset >= end) break;
      read += 1;
      if (outsideTheChain(written)) {
        notEvents.push(formatPosition(written.position));
        continue;
      }
      oldEvents.set(page.topic, (oldEvents.get(page.topic) ?? 0) + 1);
      const event = upcast(written);
      const unreadable = whyUnreadable(event);
      if (unreadable) {
        notCarried.push(`${formatPosition(written.position)}: ${unreadable}`);
        continue;
      }
      const key = `${page.topic}\u0000${event.streamId}`;
      const version = versions.get(key) ?? 0;
      versions.set(key, version + 1);
      const shopEvent = { type: event.type, data: event.data, meta: event.meta } as ShopEvent;
      const last = batch.requests.at(-1);
      if (last && last.topic === page.topic && last.streamId === event.streamId) {
        (last.events as ShopEvent[]).push(shopEvent);
        batch.sources.at(-1)!.push(event);
      } else {
        batch.requests.push({ topic: page.topic, streamId: event.streamId, expectedVersion: version, events: [shopEvent] });
        batch.sources.push([event]);
      }
      batch.events += 1;
      batch.bytes += JSON.stringify(event.data).length;
      eventIds.add(event.meta.eventId);
      if (batch.events >= BATCH_EVENTS || batch.bytes >= BATCH_BYTES) await flush();
    }
    onProgress(read, carried);
  }
  await flush();
  onProgress(read, carried);
  return { oldEvents, eventIds, notCarried, notEvents, movedInStream };
}
