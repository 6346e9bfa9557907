import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens the embedded Postgres (docs/architecture.md §2) persisted under `dataDir`, or in memory when dataDir is
 * null (tests). One process owns a data dir: PGlite is a single-connection database.
 */
export async function openEmbeddedPostgres(dataDir: string | null): Promise<PGlite> {
  if (dataDir === null) return PGlite.create();
  const path = join(dataDir, 'pg');
  await mkdir(path, { recursive: true });
  return PGlite.create(path);
}

/** The embedded database's type, for packages that receive one without depending on PGlite. */
export type EmbeddedPostgres = PGlite;
