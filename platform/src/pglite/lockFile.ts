import { link, open, rm, writeFile } from 'node:fs/promises';
import { setTimeout as pause } from 'node:timers/promises';

/**
 * A lock file that names its holder, a process, and that a process may take over once its holder
 * has died (dataDirLock.ts). Taking it, and taking it over, are each decided by one operation that
 * only one process can win: a hard link to a name that does not exist yet (link fails when it
 * does). Nothing is ever removed on the strength of a look taken earlier, which is how two
 * processes that both found a dead holder could both remove "its" lock, the second removing the
 * first's new one, and both go on as its holder.
 *
 * - Each holder writes its text (pid and a token never used before) to a file of its own first and
 *   links that as the lock: a lock is never seen half written, and its token tells one lock from any
 *   other, even from a later one with the same pid or on the same inode.
 * - A stale lock (token T) may be removed only by whoever made the link `<lock>.claim-T`. Its maker
 *   removes the lock if it still bears T (nobody else can have removed it: they would need the same
 *   claim), then its claims, then links its own lock like anyone else, which one process wins.
 * - A claim whose maker died before it was done is itself stale, and taken over the same way: by a
 *   link to `<lock>.claim-<its token>`. Whoever makes the last link of that chain is the one who may
 *   remove the lock. Claims are made with a second token of their own, never the lock's, so the
 *   chain of one lock never runs into the claims on a later one.
 */

/** A process that holds or wants the lock, with the tokens of its lock and of its claims. */
export interface Claimant {
  readonly pid: number;
  readonly lockToken: string;
  readonly claimToken: string;
}

/** Whether the process with this pid still holds what it made (dead holders' locks are taken over). */
export type HolderAlive = (pid: number) => boolean;

/** What a lock or claim file says: its maker's pid, and the token naming this one file. */
interface Written {
  readonly pid: number;
  readonly token: string;
}

/** How often a lock being taken over by a live process is looked at again before giving up. */
const ATTEMPTS = 100;
const PAUSE_MS = 20;

/**
 * Takes `file` for `claimant`: undefined once it holds it, or the pid of the live process that
 * does. A lock whose holder is dead is taken over; one being taken over by a live process is
 * waited for.
 */
export async function takeLockFile(file: string, claimant: Claimant, isAlive: HolderAlive): Promise<number | undefined> {
  const lock = `${file}.${claimant.lockToken}`;
  const claim = `${file}.${claimant.claimToken}`;
  await writeFile(lock, `${claimant.pid}\n${claimant.lockToken}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await writeFile(claim, `${claimant.pid}\n${claimant.claimToken}\n`, { flag: 'wx', mode: 0o600 });
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      if (await linked(lock, file)) return undefined;
      const holder = await readWritten(file);
      // Released since: try again.
      if (!holder) continue;
      if (isAlive(holder.pid)) return holder.pid;
      if ((await removeStale(file, holder.token, claim, isAlive)) === 'being taken over') await pause(PAUSE_MS);
    }
    throw new Error(`could not take ${file}: other processes kept taking it over`);
  } finally {
    await rm(lock, { force: true });
    await rm(claim, { force: true });
  }
}

/** Gives `file` up, unless it is no longer the lock of `lockToken` (then it is not ours to remove). */
export async function releaseLockFile(file: string, lockToken: string): Promise<void> {
  if ((await readWritten(file))?.token === lockToken) await rm(file, { force: true });
}

/**
 * Removes the lock `file` bearing `stale`, if this process is the one that may: the one that links
 * the end of the chain of claims on it. Otherwise a live process is taking it over (to be waited
 * for), or the chain moved on meanwhile (to be looked at again).
 */
async function removeStale(
  file: string,
  stale: string,
  claim: string,
  isAlive: HolderAlive,
): Promise<'removed' | 'being taken over' | 'moved on'> {
  const chain: string[] = [];
  for (let claimed = stale; ;) {
    const next = `${file}.claim-${claimed}`;
    if (await linked(claim, next)) {
      chain.push(next);
      break;
    }
    const claimer = await readWritten(next);
    if (!claimer) return 'moved on';
    if (isAlive(claimer.pid)) return 'being taken over';
    chain.push(next);
    claimed = claimer.token;
  }
  try {
    if ((await readWritten(file))?.token !== stale) return 'moved on';
    await rm(file, { force: true });
    return 'removed';
  } finally {
    // The lock bearing `stale` is gone for good: its claims lead nowhere now.
    for (const made of chain) await rm(made, { force: true });
  }
}

/** Links `existing` as `name`: false when `name` already exists. */
async function linked(existing: string, name: string): Promise<boolean> {
  try {
    await link(existing, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * What a lock or claim file says, or undefined when there is none. A lock an earlier ToolForge wrote
 * holds only a pid: its inode stands in for the token (that lock is never replaced in place).
 */
async function readWritten(file: string): Promise<Written | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const [pid = '', token] = (await handle.readFile('utf8')).split('\n');
    return { pid: Number(pid.trim()), token: token?.trim() || `inode-${(await handle.stat()).ino}` };
  } finally {
    await handle.close();
  }
}
