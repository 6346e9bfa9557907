import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dumpReadModel, truncateReadModel } from '../testing/readModel.js';
import type { ReadStore } from './readStore.js';
import type { OrderRow, ProductRow, ProjectedEvent, RowWrite } from './rows.js';
import type { SqlQueryable } from './sql.js';

export interface ReadStoreHarness {
  store: ReadStore;
  /** The same database, to look at its rows and to empty it between tests. */
  sql: SqlQueryable;
  close(): Promise<void>;
}

const TOPIC = 'catalog.products';
const T0 = Date.parse('2022-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

function productRow(offset: number, overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    productId: `p-${offset}`,
    name: `Product ${offset}`,
    category: 'hand-tool',
    model: `M-${offset}`,
    imageUrl: '/images/products/claw-hammer.svg',
    priceCents: 10_00 + offset,
    stock: 100,
    minOrder: 1,
    description: 'A tool built for a long working life in the shop.',
    addedAt: at(offset),
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}

function orderRow(offset: number, overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    orderId: `o-${offset}`,
    productId: 'p-0',
    productName: 'Product 0',
    userId: 'u-1',
    userName: 'Ada',
    quantity: 2,
    unitPriceCents: 10_00,
    totalCostCents: 71_00,
    shippingAddress: '1 Anvil Road',
    status: 'pending',
    payment: false,
    placedAt: at(offset),
    logPosition: { partition: 0, offset },
    ...overrides,
  };
}

/** One event per write list, at consecutive offsets from `from`. */
function events(from: number, ...writes: RowWrite[][]): ProjectedEvent[] {
  return writes.map((eventWrites, index) => ({ offset: from + index, writes: eventWrites }));
}

const insert = (product: ProductRow): RowWrite[] => [{ kind: 'insertProduct', product }];

/**
 * The ReadStore port's behaviour, for every adapter: `open` gives a store on an empty or emptiable
 * read model. Run it with the embedded adapter here and against a Postgres server in services mode.
 */
