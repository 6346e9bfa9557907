import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOPICS, TOPICS, type ShopEvent, type Topic } from '@toolforge/contracts';
import { orderPlaced, writtenInVersion1 } from '@toolforge/contracts/testing';
import { ConcurrencyError, type EventLog, type EventsAt, type LogPage, type ReadAllOptions, type ReadFrom } from '../eventLog/eventLog.js';
import { SHOP_UPCASTERS, type UpcastOptions } from '../eventLog/upcasters.js';
import { GENESIS_HASH, chainHash } from '../eventLog/chain.js';
import { readEvents } from '../testing/eventLog.js';

/** A log under test: a fresh store, and a way to open the same store again (a restart). */
export interface LogUnderTest {
  log: EventLog;
  /** What reads the log's events at given offsets, as a reading process opens it (with the suite's upcasters). */
  eventsAt(): EventsAt;
  reopen(): Promise<EventLog>;
  close(): Promise<void>;
}

export const productDeleted = (productId: string): ShopEvent => ({
  type: 'ProductDeleted',
  data: { productId },
  meta: { eventId: crypto.randomUUID(), occurredAt: '2026-01-01T00:00:00.000Z', actor: null, commandId: 'c', schemaVersion: 1 },
});

/** A ProductDeleted of each of `productIds`, appended together to a stream of `log` at `expectedVersion`. */
export const appendDeleted = (log: EventLog, topic: Topic, streamId: string, expectedVersion: number, ...productIds: string[]) =>
  log.append({ topic, streamId, expectedVersion, events: productIds.map(productDeleted) });

/** Every page readAll hands out with these options. */
async function readPages(log: EventLog, options: ReadAllOptions = {}): Promise<LogPage[]> {
  const pages: LogPage[] = [];
  for await (const page of log.readAll(options)) pages.push(page);
  return pages;
}

/** One partition from an offset, every other from its start. */
const fromOffsetIn =
  (partition: number, offset: number): ReadFrom =>
  (_topic, each) =>
    each === partition ? offset : 0;

/**
 * What every EventLog adapter promises (platform/src/eventLog/eventLog.ts), whatever it runs on:
 * the embedded log and Kafka both pass it. Offsets need not be dense (Kafka's transaction markers
 * take offsets too), so the suite only relies on their order. The log is opened with the shop's
 * own upcasters, given as a reading process gives them. Reading events by offset (EventsAt) is
 * part of the promise, through whatever a reading process opens on that log.
 */
