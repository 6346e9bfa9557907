import { TOPIC_OF_EVENT, type LogPosition, type ShopEvent, type Topic } from '@toolforge/contracts';
import { streamIdOf } from '@toolforge/contracts/testing';
import type { AppendResult, EventLog, ReadAllOptions, ReadFrom, StoredEvent } from '../eventLog/eventLog.js';

/** An event as if the log held it at `offset` of partition 0 of its topic. */
export function stored<E extends ShopEvent>(event: E, offset: number, streamPosition = 1): StoredEvent<E> {
  return {
    ...event,
    position: { topic: TOPIC_OF_EVENT[event.type], partition: 0, offset },
    streamId: streamIdOf(event),
    streamPosition,
  };
}

/** Appends events to a log one at a time, as the command side would, tracking each stream's version. */
export function logWriter(log: EventLog): (event: ShopEvent) => Promise<AppendResult> {
  const versions = new Map<string, number>();
  return async (event) => {
    const topic = TOPIC_OF_EVENT[event.type];
    const streamId = streamIdOf(event);
    const key = `${topic}/${streamId}`;
    const expectedVersion = versions.get(key) ?? 0;
    const result = await log.append({ topic, streamId, expectedVersion, events: [event] });
    versions.set(key, expectedVersion + 1);
    return result;
  };
}

/** Every event readAll hands out with these options, in its order. */
export async function readEvents(log: EventLog, options: ReadAllOptions = {}): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const page of log.readAll(options)) events.push(...page.events);
  return events;
}

/** The event at a position (a command's acknowledgement), read through the port; undefined when none is there. */
export async function eventAt(log: EventLog, position: LogPosition): Promise<StoredEvent | undefined> {
  // Every other partition from past its end, which reads nothing.
  const from: ReadFrom = (_topic, partition) => (partition === position.partition ? position.offset : Number.MAX_SAFE_INTEGER);
  for await (const page of log.readAll({ topics: [position.topic as Topic], from, pageSize: 1 })) {
    const [event] = page.events;
    return event?.position.offset === position.offset ? event : undefined;
  }
  return undefined;
}
