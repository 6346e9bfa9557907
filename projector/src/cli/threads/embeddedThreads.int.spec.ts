import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import { logWriter, readEvents } from '@toolforge/platform/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { copyOrInsert } from '@toolforge/platform/sql';
import type { CopiedColumn } from '@toolforge/platform/sql';
import { openThreadedEventLog } from './threadedEventLog.js';
import { openThreadedReadModel, type ThreadedReadModel } from './threadedReadModel.js';

/**
 * The operators' tool's embedded databases on threads of their own (docs/operators.md): what the
 * tool reads and writes through them is what the databases hold and do on the thread that opens them.
 */
describe('the embedded log on a thread of its own', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-threads-'));
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      const append = logWriter(await PgliteEventLog.open(db));
      const drill = productAdded({ productId: 'p-drill' });
      await append(drill);
      await append(productAdded({ productId: 'p-vise' }));
      for (let n = 1; n <= 11; n += 1) {
        await append(userSignedIn({ uid: `u-${n % 3}` }));
        await append(orderPlaced(drill.data, { orderId: `o-${n}`, userId: `u-${n % 3}`, quantity: n }));
      }
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** What the log reads of itself, opened on this thread. */
  async function asTheLogReadsItself<T>(read: (log: PgliteEventLog) => Promise<T>): Promise<T> {
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      return await read(await PgliteEventLog.open(db));
    } finally {
      await db.close();
    }
  }

  it('reads every page as the log reads itself: whole, from a point, one stream, in pages the thread reads ahead', async () => {
    const reads = [
      {},
      { pageSize: 4 },
      { pageSize: 1, topics: [TOPICS.orders] },
      { pageSize: 3, from: () => 5 },
      { pageSize: 2, stream: 'o-7' },
      // Pages exactly as long as the partition: the last full page's next is empty.
      { pageSize: 11, topics: [TOPICS.orders] },
    ];
    const expected = await asTheLogReadsItself((log) => Promise.all(reads.map((options) => readEvents(log, options))));
    const log = await openThreadedEventLog(dataDir);
    try {
      for (const [index, options] of reads.entries()) expect(await readEvents(log, options)).toEqual(expected[index]);
      expect(expected[0]).toHaveLength(24);
      expect(expected[4]!.map((event) => event.type)).toEqual(['OrderPlaced']);
    } finally {
      await log.close();
    }
  });

  it('says where each topic ends and which log it is, as the log does; a read stopped after one page leaves nothing behind', async () => {
    const expected = await asTheLogReadsItself(async (log) => ({
      ends: await log.endOffsets(TOPICS.orders),
      identity: await log.identify(),
      users: await readEvents(log, { topics: [TOPICS.users], pageSize: 2 }),
    }));
    const log = await openThreadedEventLog(dataDir);
    try {
      expect(await log.endOffsets(TOPICS.orders)).toEqual(expected.ends);
      expect(await log.identify()).toEqual(expected.identity);
      // The thread reads the next page when the reader stops: the next read is answered its own pages all the same, and closing waits for it.
      for await (const page of log.readAll({ topics: [TOPICS.orders], pageSize: 2 })) {
        expect(page.events).toHaveLength(2);
        break;
      }
      expect(await readEvents(log, { topics: [TOPICS.users], pageSize: 2 })).toEqual(expected.users);
    } finally {
      await log.close();
    }
    await expect(log.endOffsets(TOPICS.orders)).rejects.toThrow(/the embedded log's thread ended/);
  });

  it('refuses appends: the tool only reads the log', async () => {
    const log = await openThreadedEventLog(dataDir);
    try {
      const request = { topic: TOPICS.users, streamId: 'u-1', expectedVersion: 0, events: [userSignedIn({ uid: 'u-1' })] };
      await expect(log.append(request)).rejects.toThrow('the operators’ tool only reads the log');
      await expect(log.appendBatch([request])).rejects.toThrow('the operators’ tool only reads the log');
    } finally {
      await log.close();
    }
    expect(await asTheLogReadsItself((own) => readEvents(own))).toHaveLength(24);
  });

  it('fails to open, with the reason, where no database can be', async () => {
    const notADir = join(dataDir, 'a-file');
    await writeFile(notADir, 'not a data dir');
    await expect(openThreadedEventLog(notADir)).rejects.toThrow(/ENOTDIR|EEXIST|not a directory/);
  });
});

