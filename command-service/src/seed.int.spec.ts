import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform';
import { TOPICS, type ProductAdded, type StoredEvent } from '@toolforge/contracts';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform';
import { WriteModel } from './domain/writeModel.js';
import { isLogEmpty, seedCatalogueIfEmpty } from './seed.js';
import { validProduct } from './test/harness.js';

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
    const events = (await log.read(TOPICS.products, 0, 0, 10)) as readonly StoredEvent<ProductAdded>[];
    expect(events.map((event) => [event.type, event.data.name, event.data.priceCents, event.meta.actor])).toEqual([
      ['ProductAdded', 'Cordless Drill 18V', 10_00, null],
      ['ProductAdded', 'Claw Hammer', 24_99, null],
    ]);
    const model = new WriteModel();
    await model.catchUp(log);
    expect([...model.products.values()].map((product) => product.availableStock)).toEqual([30, 30]);
  });

  it('adds nothing to a log that already holds events, so a restart never seeds twice', async () => {
    await seedCatalogueIfEmpty(log, catalogue);
    expect(await isLogEmpty(log)).toBe(false);
    expect(await seedCatalogueIfEmpty(log, catalogue)).toBe(0);
    expect(await log.read(TOPICS.products, 0, 0, 10)).toHaveLength(2);
  });

  it('refuses a product the Add Product form would refuse, with the spec’s message', async () => {
    await expect(seedCatalogueIfEmpty(log, [{ ...validProduct, description: 'too short' }])).rejects.toThrow('Must be at least 30 chars. long');
  });
});
