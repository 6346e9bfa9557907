import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirInUse, lockDataDir } from './dataDirLock.js';
import { launch } from '../testing/index.js';

describe('lockDataDir', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-lock-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The pid a lock file names (its first line). */
  const holderOf = async (file: string) => (await readFile(file, 'utf8')).split('\n')[0];

  it('takes the data dir, writing this pid, and gives it back on release', async () => {
    const lock = await lockDataDir(dataDir);
    expect(await holderOf(lock.file)).toBe(String(process.pid));
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
    expect(await holderOf(lock.file)).toBe(String(process.pid));
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

  it("makes a new data dir the owner's only, and says nothing", async () => {
    const warn = vi.spyOn(console, 'warn');
    const fresh = join(dataDir, 'fresh');
    const lock = await lockDataDir(fresh);
    try {
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      expect((await stat(lock.file)).mode & 0o777).toBe(0o600);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await lock.release();
    }
  });

  it('tightens what is open to other users in an existing data dir, saying how many in one line', async () => {
    // As an earlier ToolForge left it: PGlite's 0666 files and 0755 folders.
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'pg', 'pg_wal'), { recursive: true, mode: 0o755 });
    await writeFile(join(dataDir, 'pg', 'pg_wal', '000000010000000000000001'), 'wal', { mode: 0o666 });
    await writeFile(join(dataDir, 'pg', 'PG_VERSION'), '17', { mode: 0o640 });
    await writeFile(join(dataDir, 'pg', 'postmaster.opts'), 'x', { mode: 0o600 });
    await chmod(join(dataDir, 'pg'), 0o755);
    await chmod(join(dataDir, 'pg', 'pg_wal'), 0o750);
    await chmod(join(dataDir, 'pg', 'pg_wal', '000000010000000000000001'), 0o666);
    // Another program's, beside the shop's (`make services` keeps Kafka's storage in .data): left to it.
    await mkdir(join(dataDir, 'kafka'), { mode: 0o755 });
    await writeFile(join(dataDir, 'kafka', 'meta.properties'), 'x', { mode: 0o644 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const lock = await lockDataDir(dataDir);
    try {
      const modes = Object.fromEntries(
        await Promise.all(
          [
            '.',
            'pg',
            'pg/pg_wal',
            'pg/pg_wal/000000010000000000000001',
            'pg/PG_VERSION',
            'pg/postmaster.opts',
            'kafka/meta.properties',
          ].map(async (entry) => [entry, ((await stat(join(dataDir, entry))).mode & 0o777).toString(8)] as const),
        ),
      );
      expect(modes).toEqual({
        '.': '700',
        pg: '700',
        'pg/pg_wal': '700',
        'pg/pg_wal/000000010000000000000001': '600',
        'pg/PG_VERSION': '600',
        'pg/postmaster.opts': '600',
        'kafka/meta.properties': '644',
      });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/: 5 files and folders were open to other users; they are the owner's only now/);
      expect((await readdir(dataDir)).sort()).toEqual(['kafka', 'pg', 'toolforge.lock']);
    } finally {
      await lock.release();
    }
  });
});
