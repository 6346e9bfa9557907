import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { OPEN_TO_OTHERS } from './pgliteFiles.js';

/**
 * Takes group's and others' permissions off the data dir and everything in it (docs/security.md,
 * "Embedded data on disk"), and says how many entries had any. What PGlite makes now is the owner's
 * only (pgliteFiles.ts), but a data dir an earlier ToolForge wrote has 0666 files and 0755 folders:
 * anyone on the host could read customers' addresses from the WAL, or delete the log. Links are
 * left as they are (a chmod would change what they point at, which may be outside the data dir),
 * and so is anything that is neither a file nor a folder.
 */
export async function tightenDataDir(dataDir: string): Promise<number> {
  const entries = [dataDir, ...(await readdir(dataDir, { recursive: true })).map((entry) => join(dataDir, entry))];
  let tightened = 0;
  for (const entry of entries) {
    const stats = await lstat(entry).catch(gone);
    if (!stats || (!stats.isFile() && !stats.isDirectory()) || (stats.mode & OPEN_TO_OTHERS) === 0) continue;
    await chmod(entry, stats.mode & 0o7777 & ~OPEN_TO_OTHERS);
    tightened += 1;
  }
  return tightened;
}

/** An entry removed between the listing and its look (the Auth emulator's files, say) needs nothing. */
function gone(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