describe('the embedded read model on a thread of its own', () => {
  let dataDir: string;
  let readModel: ThreadedReadModel;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-threads-'));
    readModel = await openThreadedReadModel(dataDir);
    await readModel.sql.query('create table items (id text primary key, quantity integer not null, at timestamptz not null)');
  });
  afterAll(async () => {
    await readModel.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const items = async () =>
    (await readModel.sql.query<{ id: string; quantity: number }>('select id, quantity from items order by id')).rows;

  it('runs statements with their parameters and answers their rows, values typed as PGlite types them', async () => {
    await readModel.sql.query('insert into items values ($1, $2, $3)', ['a', 1, '2026-11-27T10:00:00.000Z']);
    const { rows } = await readModel.sql.query<{ id: string; quantity: number; at: Date }>('select * from items where id = $1', ['a']);
    expect(rows).toEqual([{ id: 'a', quantity: 1, at: new Date('2026-11-27T10:00:00.000Z') }]);
  });

  it('commits a transaction when its work resolves, and rolls it back when the work throws', async () => {
    const answer = await readModel.sql.transaction(async (tx) => {
      await tx.query("insert into items values ('b', 2, now())");
      return (await tx.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n;
    });
    expect(answer).toBe(2);
    const failure = new Error('the work failed');
    await expect(
      readModel.sql.transaction(async (tx) => {
        await tx.query("insert into items values ('c', 3, now())");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await items()).toEqual([
      { id: 'a', quantity: 1 },
      { id: 'b', quantity: 2 },
    ]);
  });

  it('fails a statement with PostgreSQL’s SQLSTATE, which callers act on', async () => {
    await expect(readModel.sql.query("insert into items values ('a', 9, now())")).rejects.toMatchObject({
      code: '23505',
      message: expect.stringMatching(/duplicate key/),
    });
  });

  it('appends rows with COPY in a transaction, and falls back on the insert when COPY refuses them', async () => {
    const columns: CopiedColumn<string>[] = [
      { name: 'id', type: 'text', of: (id) => id },
      { name: 'quantity', type: 'integer', of: () => 5 },
      { name: 'at', type: 'timestamptz', of: () => '2026-11-27T10:00:00Z' },
    ];
    const copied = (ids: string[]) => ({ table: 'items', columns, rows: ids });
    await readModel.sql.transaction((tx) =>
      copyOrInsert(tx, copied(['d', 'e "quoted", with a comma']), () => Promise.reject(new Error('COPY was refused'))),
    );
    // 'a' is taken: COPY fails whole on its savepoint, and the insert decides.
    await readModel.sql.transaction((tx) =>
      copyOrInsert(tx, copied(['a', 'f']), () =>
        tx.query("insert into items values ('f', 6, now()) on conflict do nothing").then(() => undefined),
      ),
    );
    expect(await items()).toEqual([
      { id: 'a', quantity: 1 },
      { id: 'b', quantity: 2 },
      { id: 'd', quantity: 5 },
      { id: 'e "quoted", with a comma', quantity: 5 },
      { id: 'f', quantity: 6 },
    ]);
  });

  it('runs transactions one after another: the next one’s statements wait for the one before to commit', async () => {
    const first = readModel.sql.transaction(async (tx) => {
      await tx.query("insert into items values ('first', 1, now())");
      await tx.query('select pg_sleep(0.2)');
    });
    // Begun at once, without waiting for the thread's answer: its statement still runs after the commit.
    const next = readModel.sql.transaction(
      async (tx) => (await tx.query<{ n: number }>("select count(*)::int as n from items where id = 'first'")).rows[0]!.n,
    );
    await first;
    expect(await next).toBe(1);
    await readModel.sql.query("delete from items where id = 'first'");
  });
});
