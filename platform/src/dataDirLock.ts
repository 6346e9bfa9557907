import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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

/** The data dirs this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * Takes the data dir for this process: PGlite is a single-process database, and a second process
 * (or a second open in this one) on the same files would corrupt them. Whatever opens the embedded
 * database takes it first: `make start`'s host, or a service opening the embedded log. The lock is
 * a file holding our pid, created exclusively; one left behind by a process that died is taken
 * over, and so is one bearing our own pid that this process does not hold (a container restarted
 * with the same pid).
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const key = resolve(dataDir);
  if (held.has(key)) throw new DataDirInUse(dataDir, process.pid);
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      held.add(key);
      return {
        file,
        async release() {
          held.delete(key);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (held.has(key)) throw new DataDirInUse(dataDir, process.pid);
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new DataDirInUse(dataDir, holder);
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
