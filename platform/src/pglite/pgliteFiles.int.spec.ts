import fs from 'node:fs';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { PgliteEventLog } from './pgliteEventLog.js';
import { openEmbeddedPostgres } from './pglite.js';
import { productDeleted } from '../test/eventLogContract.js';

/** What happened, in order: each flush of a WAL segment (and whether it held the text looked for), and each acknowledgement. */
type Step = { flushed: 'wal'; holding: boolean } | { acknowledged: string };

describe("the embedded log's files on disk", () => {
  let dataDir: string;
  let db: PGlite;
  let log: PgliteEventLog;
  let steps: Step[];
  /** The text the flushes look for in the segment they flush: the one the append under test writes. */
  let lookingFor = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-files-'));
    db = await openEmbeddedPostgres(dataDir, 'log');
    log = await PgliteEventLog.open(db);
  });

  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    steps = [];
    // The real flush still runs: the spy only notes which file it was asked of, and what that file held then.
    const fdatasync = fs.fdatasyncSync.bind(fs);
    vi.spyOn(fs, 'fdatasyncSync').mockImplementation((fd) => {
      const file = fs.readlinkSync(`/proc/self/fd/${fd}`);
      if (file.includes('/pg_wal/'))
        steps.push({ flushed: 'wal', holding: lookingFor !== '' && fs.readFileSync(file).includes(lookingFor) });
      fdatasync(fd);
    });
  });

  afterEach(() => vi.restoreAllMocks());

  const deletion = (productId: string) => ({
    topic: TOPICS.products,
    streamId: productId,
    expectedVersion: 0,
    events: [productDeleted(productId)],
  });

  it('acknowledges an append only once the WAL segment holding it has been flushed to disk', async () => {
    lookingFor = `flushed-before-acknowledged-${crypto.randomUUID()}`;
    await log.append(deletion(lookingFor)).then(() => steps.push({ acknowledged: lookingFor }));

    expect(steps).toEqual([{ flushed: 'wal', holding: true }, { acknowledged: lookingFor }]);
  });

  it('flushes a batch of appends (group commit) once', async () => {
    const batch = Array.from({ length: 25 }, () => deletion(crypto.randomUUID()));
    lookingFor = batch.at(-1)!.streamId;
    await log.appendBatch(batch).then(() => steps.push({ acknowledged: 'the batch' }));

    expect(steps).toEqual([{ flushed: 'wal', holding: true }, { acknowledged: 'the batch' }]);
  });

  it("makes every file and folder of a new log's and read model's database the owner's only", async () => {
    const readModel = await openEmbeddedPostgres(dataDir, 'readModel');
    await readModel.exec('create table t (x int); insert into t values (1)');
    await readModel.close();
    await log.append(deletion(crypto.randomUUID()));

    const entries = await readdir(dataDir, { recursive: true });
    const open = [];
    for (const entry of entries) {
      const { mode } = await lstat(join(dataDir, entry));
      if ((mode & 0o077) !== 0) open.push(`${entry} ${(mode & 0o777).toString(8)}`);
    }
    expect(entries.length).toBeGreaterThan(900);
    expect(open).toEqual([]);
  });
});
