import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import { PgliteEventLog } from '../pglite/pgliteEventLog.js';
import { appendDeleted } from '../test/eventLogContract.js';
import { readEvents } from '../testing/eventLog.js';
import { anchorSignedBy, parsePublicKey } from './anchors.js';
import { FolderAnchorStore } from './anchorStore.js';
import { startAnchoring } from './anchoring.js';

const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

describe('the writer’s anchoring', () => {
  let dir: string;
  let db: PGlite;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolforge-anchoring-'));
    db = await openEmbeddedPostgres(null);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const settings = (everyEvents: number, everySeconds = 3600) => ({
    dir: join(dir, 'anchors'),
    signingKeyFile: join(dir, 'key.pem'),
    everyEvents,
    everySeconds,
  });
  const stored = () => new FolderAnchorStore(join(dir, 'anchors')).read().then((read) => read.anchors);

  it('signs a genesis anchor over what a partition held before, once; then a checkpoint every N events, and what is left on close', async () => {
    const log = await PgliteEventLog.open(db);
    await appendDeleted(log, TOPICS.products, 'before', 0, 'a', 'b', 'c');
    const first = await startAnchoring(log, settings(4), quiet);
    await first.genesis;
    const [genesis] = await stored();
    const [last] = (await readEvents(log, { topics: [TOPICS.products] })).slice(-1);
    expect(genesis).toMatchObject({ kind: 'genesis', topic: TOPICS.products, partition: 0, offset: 2, hash: last!.chain!.hash });
    expect(anchorSignedBy(genesis!, parsePublicKey(first.publicKey)!)).toBe(true);

    for (let n = 0; n < 5; n += 1) await appendDeleted(log, TOPICS.orders, `o-${n}`, 0, `o-${n}`);
    await vi.waitFor(async () => expect((await stored()).length).toBe(2));
    expect((await stored())[1]).toMatchObject({ kind: 'checkpoint', topic: TOPICS.orders, offset: 3 });
    await first.close();
    expect((await stored()).slice(2)).toMatchObject([{ kind: 'checkpoint', topic: TOPICS.orders, offset: 4 }]);

    // Restarted: every partition with events has an anchor, so no genesis again; the same key.
    const second = await startAnchoring(log, settings(4), quiet);
    await second.genesis;
    expect(second.publicKey).toBe(first.publicKey);
    expect(await stored()).toHaveLength(3);
    await second.close();
  });

  it('signs on the clock when fewer events than the count came', async () => {
    const log = await PgliteEventLog.open(db);
    const anchoring = await startAnchoring(log, settings(1000, 1), quiet);
    await anchoring.genesis;
    const before = (await stored()).length;
    const { position } = await appendDeleted(log, TOPICS.reviews, 'r-1', 0, 'r-1');
    await vi.waitFor(async () => expect((await stored()).length).toBe(before + 1), { timeout: 5000 });
    expect((await stored()).at(-1)).toMatchObject({ kind: 'checkpoint', topic: TOPICS.reviews, offset: position.offset });
    await anchoring.close();
  });
});
