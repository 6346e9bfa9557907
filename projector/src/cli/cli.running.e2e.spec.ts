import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSocketPath } from '@toolforge/platform/operatorSocket';
import { connectToRunningShop } from './operatorSocket/client.js';
import { launchMakeStart, testPort, type LaunchedProcess } from '@toolforge/platform/testing';
import { knownEmbeddedShop, runCli, runCliUntil } from './cli.suite.js';

/**
 * The operators' tool on the embedded shop while `make start` runs (docs/operators.md): the built
 * process (scripts/start.mjs) holds the data dir, and the tool reads the log and the read model
 * through that process's socket. The read model was altered by hand before the start (order o-3's
 * status), so the running shop serves a read model that disagrees with its log on that one row.
 */
const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const API = `http://127.0.0.1:${testPort('runningShopApi')}`;

interface AuditJson {
  totals: { orders: number; quantity: number; revenue: string };
  consistency: { checked: number; disagreements: unknown[] };
}
const O3_STATUS = { what: 'order', id: 'o-3', field: 'status', log: 'pending', readModel: 'delivered' };

describe('toolforge while make start runs on the data dir', { timeout: 60_000 }, () => {
  let dataDir: string;
  let shop: LaunchedProcess;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'embedded/dist/index.js'))) throw new Error('build first: npx tsc -b (make test does)');
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-running-'));
    env = { DATA_DIR: dataDir };
    await knownEmbeddedShop(dataDir, (readModel) => readModel.query("update orders set status = 'delivered' where order_id = 'o-3'"));
    // The known history's orders were placed days ago and are still pending: with the default
    // reservation time the shop would cancel them as it starts, and the audit is about them as placed.
    shop = launchMakeStart({
      dataDir,
      apiPort: testPort('runningShopApi'),
      webPort: testPort('runningShopWeb'),
      env: { RESERVATION_TTL: '1000000h' },
    });
    await shop.waitUntilReady({ output: 'Press Ctrl-C to stop.' }, { timeoutMs: 90_000 });
  }, 120_000);
  afterAll(async () => {
    shop?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds the shop’s socket in the data dir, owner only (mode 0600)', async () => {
    const socket = await stat(operatorSocketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('audits the orders through the running shop: totals to the cent, exit 0 where the read model agrees, 1 on the altered row', async () => {
    const agreeing = await runCli(['audit', 'orders', '--to', '2026-11-21', '--format', 'json'], env);
    expect(agreeing.stderr).toBe('');
    expect(agreeing.code).toBe(0);
    // o-1 and o-2, and both products' stock.
    expect(JSON.parse(agreeing.stdout)).toMatchObject({
      totals: { orders: 2, quantity: 7, revenue: '965.20' },
      consistency: { checked: 4, disagreements: [] },
    });

    const all = await runCli(['audit', 'orders', '--format', 'json'], env);
    expect(all.code).toBe(1);
    const report = JSON.parse(all.stdout) as AuditJson;
    expect(report.totals).toMatchObject({ orders: 3, quantity: 8, revenue: '1150.65' });
    expect(report.consistency).toEqual({ checked: 5, disagreements: [O3_STATUS] });

    const one = await runCli(['audit', 'order', 'o-3', '--format', 'json'], env);
    expect(one.code).toBe(1);
    expect((JSON.parse(one.stdout) as AuditJson).consistency.disagreements).toEqual([O3_STATUS]);
  });

  it('lists and tails the events, and shows the projection status, through the running shop', async () => {
    const list = await runCli(['events', 'list', '--format', 'json'], env);
    expect(list.code).toBe(0);
    const lines = JSON.parse(list.stdout) as { type: string; stream: string }[];
    expect(lines.map((line) => `${line.type} ${line.stream}`)).toEqual([
      'ProductAdded p-drill',
      'ProductAdded p-vise',
      'OrderPlaced o-1',
      'OrderPlaced o-2',
      'OrderPlaced o-3',
      'UserSignedIn u-ada',
    ]);

    const tail = await runCliUntil(
      ['events', 'tail', '--from', '2026-11-20T12:00:00Z', '--type', 'OrderPlaced', '--format', 'json', '--poll-ms', '50'],
      env,
      (printed) => printed.split('\n').filter(Boolean).length >= 2,
    );
    expect(tail.code).toBe(0);
    expect(
      tail.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { stream: string }).stream),
    ).toEqual(['o-2', 'o-3']);

    const status = await runCli(['status', '--format', 'json'], env);
    expect(status.code).toBe(0);
    const projection = JSON.parse(status.stdout) as {
      log: string;
      boundToThisLog: boolean;
      deadLetters: number;
      partitions: { lag: number }[];
    };
    expect(projection).toMatchObject({ boundToThisLog: true, deadLetters: 0 });
    expect(projection.log).toBe(`the embedded log in ${dataDir}, read through the running shop (pid ${shop.pid})`);
    expect(projection.partitions.map((partition) => partition.lag)).toEqual([0, 0, 0]);
  });

  it('refuses a rebuild of the running shop with exit code 2 and what to do', async () => {
    const { code, stdout, stderr } = await runCli(['rebuild'], env);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      `toolforge: the embedded shop in ${dataDir} is running (pid ${shop.pid}): a rebuild writes the read model, so stop make start first, then run the rebuild\n`,
    );
  });

  it('refuses a replay of the running shop, even a dry run (it builds beside the read model), with exit code 2', async () => {
    for (const argv of [
      ['replay', '--from', '2026-11-20'],
      ['replay', '--from', '2026-11-20', '--dry-run'],
    ]) {
      const { code, stdout, stderr } = await runCli(argv, env);
      expect({ argv, code, stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(stderr).toBe(
        `toolforge: the embedded shop in ${dataDir} is running (pid ${shop.pid}): a replay writes the read model, so stop make start first, then run the replay\n`,
      );
    }
  });

  it('refuses a write sent on the socket’s SQL channel, and the shop serves on', async () => {
    const reader = (await connectToRunningShop(dataDir))!;
    try {
      await expect(reader.readModel.query("update orders set status = 'pending' where order_id = 'o-3'")).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/only a SELECT/),
      });
      await expect(
        reader.readModel.query(
          "with fixed as (update orders set status = 'pending' where order_id = 'o-3' returning 1) select count(*) from fixed",
        ),
      ).rejects.toMatchObject({ status: 400, code: '25006' });
      const { rows } = await reader.readModel.query<{ status: string }>('select status from orders where order_id = $1', ['o-3']);
      expect(rows).toEqual([{ status: 'delivered' }]);
    } finally {
      await reader.close();
    }
    expect((await fetch(`${API}/health`)).status).toBe(200);
  });

  it('removes its socket when it stops, and the tool then opens the data dir itself', async () => {
    expect(await shop.stop({ signal: 'SIGINT', graceMs: 30_000 })).toBe(0);
    await expect(stat(operatorSocketPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
    const { code, stdout } = await runCli(['audit', 'orders', '--format', 'json'], env);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as AuditJson).consistency.disagreements).toEqual([O3_STATUS]);
  });
});
