import { expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteEventLog, lockDataDir, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { describeCli, runCli } from './cli.suite.js';

describeCli('the embedded log and read model (PGlite in DATA_DIR)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-cli-'));
  // As `make start` keeps them: the log and the read model each in a database of its own.
  const logDb = await openEmbeddedPostgres(dataDir, 'log');
  const readModelDb = await openEmbeddedPostgres(dataDir, 'readModel');
  let open = true;
  const release = async () => {
    if (open) await Promise.all([logDb.close(), readModelDb.close()]);
    open = false;
  };
  return {
    log: await PgliteEventLog.open(logDb),
    readModel: pgliteSql(readModelDb),
    env: { DATA_DIR: dataDir },
    release,
    async close() {
      await release();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

it('refuses, with exit code 2 and what to do, a data dir that a running shop holds without answering on its socket', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-cli-'));
  await (await openEmbeddedPostgres(dataDir)).close();
  const lock = await lockDataDir(dataDir);
  try {
    const { code, stdout, stderr } = await runCli(['events', 'list'], { DATA_DIR: dataDir });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/is running \(pid \d+\): stop make start first, or point DATA_DIR at a copy/);
  } finally {
    await lock.release();
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('says there is no shop in a DATA_DIR that holds none, with exit code 2', async () => {
  const { code, stderr } = await runCli(['audit', 'orders'], { DATA_DIR: join(tmpdir(), `toolforge-none-${crypto.randomUUID()}`) });
  expect(code).toBe(2);
  expect(stderr).toMatch(/there is no embedded shop in/);
});
