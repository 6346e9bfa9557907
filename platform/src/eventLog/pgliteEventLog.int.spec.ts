import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, TOPICS, type ShopEvent } from '@toolforge/contracts';
import { openEmbeddedPostgres } from '../pglite.js';
import { PgliteEventLog } from './pgliteEventLog.js';

const deleted = (productId: string, eventId: string = crypto.randomUUID()): ShopEvent => ({
  type: 'ProductDeleted',
  data: { productId },
  meta: { eventId, occurredAt: '2026-01-01T00:00:00.000Z', actor: null, commandId: 'c', schemaVersion: 1 },
});

describe('PGlite event log', () => {
  let dataDir: string;
  let db: PGlite;
  let log: PgliteEventLog;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-log-'));
    db = await openEmbeddedPostgres(dataDir);
    log = await PgliteEventLog.open(db);
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('appends with dense offsets per topic and stream positions per stream', async () => {
    const first = await log.append({ topic: TOPICS.products, streamId: 'a', expectedVersion: 0, events: [deleted('a'), deleted('a')] });
    const second = await log.append({ topic: TOPICS.products, streamId: 'b', expectedVersion: 0, events: [deleted('b')] });
    expect(first.stored.map((event) => [event.position.offset, event.streamPosition])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(second.position).toEqual({ topic: TOPICS.products, partition: 0, offset: 2 });
    const other = await log.append({ topic: TOPICS.orders, streamId: 'a', expectedVersion: 0, events: [deleted('x')] });
    expect(other.position.offset).toBe(0);
  });

  it('refuses an append whose expected version is stale, and stores nothing of it', async () => {
    await expect(
      log.append({ topic: TOPICS.products, streamId: 'a', expectedVersion: 1, events: [deleted('a')] }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const events = await log.read(TOPICS.products, 0, 0, 100);
    expect(events).toHaveLength(3);
  });

  it('reads a partition from an offset, in order, with the events as appended', async () => {
    const events = await log.read(TOPICS.products, 0, 1, 10);
    expect(events.map((event) => event.position.offset)).toEqual([1, 2]);
    expect(events[1]).toMatchObject({ type: 'ProductDeleted', data: { productId: 'b' }, streamId: 'b', streamPosition: 1 });
  });

  it('keeps the log in the data dir across a restart', async () => {
    const before = await log.read(TOPICS.products, 0, 0, 10);
    await db.close();
    db = await openEmbeddedPostgres(dataDir);
    log = await PgliteEventLog.open(db);
    expect(await log.read(TOPICS.products, 0, 0, 10)).toEqual(before);
    const next = await log.append({ topic: TOPICS.products, streamId: 'b', expectedVersion: 1, events: [deleted('b')] });
    expect(next.position.offset).toBe(3);
  });
});
