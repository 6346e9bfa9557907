import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tightenDataDir } from './dataDirModes.js';
import { releaseLockFile, takeLockFile } from './lockFile.js';

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`${dataDir} is in use by another ToolForge process (pid ${pid}); stop it first, or set DATA_DIR to another folder`);
    this.name = 'DataDirInUse';
  }
}

const LOCK_FILE = 'toolforge.lock';

/** The data dirs this process holds or is taking: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * Takes the data dir for this process: PGlite is a single-process database, and a second process
 * (or a second open in this one) on the same files would corrupt them. Whatever opens the embedded
 * database takes it first: `make start`'s host, or a service opening the embedded log, or the
 * operators' tool. The lock is a file holding our pid, taken with a link that only one process can
 * make (lockFile.ts); one left behind by a process that died is taken over, and so is one bearing
 * our own pid that this process does not hold (a container restarted with the same pid).
 *
 * Once it is ours, the data dir is made the owner's only (docs/security.md, "Embedded data on
 * disk"): it is made 0700, and anything in it that group or others may use is tightened, with one
 * line saying how many.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const key = resolve(dataDir);
  if (held.has(key)) throw new DataDirInUse(dataDir, process.pid);
  // Taken at once, before anything is awaited: two opens begun together in this process cannot both get past here.
  held.add(key);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, LOCK_FILE);
    const claimant = { pid: process.pid, lockToken: randomUUID(), claimToken: randomUUID() };
    const holder = await takeLockFile(file, claimant, anotherProcessAlive);
    if (holder !== undefined) throw new DataDirInUse(dataDir, holder);
    const release = () => releaseLockFile(file, claimant.lockToken);
    await tightenDataDir(dataDir).then(sayTightened(dataDir), async (error: unknown) => {
      await release();
      throw error;
    });
    return {
      file,
      async release() {
        held.delete(key);
        await release();
      },
    };
  } catch (error) {
    held.delete(key);
    throw error;
  }
}

/** The one line a start says when it had to tighten the data dir. */
const sayTightened = (dataDir: string) => (tightened: number) => {
  if (tightened > 0)
    console.warn(
      `${dataDir}: ${tightened} files and folders were open to other users; they are the owner's only now (0700 folders, 0600 files)`,
    );
};

/** Whether `pid` is a live process other than this one: this process does not hold what it does not know it holds. */
function anotherProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
