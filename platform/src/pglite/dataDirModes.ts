import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EMBEDDED_DATABASES } from './pglite.js';
import { OPEN_TO_OTHERS } from './pgliteFiles.js';

/**
 * What the shop keeps in a data dir, each looked through to its last file: its two databases, and
 * the Auth emulator's accounts that `make start` keeps beside them (scripts/start.mjs). Anything
 * else there is another program's (`make services` keeps Kafka's storage in `.data`), left to it:
 * the data dir being 0700 already closes it to other users.
 */
const SHOP_ENTRIES = [...Object.values(EMBEDDED_DATABASES), 'auth'];

/**
 * Takes group's and others' permissions off the data dir and what the shop keeps in it (docs/security.md,
 * "Embedded data on disk"), and says how many entries had any. What PGlite makes now is the owner's
 * only (pgliteFiles.ts), but a data dir an earlier ToolForge wrote has 0666 files and 0755 folders:
 * anyone on the host could read customers' addresses from the WAL, or delete the log. Links are
 * left as they are (a chmod would change what they point at, which may be outside the data dir),
 * and so is anything that is neither a file nor a folder.
 */
export async function tightenDataDir(dataDir: string): Promise<number> {
  const entries = [dataDir];
  for (const entry of SHOP_ENTRIES.map((name) => join(dataDir, name))) {
    const inside = await readdir(entry, { recursive: true }).catch(gone);
    if (inside) entries.push(entry, ...inside.map((name) => join(entry, name)));
  }
  let tightened = 0;
  for (const entry of entries) {
    const stats = await lstat(entry).catch(gone);
    if (!stats || (!stats.isFile() && !stats.isDirectory()) || (stats.mode & OPEN_TO_OTHERS) === 0) continue;
    await chmod(entry, stats.mode & 0o7777 & ~OPEN_TO_OTHERS);
    tightened += 1;
  }
  return tightened;
}

/** An entry not there (the read model before its first start), or removed since it was listed, needs nothing. */
function gone(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
