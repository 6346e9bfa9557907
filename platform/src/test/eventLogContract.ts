import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventLog, type ShopEvent, type StoredEvent, type Topic } from '@toolforge/contracts';

/** A log under test: a fresh store, and a way to open the same store again (a restart). */
export interface LogUnderTest {
  log: EventLog;
  reopen(): Promise<EventLog>;
  close(): Promise<void>;
}

export const productDeleted = (productId: string): ShopEvent => ({
  type: 'ProductDeleted',
  data: { productId },
  meta: { eventId: crypto.randomUUID(), occurredAt: '2026-01-01T00:00:00.000Z', actor: null, commandId: 'c', schemaVersion: 1 },
});

/** Every event of a partition from an offset, read in pages the way the write model catches up. */
export async function readToEnd(log: EventLog, topic: Topic, partition: number, from: number, limit: number) {
  const pages: StoredEvent[][] = [];
  for (;;) {
    const page = [...(await log.read(topic, partition, from, limit))];
    pages.push(page);
    if (page.length < limit) return pages;
    from = page[page.length - 1]!.position.offset + 1;
  }
}

/**
 * What every EventLog adapter promises (contracts/src/eventLog.ts), whatever it runs on: the
 * embedded log and Kafka both pass it. Offsets need not be dense (Kafka's transaction markers take
 * offsets too), so the suite only relies on their order.
 */
export function eventLogContract(name: string, open: () => Promise<LogUnderTest>) {
  describe(`${name}: the EventLog contract`, () => {
    let subject: LogUnderTest;
    let log: EventLog;

    beforeAll(async () => {
      subject = await open();
      log = subject.log;
    });
    afterAll(() => subject.close());

    it('stores an append’s events together, in order, after the expected version', async () => {
      const result = await log.append({ topic: TOPICS.products, streamId: 'drill', expectedVersion: 0, events: [productDeleted('drill'), productDeleted('drill')] });
      const [first, second] = result.stored;
      expect(result.stored.map((event) => [event.streamId, event.streamPosition])).toEqual([
        ['drill', 1],
        ['drill', 2],
      ]);
      expect(second!.position.partition).toBe(first!.position.partition);
      expect(second!.position.offset).toBe(first!.position.offset + 1);
      expect(result.position).toEqual(second!.position);
      expect(first!.position.topic).toBe(TOPICS.products);
      expect(await log.partitions(TOPICS.products)).toContain(first!.position.partition);
    });

    it('reads a partition from an offset, in order, with the events as appended', async () => {
      const events = [productDeleted('saw'), productDeleted('saw')];
      const { stored } = await log.append({ topic: TOPICS.products, streamId: 'saw', expectedVersion: 0, events });
      const { partition, offset } = stored[0]!.position;
      const read = await log.read(TOPICS.products, partition, offset, 100);
      expect(read.slice(0, 2)).toEqual(stored);
      expect(read.slice(0, 2).map(({ type, data, meta }) => ({ type, data, meta }))).toEqual(events);
      const fromSecond = await log.read(TOPICS.products, partition, stored[1]!.position.offset, 100);
      expect(fromSecond[0]).toEqual(stored[1]);
    });

    it('keeps one stream in one partition, in append order', async () => {
      const positions = [];
      for (let version = 0; version < 4; version += 1) {
        const { stored } = await log.append({ topic: TOPICS.orders, streamId: 'order-1', expectedVersion: version, events: [productDeleted('x')] });
        positions.push(stored[0]!.position);
      }
      expect(new Set(positions.map((position) => position.partition)).size).toBe(1);
      const offsets = positions.map((position) => position.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      const read = await log.read(TOPICS.orders, positions[0]!.partition, 0, 100);
      expect(read.filter((event) => event.streamId === 'order-1').map((event) => event.streamPosition)).toEqual([1, 2, 3, 4]);
    });

    it('reads in pages, and a page is short only at the end', async () => {
      const appended: StoredEvent[] = [];
      for (let version = 0; version < 7; version += 1) {
        const { stored } = await log.append({ topic: TOPICS.users, streamId: 'paged', expectedVersion: version, events: [productDeleted(`p${version}`)] });
        appended.push(...stored);
      }
      const { partition } = appended[0]!.position;
      const pages = await readToEnd(log, TOPICS.users, partition, appended[0]!.position.offset, 2);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flat()).toEqual(appended);
    });

    it('reads nothing past the end', async () => {
      const { position } = await log.append({ topic: TOPICS.users, streamId: 'last', expectedVersion: 0, events: [productDeleted('last')] });
      expect(await log.read(TOPICS.users, position.partition, position.offset + 1, 10)).toEqual([]);
      expect(await log.read(TOPICS.users, position.partition, position.offset + 1000, 10)).toEqual([]);
    });

    it('keeps each topic to itself', async () => {
      await log.append({ topic: TOPICS.orders, streamId: 'only-orders', expectedVersion: 0, events: [productDeleted('o')] });
      for (const partition of await log.partitions(TOPICS.products)) {
        const events = await log.read(TOPICS.products, partition, 0, 1000);
        expect(events.map((event) => event.streamId)).not.toContain('only-orders');
        expect(events.every((event) => event.position.topic === TOPICS.products)).toBe(true);
      }
    });

    it('keeps the log across a reopen, and appends after it', async () => {
      const before = await readAll(log, TOPICS.products);
      log = await subject.reopen();
      expect(await readAll(log, TOPICS.products)).toEqual(before);
      const drill = before.filter((event) => event.streamId === 'drill');
      const { stored } = await log.append({ topic: TOPICS.products, streamId: 'drill', expectedVersion: drill.length, events: [productDeleted('drill')] });
      expect(stored[0]!.streamPosition).toBe(drill.length + 1);
      expect(stored[0]!.position.offset).toBeGreaterThan(drill.at(-1)!.position.offset);
    });
  });
}

async function readAll(log: EventLog, topic: Topic): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (const partition of await log.partitions(topic)) events.push(...(await readToEnd(log, topic, partition, 0, 500)).flat());
  return events;
}
