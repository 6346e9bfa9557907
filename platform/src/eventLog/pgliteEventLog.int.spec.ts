import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, TOPICS } from '@toolforge/contracts';
import { openEmbeddedPostgres } from '../pglite.js';
import { eventLogContract, productDeleted as deleted } from '../test/eventLogContract.js';
import { PgliteEventLog } from './pgliteEventLog.js';

eventLogContract('PGlite event log', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-log-'));
  let db = await openEmbeddedPostgres(dataDir);
  return {
    log: await PgliteEventLog.open(db),
    async reopen() {
      await db.close();
      db = await openEmbeddedPostgres(dataDir);
      return PgliteEventLog.open(db);
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
    expect(await log.partitions(TOPICS.orders)).toEqual([0]);
  });

  it('refuses an append whose expected version is stale, and stores nothing of it', async () => {
    await expect(
      log.append({ topic: TOPICS.products, streamId: 'a', expectedVersion: 1, events: [deleted('a')] }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const events = await log.read(TOPICS.products, 0, 0, 100);
    expect(events).toHaveLength(3);
  });
});
