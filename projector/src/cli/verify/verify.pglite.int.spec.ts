import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { orderPlaced, productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import { GENESIS_HASH, chainHash, readConfig } from '@toolforge/platform';
import { startAnchoring } from '@toolforge/platform/anchors';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { logWriter, readEvents } from '@toolforge/platform/testing';
import { run } from '../program.js';

const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

/**
 * `audit verify` on a data dir as `make start` leaves it: a log from before the chain (its first
 * events unchained), a writer that signed a genesis anchor over them and checkpoints after, then
 * the log's table edited behind the writer's back.
 */
describe('toolforge audit verify on the embedded log', { timeout: 120_000 }, () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let publicKey: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-verify-'));
    env = { DATA_DIR: dataDir, AUDIT_ANCHOR_EVENTS: '5' };
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      const before = await PgliteEventLog.open(db);
      const appendBefore = logWriter(before);
      await appendBefore(productAdded({ productId: 'p-old', name: 'Old Saw', priceCents: 20_00, stock: 4 }));
      await appendBefore(stockAdjusted('p-old', 3));
      // As a log written before this change holds its events.
      await db.exec('update events set previous_hash = null, hash = null');

      const log = await PgliteEventLog.open(db);
      const anchoring = await startAnchoring(log, readConfig(env).anchors, quiet);
      await anchoring.genesis;
      publicKey = anchoring.publicKey;
      const append = logWriter(log);
      await log.append({ topic: TOPICS.products, streamId: 'p-old', expectedVersion: 2, events: [stockAdjusted('p-old', 5)] });
      for (let n = 1; n <= 6; n += 1) {
        await append(productAdded({ productId: `p-${n}`, name: `Drill ${n}`, priceCents: 50_00, stock: 10 }));
        await append(orderPlaced({ productId: `p-${n}`, name: `Drill ${n}`, priceCents: 50_00 }, { orderId: `o-${n}`, quantity: 1 }));
      }
      await anchoring.close();
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function verify(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await run(['audit', 'verify', ...argv], io, env);
    return { code, stdout, stderr };
  }

  /** Runs `change` on the log's database while the tool is not running. */
  async function inLog<T>(change: (db: Awaited<ReturnType<typeof openEmbeddedPostgres>>) => Promise<T>): Promise<T> {
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      return await change(db);
    } finally {
      await db.close();
    }
  }

  it('finds a log as its writer wrote it clean (exit 0), the old events under the genesis anchor, with the key the writer signs with', async () => {
    const { code, stdout } = await verify('--format', 'json');
    const report = JSON.parse(stdout) as {
      publicKey: string;
      events: number;
      problems: unknown[];
      partitions: { topic: string; unchained: number; anchoredUpTo: number; lastOffset: number }[];
    };
    expect(code).toBe(0);
    expect(report.problems).toEqual([]);
    expect(report.publicKey).toBe(publicKey);
    expect(report.events).toBe(15);
    const products = report.partitions.find((p) => p.topic === TOPICS.products)!;
    expect(products).toMatchObject({ unchained: 2, anchoredUpTo: products.lastOffset });
    expect((await verify()).stdout).toMatch(/No problem/);
  });

  it('names an event edited in the table by its position (exit 1)', async () => {
    const original = await inLog(async (db) => {
      const row = await db.query<{ data: unknown }>(`select data from events where topic = $1 and "offset" = 4`, [TOPICS.products]);
      await db.query(`update events set data = jsonb_set(data, '{stock}', '1000') where topic = $1 and "offset" = 4`, [TOPICS.products]);
      return row.rows[0]!.data;
    });
    try {
      const { code, stdout } = await verify();
      expect(code).toBe(1);
      expect(stdout).toMatch(new RegExp(`${TOPICS.products}/0/4\\s+altered`));
      expect(stdout.match(/altered|broken-link|anchor-mismatch/g)).toEqual(['altered']);
    } finally {
      await inLog((db) =>
        db.query(`update events set data = $2 where topic = $1 and "offset" = 4`, [TOPICS.products, JSON.stringify(original)]),
      );
    }
    expect((await verify()).code).toBe(0);
  });

  it('catches a chain rewritten consistently after an edit, by the anchors; and an edit of the old events by the genesis anchor', async () => {
    const events = await inLog(async (db) => readEvents(await PgliteEventLog.open(db), { topics: [TOPICS.orders], asWritten: true }));
    await inLog(async (db) => {
      // The forger edits the third order's quantity and chains every event again, each link and hash consistent.
      let previous = GENESIS_HASH;
      for (const event of events) {
        const data = event.position.offset === 2 ? { ...event.data, lines: [] } : event.data;
        const hash = chainHash(previous, { ...event, data });
        await db.query(`update events set data = $3, previous_hash = $4, hash = $5 where topic = $1 and "offset" = $2`, [
          TOPICS.orders,
          event.position.offset,
          JSON.stringify(data),
          previous,
          hash,
        ]);
        previous = hash;
      }
      await db.query(`update events set data = jsonb_set(data, '{name}', '"New Saw"') where topic = $1 and "offset" = 0`, [
        TOPICS.products,
      ]);
    });
    const { code, stdout } = await verify('--format', 'json');
    const problems = (JSON.parse(stdout) as { problems: { kind: string; position: { topic: string; offset: number } }[] }).problems;
    expect(code).toBe(1);
    expect(problems.filter((p) => p.position.topic === TOPICS.orders).map((p) => p.kind)).toEqual(
      expect.arrayContaining(['anchor-mismatch']),
    );
    expect(
      problems.filter((p) => p.position.topic === TOPICS.orders).every((p) => p.kind === 'anchor-mismatch' && p.position.offset >= 2),
    ).toBe(true);
    // The old events have no hash of their own: their edit shows where the genesis anchor and the first chained event meet them.
    expect(problems.filter((p) => p.position.topic === TOPICS.products).map((p) => [p.kind, p.position.offset])).toEqual([
      ['anchor-mismatch', 1],
      ['broken-link', 2],
    ]);
  });

  it('refuses a key that is none (exit 2), and finds the anchors not signed by another key (exit 1)', async () => {
    const none = await verify('--public-key', 'not-a-key');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/is not a public key as toolforge status prints it/);
    const other = await verify('--public-key', `ed25519:${Buffer.alloc(32, 7).toString('base64')}`);
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/bad-anchor/);
  });
});
