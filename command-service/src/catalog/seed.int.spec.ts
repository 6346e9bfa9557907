import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@toolforge/platform';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform/pglite';
import { TOPICS, type ProductAdded } from '@toolforge/contracts';
import { readEvents } from '@toolforge/platform/testing';
import { WriteModel } from '../shared/writeModel.js';
import { validProduct } from '../test/harness.js';
import { orderStates } from '../orders/orderStates.js';
import { productStates } from './catalogue.js';
import { isLogEmpty, seedCatalogueIfEmpty } from './seed.js';

describe('seedCatalogueIfEmpty', () => {
  let db: PGlite;
  let log: PgliteEventLog;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
  });
  afterAll(() => db.close());
  // One database for the file (a PGlite takes seconds to start), emptied before each test.
  beforeEach(async () => {
    await db.exec('drop schema public cascade; create schema public;');
    log = await PgliteEventLog.open(db);
  });

  const catalogue = [validProduct, { ...validProduct, name: 'Claw Hammer', category: 'hand-tool' as const, price: '24.99' }];

  it('appends each product as an ordinary ProductAdded by the system, which the command side then knows', async () => {
    expect(await isLogEmpty(log)).toBe(true);
    expect(await seedCatalogueIfEmpty(log, catalogue)).toBe(2);
    const events = (await readEvents(log, { topics: [TOPICS.products] })) as readonly StoredEvent<ProductAdded>[];
    expect(events.map((event) => [event.type, event.data.name, event.data.priceCents, event.meta.actor])).toEqual([
      ['ProductAdded', 'Cordless Drill 18V', 10_00, null],
      ['ProductAdded', 'Claw Hammer', 24_99, null],
    ]);
    const products = productStates(orderStates());
    await new WriteModel([products]).catchUp(log);
    expect([...products.values()].map((product) => product?.availableStock)).toEqual([30, 30]);
  });

  it('adds nothing to a log that already holds events, so a restart never seeds twice', async () => {
    await seedCatalogueIfEmpty(log, catalogue);
    expect(await isLogEmpty(log)).toBe(false);
    expect(await seedCatalogueIfEmpty(log, catalogue)).toBe(0);
    expect(await readEvents(log, { topics: [TOPICS.products] })).toHaveLength(2);
  });

  it('refuses a product the Add Product form would refuse, with the spec’s message', async () => {
    await expect(seedCatalogueIfEmpty(log, [{ ...validProduct, description: 'too short' }])).rejects.toThrow(
      'Must be at least 30 chars. long',
    );
  });
});
