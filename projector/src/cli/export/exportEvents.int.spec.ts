import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNREADABLE_RECORD, type Topic } from '@toolforge/contracts';
import { productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { LogPage, StoredEvent } from '@toolforge/platform';
import type { LogIdentity } from '@toolforge/platform/sql';
import { stored } from '@toolforge/platform/testing';
import { exportEvents } from './exportEvents.js';

/** A log of given pages and ends, in the order of the topics asked for; with `failing`, it fails after that many pages, once `when` settles. */
function logOf(pages: readonly LogPage[], ends: LogIdentity['ends'], failing?: { after: number; when: () => Promise<void> }) {
  return {
    identify: () => Promise.resolve({ logId: 'a log of the spec', ends }),
    async *readAll(options: { topics?: readonly Topic[] } = {}): AsyncGenerator<LogPage> {
      let handed = 0;
      for (const topic of options.topics ?? []) {
        for (const page of pages.filter((page) => page.topic === topic)) {
          if (handed === failing?.after) {
            await failing.when();
            throw new Error('the log went away');
          }
          handed += 1;
          yield page;
        }
      }
    },
  };
}

/** Settles once the file is there. */
async function written(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 10));
}

const at = (occurredAt: string) => ({ occurredAt });
const products = [0, 1, 2].map((offset) =>
  stored(productAdded({ productId: `p-${offset}` }, at(`2026-11-${19 + offset}T08:00:00.000Z`)), offset),
);
const unreadable = {
  ...stored(userSignedIn({ uid: 'u-1' }), 0),
  type: UNREADABLE_RECORD,
  data: { reason: 'not JSON', key: 'u-1', value: '{', headers: {} },
  meta: undefined,
} as unknown as StoredEvent;
const signedIn = stored(userSignedIn({ uid: 'u-2' }, at('2026-11-20T09:00:00.000Z')), 1);
const PAGES: LogPage[] = [
  { topic: 'catalog.products', partition: 0, events: products },
  { topic: 'identity.users', partition: 0, events: [unreadable] },
  { topic: 'identity.users', partition: 0, events: [signedIn] },
];

describe('the export of a log', () => {
  let out: string;
  afterEach(() => rm(out, { recursive: true, force: true }));

  it('writes what the log held when it began and what is in range, and lists the records it files nowhere', async () => {
    out = await mkdtemp(join(tmpdir(), 'toolforge-export-'));
    // The third product was appended after the export began: past the end identify gave.
    const ends = [
      { topic: 'catalog.products', partition: 0, end: 2 },
      { topic: 'identity.users', partition: 0, end: 2 },
    ];
    const manifest = await exportEvents(logOf(PAGES, ends), {
      format: 'csv',
      out,
      withPersonalData: false,
      from: new Date('2026-11-19T12:00:00.000Z'),
    });
    expect(manifest.files.map((file) => [file.path, file.events, file.firstPosition])).toEqual([
      ['catalog.products/2026-11-20.csv', 1, 'catalog.products/0/1'],
      ['identity.users/2026-11-20.csv', 1, 'identity.users/0/1'],
    ]);
    expect(manifest.notExported).toEqual([{ position: 'identity.users/0/0', reason: 'not JSON' }]);
    expect(manifest.log).toEqual({ logId: 'a log of the spec', ends });
  });

  it('removes the folders it wrote, and writes no manifest, when the log fails part-way', async () => {
    out = await mkdtemp(join(tmpdir(), 'toolforge-export-'));
    const ends = [
      { topic: 'catalog.products', partition: 0, end: 3 },
      { topic: 'identity.users', partition: 0, end: 2 },
    ];
    // The products (the bigger topic, read first) are written once the users' first page is read; their second fails.
    const failing = { after: 2, when: () => written(join(out, 'catalog.products', '2026-11-21.parquet')) };
    await expect(exportEvents(logOf(PAGES, ends, failing), { format: 'parquet', out, withPersonalData: false })).rejects.toThrow(
      'the log went away',
    );
    expect(await readdir(out)).toEqual([]);
  });
});
