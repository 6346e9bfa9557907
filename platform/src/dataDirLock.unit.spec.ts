import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from './dataDirLock.js';
import { launch } from './testing/index.js';

describe('lockDataDir', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('takes the data dir, writing this pid, and gives it back on release', async () => {
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lock.file, 'utf8')).toBe(String(process.pid));
    await lock.release();
    const again = await lockDataDir(dataDir);
    await again.release();
  });

  it('refuses a data dir held by a live process', async () => {
    const other = launch({ name: 'another process', command: process.execPath, args: ['-e', 'setTimeout(() => {}, 30000)'] });
    try {
      await writeFile(join(dataDir, 'toolforge.lock'), String(other.pid));
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const other = launch({ name: 'a process that has ended', command: process.execPath, args: ['-e', ''] });
    await other.exited;
    await writeFile(join(dataDir, 'toolforge.lock'), String(other.pid));
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lock.file, 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('refuses a second lock in this same process until the first is released', async () => {
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(join(dataDir, '.'))).rejects.toThrow(DataDirInUse);
    await lock.release();
    await (await lockDataDir(dataDir)).release();
  });

  it('takes over a lock bearing this pid that this process does not hold (a restarted container)', async () => {
    await writeFile(join(dataDir, 'toolforge.lock'), String(process.pid));
    const lock = await lockDataDir(dataDir);
    await lock.release();
  });
});
