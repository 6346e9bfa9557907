import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type ShopEvent } from '@toolforge/contracts';
import { openEmbeddedPostgres } from './pglite.js';
import { eventLogContract, productDeleted as deleted } from '../test/eventLogContract.js';
import { readEvents } from '../testing/eventLog.js';
import { ConcurrencyError } from '../eventLog/eventLog.js';
import { GENESIS_HASH, chainHash } from '../eventLog/chain.js';
import { PgliteEventLog } from './pgliteEventLog.js';

eventLogContract('PGlite event log', async (options) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-log-'));
  let db = await openEmbeddedPostgres(dataDir);
  let log = await PgliteEventLog.open(db, options);
  return {
    log,
    // The embedded log reads its own events by offset: the query side holds the log itself.
    eventsAt: () => log,
    async reopen() {
      await db.close();
      db = await openEmbeddedPostgres(dataDir);
      log = await PgliteEventLog.open(db, options);
      return log;
    },
    async close() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('PGlite event log', () => {
  let db: PGlite;
  let log: PgliteEventLog;

  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    log = await PgliteEventLog.open(db);
  });
  afterAll(() => db.close());

  it('has an id of its own, made when first opened and kept, and says where each topic ends', async () => {
    const own = await openEmbeddedPostgres(null);
    try {
      const ownLog = await PgliteEventLog.open(own);
      const appended = await ownLog.append({
        topic: TOPICS.orders,
        streamId: 'id',
        expectedVersion: 0,
        events: [deleted('id'), deleted('id')],
      });
      const identity = await ownLog.identify();
      expect(identity.logId).toMatch(/^the embedded log [0-9a-f-]{36}$/);
      expect(identity.ends).toEqual([{ topic: TOPICS.orders, partition: 0, end: appended.position.offset + 1 }]);
      expect((await (await PgliteEventLog.open(own)).identify()).logId).toBe(identity.logId);
      expect((await log.identify()).logId).not.toBe(identity.logId);
    } finally {
      await own.close();
    }
  });

  it('says where each topic’s partitions end, each pair found by its own index lookups', async () => {
    const own = await openEmbeddedPostgres(null);
    try {
      const ownLog = await PgliteEventLog.open(own);
      // Written by hand: the log's own appends use one partition, and its ends must hold for any.
      await own.query(
        `insert into events (topic, partition, "offset", stream_id, stream_position, event_id, type, data, meta)
         select topic, partition, "offset", topic || partition || "offset", 1, gen_random_uuid(), 'ProductDeleted', '{}', '{}'
           from (values ($1, 0, 3), ($1, 2, 5), ($2, 1, 2), ($3, 0, 1)) as ends(topic, partition, count),
                generate_series(0, count - 1) as "offset"`,
        [TOPICS.orders, TOPICS.products, TOPICS.users],
      );
      const ends = (await ownLog.identify()).ends.map(({ topic, partition, end }) => [topic, partition, end]);
      expect(ends.sort()).toEqual(
        [
          [TOPICS.orders, 0, 3],
          [TOPICS.orders, 2, 5],
          [TOPICS.products, 1, 2],
          [TOPICS.users, 0, 1],
        ].sort(),
      );
      expect([...(await ownLog.endOffsets(TOPICS.orders))]).toEqual([
        [0, 3],
        [2, 5],
      ]);
      expect([...(await ownLog.endOffsets(TOPICS.products))]).toEqual([[1, 2]]);
      expect([...(await ownLog.endOffsets(TOPICS.reviews))]).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('appends with dense offsets per topic, in its one partition', async () => {
    const first = await log.append({ topic: TOPICS.products, streamId: 'a', expectedVersion: 0, events: [deleted('a'), deleted('a')] });
    const second = await log.append({ topic: TOPICS.products, streamId: 'b', expectedVersion: 0, events: [deleted('b')] });
    expect(first.stored.map((event) => [event.position.offset, event.streamPosition])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(second.position).toEqual({ topic: TOPICS.products, partition: 0, offset: 2 });
    const other = await log.append({ topic: TOPICS.orders, streamId: 'a', expectedVersion: 0, events: [deleted('x')] });
    expect(other.position.offset).toBe(0);
    const pages = [];
    for await (const page of log.readAll({ topics: [TOPICS.orders] })) pages.push(page);
    expect(pages.map((page) => [page.topic, page.partition])).toEqual([[TOPICS.orders, 0]]);
  });

  it('reads back every text as written, whatever it holds: the page is JSON put together by the statement', async () => {
    const awkward = 'a "quoted", back\\slashed, new\nline, tab\t, ünïcødé ✓ 🔧, </script>';
    const event = { ...deleted(awkward), data: { productId: awkward, nested: { text: awkward, list: [awkward, 1.5, null, true] } } };
    const appended = await log.append({ topic: TOPICS.reviews, streamId: awkward, expectedVersion: 0, events: [event as ShopEvent] });
    const read = await readEvents(log, { topics: [TOPICS.reviews], stream: awkward });
    expect(read).toEqual(appended.stored);
    expect(read[0]).toMatchObject({ data: event.data, streamId: awkward, position: { topic: TOPICS.reviews, partition: 0, offset: 0 } });
  });

  it('goes on, on a log written before the chain, from the chain folded over its old events', async () => {
    const old = await openEmbeddedPostgres(null);
    try {
      const before = await PgliteEventLog.open(old);
      await before.append({ topic: TOPICS.products, streamId: 'old', expectedVersion: 0, events: [deleted('old'), deleted('old')] });
      // As a log from before the chain holds its events: no hashes.
      await old.exec('update events set previous_hash = null, hash = null');
      const legacy = await readEvents(before, { topics: [TOPICS.products], asWritten: true });
      expect(legacy.map((event) => event.chain)).toEqual([undefined, undefined]);

      const after = await PgliteEventLog.open(old);
      const { stored } = await after.append({ topic: TOPICS.products, streamId: 'new', expectedVersion: 0, events: [deleted('new')] });
      const folded = chainHash(chainHash(GENESIS_HASH, legacy[0]!), legacy[1]!);
      expect(stored[0]!.chain).toEqual({ previous: folded, hash: chainHash(folded, stored[0]!) });
      // The fold is kept: the next append reads its previous hash off the last event.
      const next = await after.append({ topic: TOPICS.products, streamId: 'new', expectedVersion: 1, events: [deleted('new')] });
      expect(next.stored[0]!.chain!.previous).toBe(stored[0]!.chain!.hash);
    } finally {
      await old.close();
    }
  });

  it('refuses an append whose expected version is stale, and stores nothing of it', async () => {
    await expect(log.append({ topic: TOPICS.products, streamId: 'a', expectedVersion: 1, events: [deleted('a')] })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    const events = await readEvents(log, { topics: [TOPICS.products] });
    expect(events).toHaveLength(3);
  });
});
