import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SOCKET_FILE } from '@toolforge/platform/operatorSocket';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { PGlite } from '@toolforge/platform/pglite';
import { TOPICS } from '@toolforge/contracts';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { logWriter, readEvents } from '@toolforge/platform/testing';
import { OperatorSocketRefusal, OperatorSocketUnreachable, connectToRunningShop, type RunningShopReader } from '@toolforge/projector';
import { serveOperatorSocket, type OperatorSocket } from './server.js';

/** The running shop's side (an embedded log and database, the socket in a data dir) and the tool's side of the socket. */
describe('the operators’ socket of a running embedded shop', () => {
  let dataDir: string;
  let db: PGlite;
  let log: PgliteEventLog;
  let socket: OperatorSocket;
  let reader: RunningShopReader;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-socket-'));
    db = await openEmbeddedPostgres(null);
    log = await PgliteEventLog.open(db);
    const append = logWriter(log);
    const drill = productAdded({ productId: 'p-drill', stock: 40 });
    await append(drill);
    for (let n = 1; n <= 5; n += 1) await append(orderPlaced(drill.data, { orderId: `o-${n}`, quantity: n }));
    await db.exec(
      "create table orders (order_id text primary key, quantity int not null); insert into orders values ('o-1', 1), ('o-2', 2)",
    );
    // A file left behind by a shop that was killed: nothing answers on it, and the next start replaces it.
    await writeFile(join(dataDir, OPERATOR_SOCKET_FILE), '');
    expect(await connectToRunningShop(dataDir)).toBeUndefined();
    socket = await serveOperatorSocket({ dataDir, readModel: db, log });
    reader = (await connectToRunningShop(dataDir))!;
  });
  afterAll(async () => {
    await reader?.close();
    await socket?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is a socket in the data dir that only its owner may open (mode 0600)', async () => {
    const file = await stat(socket.path);
    expect(socket.path).toBe(join(dataDir, OPERATOR_SOCKET_FILE));
    expect(file.isSocket()).toBe(true);
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('hands out the log page by page as the log itself does: topics, stream, starting points, page size', async () => {
    expect(await readEvents(reader.log)).toEqual(await readEvents(log));
    const pages = [];
    for await (const page of reader.log.readAll({ topics: [TOPICS.orders], pageSize: 2, from: () => 1 })) pages.push(page);
    expect(pages.map((page) => page.events.map((event) => event.position.offset))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect((await readEvents(reader.log, { stream: 'o-3' })).map((event) => event.streamId)).toEqual(['o-3']);
    expect(await reader.log.endOffsets(TOPICS.orders)).toEqual(await log.endOffsets(TOPICS.orders));
    expect(await reader.log.identify()).toEqual(await log.identify());
    await expect(reader.log.append({ topic: TOPICS.orders, streamId: 'o-9', expectedVersion: 0, events: [] })).rejects.toThrow(
      /only reads/,
    );
  });

  it('answers a read-only statement with parameters', async () => {
    const { rows } = await reader.readModel.query('select order_id, quantity from orders where quantity >= $1 order by order_id', [2]);
    expect(rows).toEqual([{ order_id: 'o-2', quantity: 2 }]);
  });

  it('refuses every write: a statement that is no SELECT, a write hidden in one (PostgreSQL, 25006), a transaction', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );

    const update = await refusal(reader.readModel.query("update orders set quantity = 9 where order_id = 'o-1'"));
    expect(update).toBeInstanceOf(OperatorSocketRefusal);
    expect(update).toMatchObject({ status: 400, message: expect.stringMatching(/only a SELECT/) });

    const hidden = await refusal(reader.readModel.query('with gone as (delete from orders returning *) select count(*) from gone'));
    expect(hidden).toMatchObject({ status: 400, code: '25006', message: expect.stringMatching(/read-only transaction/) });

    const sneaky = await refusal(reader.readModel.query("select 1; delete from orders where order_id = 'o-1'"));
    expect(sneaky).toBeInstanceOf(OperatorSocketRefusal);

    await expect(reader.readModel.transaction(() => Promise.resolve())).rejects.toThrow(/read-only/);
    expect((await db.query('select order_id, quantity from orders order by order_id')).rows).toEqual([
      { order_id: 'o-1', quantity: 1 },
      { order_id: 'o-2', quantity: 2 },
    ]);
  });

  it('rolls each statement back, so that a setting it changes does not outlive it in the shop’s one connection', async () => {
    const before = (await db.query<{ path: string }>("select current_setting('search_path') as path")).rows[0]!.path;
    await reader.readModel.query("select set_config('search_path', 'nowhere', false)");
    expect((await db.query<{ path: string }>("select current_setting('search_path') as path")).rows[0]!.path).toBe(before);
    await expect(db.query('select 1 from orders limit 1')).resolves.toBeDefined();
  });

  it('refuses a page bigger than its bound (one answer is never the whole log)', async () => {
    const pages = reader.log.readAll({ topics: [TOPICS.orders], pageSize: 100_000 });
    await expect(readAll(pages)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a data dir whose socket path would be too long (Node would cut it and listen elsewhere), creating nothing', async () => {
    const longDir = join(dataDir, 'x'.repeat(100));
    await expect(serveOperatorSocket({ dataDir: longDir, readModel: db, log })).rejects.toThrow(/longer than a Unix socket path may be/);
    await expect(stat(longDir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await connectToRunningShop(longDir)).toBeUndefined();
  });

  it('is gone once the shop stops: its file removed, and the tool told nothing answers, also mid-way', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'toolforge-socket-'));
    try {
      const other = await serveOperatorSocket({ dataDir: otherDir, readModel: db, log });
      const connected = (await connectToRunningShop(otherDir))!;
      await other.close();
      await expect(stat(other.path)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await connectToRunningShop(otherDir)).toBeUndefined();
      // A tool that was reading when the shop stopped is told so in one line (the CLI's exit code 2).
      await expect(connected.log.identify()).rejects.toBeInstanceOf(OperatorSocketUnreachable);
      await connected.close();
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

async function readAll(pages: AsyncIterable<unknown>): Promise<void> {
  for await (const page of pages) void page;
}