export function eventLogContract(name: string, open: (options: UpcastOptions) => Promise<LogUnderTest>) {
  describe(`${name}: the EventLog contract`, () => {
    let subject: LogUnderTest;
    let log: EventLog;

    beforeAll(async () => {
      subject = await open({ upcasters: SHOP_UPCASTERS });
      log = subject.log;
    });
    afterAll(() => subject.close());

    /** One append per event of `eventOf` (from version 0 on), each at the version the last left: what the log stored. */
    const appendOneByOne = async (topic: Topic, streamId: string, count: number, eventOf: (version: number) => ShopEvent) => {
      const stored = [];
      for (let version = 0; version < count; version += 1) {
        stored.push(...(await log.append({ topic, streamId, expectedVersion: version, events: [eventOf(version)] })).stored);
      }
      return stored;
    };

    it('stores an append’s events together, in order, after the expected version', async () => {
      const result = await appendDeleted(log, TOPICS.products, 'drill', 0, 'drill', 'drill');
      const [first, second] = result.stored;
      expect(result.stored.map((event) => [event.streamId, event.streamPosition])).toEqual([
        ['drill', 1],
        ['drill', 2],
      ]);
      expect(second!.position.partition).toBe(first!.position.partition);
      expect(second!.position.offset).toBe(first!.position.offset + 1);
      expect(result.position).toEqual(second!.position);
      expect(first!.position.topic).toBe(TOPICS.products);
      expect((await readPages(log, { topics: [TOPICS.products] })).map((page) => page.partition)).toContain(first!.position.partition);
    });

    it('reads a partition from an offset, in order, with the events as appended', async () => {
      const events = [productDeleted('saw'), productDeleted('saw')];
      const { stored } = await log.append({ topic: TOPICS.products, streamId: 'saw', expectedVersion: 0, events });
      const { partition, offset } = stored[0]!.position;
      const inPartition = async (from: number) =>
        (await readPages(log, { topics: [TOPICS.products], from: fromOffsetIn(partition, from) }))
          .filter((page) => page.partition === partition)
          .flatMap((page) => page.events);
      const read = await inPartition(offset);
      expect(read.slice(0, 2)).toEqual(stored);
      expect(read.slice(0, 2).map(({ type, data, meta }) => ({ type, data, meta }))).toEqual(events);
      const fromSecond = await inPartition(stored[1]!.position.offset);
      expect(fromSecond[0]).toEqual(stored[1]);
    });

    it('keeps one stream in one partition, in append order, and reads it alone', async () => {
      const positions = (await appendOneByOne(TOPICS.orders, 'order-1', 4, () => productDeleted('x'))).map((event) => event.position);
      await log.append({ topic: TOPICS.orders, streamId: 'order-2', expectedVersion: 0, events: [productDeleted('y')] });
      expect(new Set(positions.map((position) => position.partition)).size).toBe(1);
      const offsets = positions.map((position) => position.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      const read = await readEvents(log, { topics: [TOPICS.orders] });
      expect(read.filter((event) => event.streamId === 'order-1').map((event) => event.streamPosition)).toEqual([1, 2, 3, 4]);
      const stream = await readEvents(log, { topics: [TOPICS.orders], stream: 'order-1', pageSize: 3 });
      expect(stream.map((event) => [event.streamId, event.streamPosition, event.position])).toEqual(
        positions.map((position, index) => ['order-1', index + 1, position]),
      );
    });

    it('reads in pages, and a page is short only at the end', async () => {
      const appended = await appendOneByOne(TOPICS.users, 'paged', 7, (version) => productDeleted(`p${version}`));
      const { partition, offset } = appended[0]!.position;
      const pages = (await readPages(log, { topics: [TOPICS.users], from: fromOffsetIn(partition, offset), pageSize: 2 })).filter(
        (page) => page.partition === partition,
      );
      expect(pages.map((page) => page.events.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flatMap((page) => page.events)).toEqual(appended);
      expect(pages.every((page) => page.topic === TOPICS.users)).toBe(true);
    });

    it('reads nothing past the end', async () => {
      const { position } = await log.append({
        topic: TOPICS.users,
        streamId: 'last',
        expectedVersion: 0,
        events: [productDeleted('last')],
      });
      for (const from of [position.offset + 1, position.offset + 1000]) {
        const pages = await readPages(log, { topics: [TOPICS.users], from: fromOffsetIn(position.partition, from) });
        expect(pages.filter((page) => page.partition === position.partition)).toEqual([]);
      }
    });

    it('keeps each topic to itself, and reads every topic, one after the other, when none is named', async () => {
      await log.append({ topic: TOPICS.orders, streamId: 'only-orders', expectedVersion: 0, events: [productDeleted('o')] });
      const events = await readEvents(log, { topics: [TOPICS.products] });
      expect(events.map((event) => event.streamId)).not.toContain('only-orders');
      expect(events.every((event) => event.position.topic === TOPICS.products)).toBe(true);

      // Every topic holds an event, so that each has a page to read.
      for (const topic of ALL_TOPICS)
        await log.append({ topic, streamId: `one-in-${topic}`, expectedVersion: 0, events: [productDeleted(topic)] });
      const topics = (await readPages(log)).map((page) => page.topic);
      expect(topics.filter((topic, index) => topic !== topics[index - 1])).toEqual(ALL_TOPICS);
    });

    it('reads only the partitions asked for, and each in the order the whole read gives it', async () => {
      for (const stream of ['lane-a', 'lane-b', 'lane-c', 'lane-d', 'lane-e'])
        await log.append({ topic: TOPICS.reviews, streamId: stream, expectedVersion: 0, events: [productDeleted(stream)] });
      const whole = await readPages(log, { topics: [TOPICS.reviews] });
      const partitions = [...new Set(whole.map((page) => page.partition))];
      const asked = partitions[0]!;
      const one = await readPages(log, { topics: [TOPICS.reviews], partitions: (_topic, partition) => partition === asked });
      expect(one).toEqual(whole.filter((page) => page.partition === asked));
      const others = await readPages(log, { topics: [TOPICS.reviews], partitions: (_topic, partition) => partition !== asked });
      expect(others).toEqual(whole.filter((page) => page.partition !== asked));
    });

    it('refuses an append whose expected version is not the stream’s, and stores nothing of it', async () => {
      const appended = await appendDeleted(log, TOPICS.users, 'versioned', 0, 'v1', 'v2');
      for (const expectedVersion of [0, 1, 3]) {
        await expect(appendDeleted(log, TOPICS.users, 'versioned', expectedVersion, 'stale')).rejects.toBeInstanceOf(ConcurrencyError);
      }
      expect(await readEvents(log, { topics: [TOPICS.users], stream: 'versioned' })).toEqual(appended.stored);
      const { stored } = await appendDeleted(log, TOPICS.users, 'versioned', 2, 'v3');
      expect(stored[0]!.streamPosition).toBe(3);
    });

    it('stores a batch in one go: several streams and topics, one stream twice, each after the one before it', async () => {
      const hammer = productDeleted('hammer');
      const results = await log.appendBatch([
        { topic: TOPICS.products, streamId: 'hammer', expectedVersion: 0, events: [hammer] },
        { topic: TOPICS.users, streamId: 'batch-user', expectedVersion: 0, events: [productDeleted('u1'), productDeleted('u2')] },
        { topic: TOPICS.products, streamId: 'hammer', expectedVersion: 1, events: [productDeleted('hammer')] },
      ]);
      expect(results.map((result) => result.stored.map((event) => [event.streamId, event.streamPosition]))).toEqual([
        [['hammer', 1]],
        [
          ['batch-user', 1],
          ['batch-user', 2],
        ],
        [['hammer', 2]],
      ]);
      for (const result of results) expect(result.position).toEqual(result.stored.at(-1)!.position);
      // One stream's events follow each other in its partition in the batch's order.
      expect(results[2]!.position.offset).toBeGreaterThan(results[0]!.position.offset);
      expect(await readEvents(log, { topics: [TOPICS.products], stream: 'hammer' })).toEqual([
        ...results[0]!.stored,
        ...results[2]!.stored,
      ]);
      expect(await readEvents(log, { topics: [TOPICS.users], stream: 'batch-user' })).toEqual(results[1]!.stored);
    });

    it('stores nothing of a batch when one of its appends is not at its stream’s version', async () => {
      const stale = log.appendBatch([
        { topic: TOPICS.products, streamId: 'batch-fresh', expectedVersion: 0, events: [productDeleted('fresh')] },
        { topic: TOPICS.users, streamId: 'batch-user', expectedVersion: 1, events: [productDeleted('stale')] },
      ]);
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await readEvents(log, { topics: [TOPICS.products], stream: 'batch-fresh' })).toEqual([]);
      expect(await readEvents(log, { topics: [TOPICS.users], stream: 'batch-user' })).toHaveLength(2);
      const [stored] = await log.appendBatch([
        { topic: TOPICS.products, streamId: 'batch-fresh', expectedVersion: 0, events: [productDeleted('fresh')] },
      ]);
      expect(stored!.stored[0]!.streamPosition).toBe(1);
    });

    it('reads the events at given offsets of a partition: each once, in offset order, as readAll hands them out', async () => {
      const [placed, moved] = await log.appendBatch([
        { topic: TOPICS.orders, streamId: 'at-1', expectedVersion: 0, events: [productDeleted('a'), productDeleted('b')] },
        { topic: TOPICS.orders, streamId: 'at-1', expectedVersion: 2, events: [productDeleted('c')] },
      ]);
      const stored = [...placed!.stored, ...moved!.stored];
      const { partition } = stored[0]!.position;
      const [first, second, third] = stored.map((event) => event.position.offset);
      const read = await subject.eventsAt().readAt(TOPICS.orders, partition, [third!, first!, first!, second!]);
      expect(read).toEqual(stored);
      expect(read).toEqual((await readEvents(log, { topics: [TOPICS.orders], stream: 'at-1' })).slice(0, 3));
      // The middle of one append (one transaction on Kafka) alone.
      expect(await subject.eventsAt().readAt(TOPICS.orders, partition, [second!])).toEqual([stored[1]]);
      // The same offsets of another topic are that topic's events, never these.
      const elsewhere = await subject.eventsAt().readAt(TOPICS.users, partition, [first!, second!, third!]);
      expect(elsewhere.every((event) => event.position.topic === TOPICS.users && event.streamId !== 'at-1')).toBe(true);
    });

    it('leaves out the offsets that hold no event: past the end, not an offset at all', async () => {
      const { stored } = await appendDeleted(log, TOPICS.orders, 'at-2', 0, 'at-2');
      const { partition, offset } = stored[0]!.position;
      const eventsAt = subject.eventsAt();
      expect(await eventsAt.readAt(TOPICS.orders, partition, [])).toEqual([]);
      // offset + 1 is past the end (on Kafka, the append's commit marker sits there).
      expect(await eventsAt.readAt(TOPICS.orders, partition, [offset + 1, offset + 1000, -1, 0.5, Number.NaN])).toEqual([]);
      expect(await eventsAt.readAt(TOPICS.orders, partition, [offset + 1000, offset])).toEqual(stored);
    });

    it('hands out an event written in an older schema version in the current shape', async () => {
      // An order of schema version 1, before orders had lines: read back as today's, one line.
      const current = orderPlaced({ productId: 'p-old', name: 'Bench Vice', priceCents: 59_00 });
      const older = writtenInVersion1(current);
      const appended = await log.append({ topic: TOPICS.orders, streamId: current.data.orderId, expectedVersion: 0, events: [older] });
      const { position } = appended;

      const [read] = await readEvents(log, { topics: [TOPICS.orders], stream: current.data.orderId });
      // Its chain is the one it was written with: the hash covers what was written, not the upcast.
      const chain = appended.stored[0]!.chain;
      expect(read).toEqual({ ...current, position, streamId: current.data.orderId, streamPosition: 1, chain });
      const [asWritten] = await readEvents(log, { topics: [TOPICS.orders], stream: current.data.orderId, asWritten: true });
      expect(asWritten).toEqual({ ...older, position, streamId: current.data.orderId, streamPosition: 1, chain });
      expect(await subject.eventsAt().readAt(TOPICS.orders, position.partition, [position.offset])).toEqual([read]);
    });

    it('keeps the log across a reopen, and appends after it', async () => {
      const before = await readTopic(log, TOPICS.products);
      log = await subject.reopen();
      expect(await readTopic(log, TOPICS.products)).toEqual(before);
      const drill = before.filter((event) => event.streamId === 'drill');
      const { stored } = await appendDeleted(log, TOPICS.products, 'drill', drill.length, 'drill');
      expect(stored[0]!.streamPosition).toBe(drill.length + 1);
      expect(stored[0]!.position.offset).toBeGreaterThan(drill.at(-1)!.position.offset);
    });

    it('checks the expected version of a stream it has not read yet, after a reopen', async () => {
      const saw = await readEvents(log, { topics: [TOPICS.products], stream: 'saw' });
      log = await subject.reopen();
      await expect(appendDeleted(log, TOPICS.products, 'saw', 0, 'saw')).rejects.toBeInstanceOf(ConcurrencyError);
      const { stored } = await appendDeleted(log, TOPICS.products, 'saw', saw.length, 'saw');
      expect(stored[0]!.streamPosition).toBe(saw.length + 1);
    });

    it('chains each partition’s events, across batches and reopens: each names the hash of the one before, its own hash is of what it says', async () => {
      // Two appends in one batch to one partition, after everything the suite (and its reopens) wrote.
      const batch = await log.appendBatch([
        { topic: TOPICS.products, streamId: 'chain', expectedVersion: 0, events: [productDeleted('chain')] },
        { topic: TOPICS.products, streamId: 'chain', expectedVersion: 1, events: [productDeleted('chain')] },
      ]);
      const tails = new Map<string, string>();
      let chained = 0;
      for (const event of await readEvents(log, { asWritten: true })) {
        const key = `${event.position.topic}/${event.position.partition}`;
        const previous = tails.get(key) ?? GENESIS_HASH;
        expect(event.chain, `${key}/${event.position.offset}`).toEqual({ previous, hash: chainHash(previous, event) });
        tails.set(key, event.chain!.hash);
        chained += 1;
      }
      expect(chained).toBeGreaterThan(20);
      const [first, second] = batch.map((result) => result.stored[0]!);
      expect(second!.chain!.previous).toBe(first!.chain!.hash);
      expect(tails.get(`${TOPICS.products}/${second!.position.partition}`)).toBe(second!.chain!.hash);
    });
  });
}

function readTopic(log: EventLog, topic: Topic) {
  return readEvents(log, { topics: [topic] });
}
