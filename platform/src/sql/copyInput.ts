import type { Extension, PGliteInterface } from '@electric-sql/pglite';

/**
 * COPY's input for PGlite as a file in PGlite's own memory (its WebAssembly file system's /tmp),
 * which COPY then reads `from` by name. PGlite's way of handing COPY its input, a blob read as the
 * device /dev/blob, copies it into the database byte by byte in JavaScript: a noticeable part of a
 * rebuild of a million orders (bench-results/2026-11-27.md#the-rebuild-investigated), on the read model's
 * thread, which is the one the rebuild waits for (docs/operators.md). A file of the in-memory file
 * system is written and read a whole buffer at a time.
 *
 * The file system is reached through PGlite's extension interface, whose setup may add to what
 * PGlite's WebAssembly module runs before it starts (`preRun`), where the module's file system is
 * handed over: openEmbeddedPostgres opens every PGlite of the shop with it.
 */
interface CopyInputFiles {
  writeFile(path: string, bytes: Uint8Array): void;
  unlink(path: string): void;
}

/** Each PGlite's file system, once its module has started. */
const fileSystems = new WeakMap<PGliteInterface, CopyInputFiles>();

export const copyInputFiles: Extension = {
  name: 'toolforge-copy-input',
  setup: (pg, emscriptenOpts: { preRun?: unknown[] }) =>
    Promise.resolve({
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (module: { FS: CopyInputFiles }) => fileSystems.set(pg, module.FS)],
      },
    }),
};

/** Names each COPY's file: a transaction's statements may be sent before the one before them is answered. */
let lastFile = 0;

/**
 * Runs `copy(path)` (a COPY … from `path`) with `bytes` as the file at `path` in `pg`'s memory, and
 * removes the file after, whatever COPY answered.
 */
export async function withCopyInput<T>(pg: PGliteInterface, bytes: Uint8Array, copy: (path: string) => Promise<T>): Promise<T> {
  const files = fileSystems.get(pg);
  if (!files) throw new Error('this PGlite was not opened with copyInputFiles (openEmbeddedPostgres opens it so)');
  const path = `/tmp/toolforge-copy-${(lastFile += 1)}`;
  files.writeFile(path, bytes);
  try {
    return await copy(path);
  } finally {
    files.unlink(path);
  }
}
