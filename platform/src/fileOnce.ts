import { randomBytes } from 'node:crypto';
import { link, unlink, writeFile } from 'node:fs/promises';

/**
 * Writes `content` to `file`, owner-only, unless the file exists: into a file of its own first,
 * then linked into place, which fails if another process got there first (whose file then stands).
 * Processes starting together on one machine thus end up reading the same secret or key. The folder must exist.
 */
export async function writeFileOnce(file: string, content: string): Promise<void> {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, content, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
}
