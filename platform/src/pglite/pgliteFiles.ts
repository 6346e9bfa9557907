// The module object, not its named functions: the file system layer below calls fs.fdatasyncSync
// and fs.fsyncSync through it, so that a test can watch the flushes it asks of the disk.
import fs from 'node:fs';
import type { Extension } from '@electric-sql/pglite';

/**
 * PGlite's files on the host's disk, as its WebAssembly Postgres writes them through Emscripten's
 * NODEFS (docs/event-log.md, "Durability"; docs/security.md, "Embedded data on disk"). Two things
 * NODEFS leaves out are put back here, through PGlite's extension interface, whose setup may add to
 * what the module runs before it starts (`preRun`, where the module's NODEFS is handed over), as
 * sql/copyInput.ts does for COPY's input; openEmbeddedPostgres opens every PGlite with it.
 *
 * - A flush. NODEFS has no `fsync` stream op, so Postgres's fsync() (WASI's fd_sync) does nothing,
 *   and Emscripten's fdatasync() syscall only checks the descriptor: whatever Postgres believes it
 *   flushed stays in the page cache. The op added here flushes the real file. It is Postgres's own
 *   fsync calls that it answers, at the moments Postgres chooses, rather than a flush of the WAL
 *   after each append: those include a checkpoint's flush of the data files before the WAL that
 *   could repair them is recycled, and the flush of a folder after a file is made or renamed in
 *   it, without which a power cut can tear pages no WAL is left to mend, or lose a new segment.
 *   A file gets fdatasync (its bytes and what is needed to read them back, such as its size, not
 *   its times, which Postgres never reads), a folder fsync (its entries).
 * - Modes for the owner only. Postgres asks for 0600 files and 0700 folders, but PGlite writes a new
 *   database's files from initdb's archive and then sets the archive's 0666 on each (a chmod, so no
 *   umask can help), and NODEFS makes folders 0777 less the umask. Group's and others' bits are
 *   taken off every mode NODEFS creates or sets, in whichever thread the PGlite runs (a worker
 *   cannot change the process's umask).
 */
export const ownerOnlyDurableFiles: Extension = {
  name: 'toolforge-owner-only-durable-files',
  setup: (_pg, emscriptenOpts: { preRun?: unknown[] }) =>
    Promise.resolve({
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (module: { NODEFS: NodeFileSystem }) => mendNodeFileSystem(module.NODEFS)],
      },
    }),
};

/** What no file or folder of a data dir gives: any permission to the group or to others. */
export const OPEN_TO_OTHERS = 0o077;

/**
 * The parts of Emscripten's NODEFS mended here, shared by all its files: functions that name NODEFS
 * itself rather than `this`, so they are called on their own.
 */
interface NodeFileSystem {
  node_ops: {
    mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown;
    setattr: (node: unknown, attr: Attributes) => void;
  };
  stream_ops: {
    fsync?: (stream: Stream) => number;
    setattr: (stream: Stream, attr: Attributes) => void;
  };
}

/** A NODEFS stream: the host file's descriptor, and its node's mode. */
interface Stream {
  readonly nfd: number;
  readonly node: { readonly mode: number };
}

interface Attributes {
  readonly mode?: number;
}

const FILE_TYPE = 0o170000;
const FOLDER = 0o040000;

function mendNodeFileSystem(nodefs: NodeFileSystem): void {
  nodefs.stream_ops.fsync = (stream) => {
    if ((stream.node.mode & FILE_TYPE) === FOLDER) fs.fsyncSync(stream.nfd);
    else fs.fdatasyncSync(stream.nfd);
    return 0;
  };
  const { mknod, setattr } = nodefs.node_ops;
  const setStreamAttributes = nodefs.stream_ops.setattr;
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnly(mode), dev);
  nodefs.node_ops.setattr = (node, attr) => setattr(node, ownerOnlyAttributes(attr));
  nodefs.stream_ops.setattr = (stream, attr) => setStreamAttributes(stream, ownerOnlyAttributes(attr));
}

const ownerOnly = (mode: number) => mode & ~OPEN_TO_OTHERS;

const ownerOnlyAttributes = (attr: Attributes): Attributes => (attr.mode === undefined ? attr : { ...attr, mode: ownerOnly(attr.mode) });