export function describeReadStore(adapter: string, open: () => Promise<ReadStoreHarness>): void {
  describe(`ReadStore on ${adapter}`, () => {
    let harness: ReadStoreHarness;
    let store: ReadStore;
    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });
    afterAll(() => harness.close());
    beforeEach(() => truncateReadModel(harness.sql));

    it('starts empty, at offset 0 of every partition', async () => {
      expect(await store.nextOffset(TOPIC, 0)).toBe(0);
      expect(await store.listProducts({ offset: 0, limit: 10 })).toEqual([]);
      expect(await store.countProducts()).toBe(0);
      expect(await store.findProduct('p-1')).toBeUndefined();
      expect(await store.listOrders()).toEqual([]);
      expect(await store.isAdmin('u-1')).toBe(false);
    });

    it('lists products newest first, breaking ties by log position, in pages that neither repeat nor skip', async () => {
      const sameMinute = at(5);
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(
          0,
          insert(productRow(0)),
          insert(productRow(1, { addedAt: sameMinute })),
          insert(productRow(2, { addedAt: sameMinute })),
          insert(productRow(3, { addedAt: sameMinute })),
          insert(productRow(4, { addedAt: at(1) })),
        ),
      });
      const all = (await store.listProducts({ offset: 0, limit: 100 })).map((product) => product.productId);
      expect(all).toEqual(['p-3', 'p-2', 'p-1', 'p-4', 'p-0']);
      const pages = [];
      for (let page = 0; page < 3; page += 1) pages.push(...(await store.listProducts({ offset: page * 2, limit: 2 })));
      expect(pages.map((product) => product.productId)).toEqual(all);
      expect(await store.listProducts({ offset: 10, limit: 2 })).toEqual([]);
      expect(await store.countProducts()).toBe(5);
    });

    it('reads a product as added, with its stock less every reservation', async () => {
      const row = productRow(0, { priceCents: 24_99, stock: 50 });
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(row)) });
      await store.applyBatch({
        topic: 'sales.orders',
        partition: 0,
        events: events(
          0,
          [{ kind: 'reserveStock', productId: 'p-0', quantity: 5 }],
          [{ kind: 'reserveStock', productId: 'p-0', quantity: 7 }],
        ),
      });
      expect(await store.findProduct('p-0')).toEqual({
        productId: 'p-0',
        name: row.name,
        category: row.category,
        model: row.model,
        imageUrl: row.imageUrl,
        priceCents: 24_99,
        availableStock: 38,
        minOrder: row.minOrder,
        description: row.description,
        addedAt: row.addedAt,
      });
    });

    it('counts a reservation projected before its product (topics have no order between them)', async () => {
      await store.applyBatch({ topic: 'sales.orders', partition: 0, events: events(0, [{ kind: 'reserveStock', productId: 'p-0', quantity: 4 }]) });
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0, { stock: 10 }))) });
      expect((await store.findProduct('p-0'))?.availableStock).toBe(6);
    });

    it('hides a deleted product from the list, the count and by id', async () => {
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(0, insert(productRow(0)), insert(productRow(1)), [{ kind: 'deleteProduct', productId: 'p-0', at: at(9) }]),
      });
      expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-1']);
      expect(await store.countProducts()).toBe(1);
      expect(await store.findProduct('p-0')).toBeUndefined();
    });

    it('lists a user’s orders newest first, and every order, whole or in slices', async () => {
      await store.applyBatch({
        topic: 'sales.orders',
        partition: 0,
        events: events(
          0,
          [{ kind: 'insertOrder', order: orderRow(0, { userId: 'u-1' }) }],
          [{ kind: 'insertOrder', order: orderRow(1, { userId: 'u-2' }) }],
          [{ kind: 'insertOrder', order: orderRow(2, { userId: 'u-1', placedAt: at(1) }) }],
        ),
      });
      const ofUser = await store.ordersOfUser('u-1');
      expect(ofUser.map((order) => order.orderId)).toEqual(['o-2', 'o-0']);
      const { logPosition: _position, ...view } = orderRow(0, { userId: 'u-1' });
      expect(ofUser[1]).toEqual(view);
      expect((await store.listOrders()).map((order) => order.orderId)).toEqual(['o-2', 'o-1', 'o-0']);
      expect((await store.listOrders({ offset: 1, limit: 1 })).map((order) => order.orderId)).toEqual(['o-1']);
      expect(await store.ordersOfUser('nobody')).toEqual([]);
    });

    it('knows admins from grants, whether the grant or the sign-in is projected first', async () => {
      const signIn = (uid: string): RowWrite => ({
        kind: 'signInUser',
        user: { uid, email: `${uid}@toolforge.test`, name: uid, photoURL: null, emailVerified: true, at: at(0) },
      });
      await store.applyBatch({
        topic: 'identity.users',
        partition: 0,
        events: events(
          0,
          [signIn('u-1')],
          [{ kind: 'grantAdmin', uid: 'u-1', email: 'u-1@toolforge.test' }],
          [{ kind: 'grantAdmin', uid: 'u-2', email: 'u-2@toolforge.test' }],
          [signIn('u-2')],
          [{ kind: 'signOutUser', uid: 'u-2', at: at(3) }],
          [signIn('u-3')],
        ),
      });
      expect(await store.isAdmin('u-1')).toBe(true);
      expect(await store.isAdmin('u-2')).toBe(true);
      expect(await store.isAdmin('u-3')).toBe(false);
    });

    it('moves the checkpoint with each batch, per topic partition', async () => {
      const first = await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0)), insert(productRow(1))) });
      expect(first).toEqual({ applied: 2, nextOffset: 2 });
      await store.applyBatch({ topic: TOPIC, partition: 1, events: events(0, insert(productRow(100, { logPosition: { partition: 1, offset: 0 } }))) });
      expect(await store.nextOffset(TOPIC, 0)).toBe(2);
      expect(await store.nextOffset(TOPIC, 1)).toBe(1);
      expect(await store.nextOffset('sales.orders', 0)).toBe(0);
    });

    it('applies a batch delivered twice once: the second delivery changes no row', async () => {
      const batch = {
        topic: 'sales.orders',
        partition: 0,
        events: events(0, [
          { kind: 'insertOrder', order: orderRow(0) },
          { kind: 'reserveStock', productId: 'p-0', quantity: 2 },
        ] satisfies RowWrite[]),
      };
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0, { stock: 10 }))) });
      expect(await store.applyBatch(batch)).toEqual({ applied: 1, nextOffset: 1 });
      const once = await dumpReadModel(harness.sql);
      expect(await store.applyBatch(batch)).toEqual({ applied: 0, nextOffset: 1 });
      expect(await dumpReadModel(harness.sql)).toEqual(once);
      expect((await store.findProduct('p-0'))?.availableStock).toBe(8);
    });

    it('applies only the events past the checkpoint of a batch that overlaps it', async () => {
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0)), insert(productRow(1))) });
      const overlapping = await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(1, [{ kind: 'deleteProduct', productId: 'p-0', at: at(9) }], insert(productRow(2))),
      });
      // Offset 1 was applied already (as p-1's insert): the delete given at offset 1 is skipped.
      expect(overlapping).toEqual({ applied: 1, nextOffset: 3 });
      expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-2', 'p-1', 'p-0']);
    });

    it('keeps neither rows nor checkpoint of a batch that fails part-way', async () => {
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0))) });
      const before = await dumpReadModel(harness.sql);
      const broken = productRow(2, { category: null as unknown as ProductRow['category'] });
      await expect(
        store.applyBatch({ topic: TOPIC, partition: 0, events: events(1, insert(productRow(1)), insert(broken)) }),
      ).rejects.toThrow();
      expect(await dumpReadModel(harness.sql)).toEqual(before);
      expect(await store.nextOffset(TOPIC, 0)).toBe(1);
    });
  });
}
