import { afterEach, describe, expect, it } from 'vitest';
import type { LogPosition } from '@toolforge/contracts';
import {
  adminGranted,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  productDeleted,
  productUpdated,
  stockAdjusted,
  userSignedIn,
  userSignedOut,
} from '@toolforge/contracts/testing';
import { CURRENT_SCHEMA_VERSION, EXPIRED_REASON, PAGE_SIZES, toCents, totalCostCents, type ProductAdded } from '@toolforge/contracts';
import type { EventLog, ReadAllOptions } from '@toolforge/platform';
import { InProcessCache, cachedAnswerKey, type Cache, type CacheArea } from '@toolforge/platform/cache';
import type { IdentifiedLog, SqlExecutor } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { CACHE_AREAS, catalogueHotAnswers, catalogueKeys, catalogueReads } from '@toolforge/read-model';
import { Projector } from './projector.js';
import { checkpointsAfter, checkpointsOf } from './test/checkpoints.js';
import { failingBeforeCommit, type FailingExecutor } from './test/failingExecutor.js';
import type { Committed } from './readModelUpdater.js';
import { LogChangedError } from './logBinding.js';
import type { InjectEvent } from './test/injectedEvents.js';
import { dumpReadModel, openTestReadModel } from './test/readModel.js';

export interface ProjectorAdapters {
  /** An empty event log, and a way to put anything into it behind the command side's back. */
  openLog(): Promise<{ log: EventLog & IdentifiedLog; inject: InjectEvent; close: () => Promise<void> }>;
  /** An empty database for a read model. */
  openSql(): Promise<{ sql: SqlExecutor; close: () => Promise<void> }>;
  /** An empty cache; the in-process one when not given. */
  openCache?(): Promise<{ cache: Cache; close: () => Promise<void> }>;
}

/**
 * The projector's behaviour on given log and database adapters: embedded here, Kafka and a
 * Postgres server in services mode.
 */
export function describeProjector(adapters: string, open: ProjectorAdapters): void {
  describe(`Projector on ${adapters}`, () => {
    const closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      while (closers.length > 0) await closers.pop()!();
    });

    async function openLog() {
      const opened = await open.openLog();
      closers.push(opened.close);
      return { log: opened.log, inject: opened.inject, append: logWriter(opened.log) };
    }

    async function openCache(): Promise<Cache> {
      if (!open.openCache) return new InProcessCache();
      const opened = await open.openCache();
      closers.push(opened.close);
      return opened.cache;
    }

    async function openReadModel(wrap: (sql: SqlExecutor) => SqlExecutor = (sql) => sql) {
      const opened = await open.openSql();
      closers.push(opened.close);
      const sql = wrap(opened.sql);
      return { sql: opened.sql, store: await openTestReadModel(sql) };
    }

    /** The read model a projector builds from scratch on a fresh database. */
    async function freshRebuild(log: EventLog) {
      const fresh = await openReadModel();
      await new Projector({ log, store: fresh.store }).catchUp();
      return dumpReadModel(fresh.sql);
    }

    /** A small shop's history across all three topics. */
    async function history(append: ReturnType<typeof logWriter>) {
      const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00, stock: 40 });
      const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10 });
      const events = [
        userSignedIn({ uid: 'u-admin' }),
        adminGranted('u-admin'),
        userSignedIn({ uid: 'u-ada' }),
        drill,
        vise,
        orderPlaced(drill.data, { userId: 'u-ada', quantity: 5 }),
        orderPlaced(vise.data, { userId: 'u-ada', quantity: 2 }),
        productDeleted('p-vise'),
      ];
      const positions: LogPosition[] = [];
      for (const event of events) positions.push((await append(event)).position);
      return { drill: drill.data, positions };
    }

    it('applies every topic to the read model: products, stock reserved by orders, orders, admins', async () => {
      const { log, append } = await openLog();
      const { positions } = await history(append);
      const { store } = await openReadModel();
      expect(await new Projector({ log, store }).catchUp()).toBe(8);

      expect((await store.listProducts({ offset: 0, limit: 10 })).map((p) => [p.productId, p.availableStock])).toEqual([['p-drill', 35]]);
      expect((await store.ordersOfUser('u-ada')).map((o) => o.productId)).toEqual(['p-vise', 'p-drill']);
      expect(await store.isAdmin('u-admin')).toBe(true);
      expect(await store.isAdmin('u-ada')).toBe(false);
      const orders = positions.filter((position) => position.topic === 'sales.orders');
      expect(await checkpointsOf(store, ['sales.orders'])).toEqual(checkpointsAfter(orders));
    });

    it('resumes from its checkpoints after a restart, applying only what is new', async () => {
      const { log, append } = await openLog();
      const { drill } = await history(append);
      const { sql, store } = await openReadModel();
      await new Projector({ log, store }).catchUp();
      await append(orderPlaced(drill, { userId: 'u-bo', quantity: 3 }));

      const restarted = new Projector({ log, store });
      expect(await restarted.catchUp()).toBe(1);
      expect(await restarted.catchUp()).toBe(0);
      expect((await store.findProduct('p-drill'))?.availableStock).toBe(32);
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
    });

    it('applies each event once when two projectors deliver the same batches', async () => {
      const { log, append } = await openLog();
      await history(append);
      const { sql, store } = await openReadModel();
      const applied = await Promise.all([new Projector({ log, store }).catchUp(), new Projector({ log, store }).catchUp()]);
      expect(applied[0] + applied[1]).toBe(8);
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
    });

    it('with a topic’s partitions side by side (lanes), builds the read model one partition at a time builds', async () => {
      const { log, append } = await openLog();
      const tools = ['p-drill', 'p-vise', 'p-saw'].map((productId) => productAdded({ productId, name: productId, stock: 100 }));
      for (const tool of tools) await append(tool);
      // Orders of many streams, so that a log with partitions spreads them over every one; each
      // reserves stock of the same three products, some are moved on and some cancelled.
      for (let n = 0; n < 24; n += 1) {
        const placed = orderPlaced(tools[n % 3]!.data, { orderId: `o-${n}`, userId: `u-${n % 4}`, quantity: 1 + (n % 3) });
        await append(placed);
        if (n % 4 === 1) await append(orderMoved(placed.data, 'OrderPaid'));
        if (n % 5 === 2) await append(orderCancelled(placed.data, { reason: 'ordered twice' }));
      }
      const { sql, store } = await openReadModel();
      const projector = new Projector({ log, store, batchSize: 2, lanes: 3, readAhead: true });
      expect(await projector.catchUp()).toBe(3 + 24 + 6 + 5);
      expect(await projector.catchUp()).toBe(0);
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
      expect(() => new Projector({ log, store, lanes: 0 })).toThrow(RangeError);
    });

    it('leaves nothing of a batch that failed between applying and committing, and ends equal to a fresh rebuild', async () => {
      const { log, append } = await openLog();
      await history(append);
      let failing: FailingExecutor | undefined;
      const { sql, store } = await openReadModel((inner) => (failing = failingBeforeCommit(inner)));
      failing!.failNextCommits(1);
      // Small batches: some commit before the crash, the crashed one is rolled back.
      const crashing = new Projector({ log, store, batchSize: 2, topics: ['identity.users', 'catalog.products', 'sales.orders'] });
      const emptyModel = await dumpReadModel(sql);
      await expect(crashing.catchUp()).rejects.toThrow('the process died before COMMIT');
      expect(failing!.failures()).toBe(1);
      // The very first batch crashed: the read model is as empty as before, checkpoints included.
      expect(await dumpReadModel(sql)).toEqual(emptyModel);

      const restarted = new Projector({ log, store, batchSize: 2 });
      expect(await restarted.catchUp()).toBe(8);
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
    });

    it('after a crash part-way through, applies the rest exactly once', async () => {
      const { log, append } = await openLog();
      const { positions } = await history(append);
      const opened = await open.openSql();
      closers.push(opened.close);
      const store = await openTestReadModel(opened.sql);
      // Commit the users topic, then crash on the products topic's first batch.
      await new Projector({ log, store, topics: ['identity.users'] }).catchUp();
      const crashingSql = failingBeforeCommit(opened.sql);
      const crashingStore = await openTestReadModel(crashingSql);
      crashingSql.failNextCommits(1);
      await expect(new Projector({ log, store: crashingStore, batchSize: 1 }).catchUp()).rejects.toThrow();
      const users = positions.filter((position) => position.topic === 'identity.users');
      expect(await checkpointsOf(store, ['identity.users'])).toEqual(checkpointsAfter(users));
      expect(await checkpointsOf(store, ['catalog.products'])).toEqual(new Map());

      expect(await new Projector({ log, store }).catchUp()).toBe(5);
      expect(await dumpReadModel(opened.sql)).toEqual(await freshRebuild(log));
    });

    it('after a commit that changes the catalogue, gives the cache the hot answers of the new generation', async () => {
      const { log, append } = await openLog();
      const { store } = await openReadModel();
      const cache = await openCache();
      const projector = new Projector({ log, store, cache, hotAnswers: catalogueHotAnswers(store) });
      const answerIn = async (area: CacheArea, key: string) => cache.get(cachedAnswerKey(area, (await cache.generation(area))!, key));
      const answer = (key: string) => answerIn(CACHE_AREAS.catalogue, key);
      for (let n = 0; n < 7; n += 1) await append(productAdded({ name: `Tool ${n}` }));
      await projector.catchUp();
      await projector.cacheRefreshed();

      // Nobody has read anything: the projector put them there, as the GETs would answer them.
      expect(await cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(0);
      expect(await answerIn(CACHE_AREAS.productCounts, catalogueKeys.count)).toBe('{"count":7}');
      expect(await answer(catalogueKeys.home)).toBe(JSON.stringify(await catalogueReads.home(store)));
      for (const size of PAGE_SIZES) {
        expect(await answer(catalogueKeys.page(0, size))).toBe(JSON.stringify(await catalogueReads.page(store, 0, size)));
      }
      expect(JSON.parse((await answer(catalogueKeys.home))!)).toHaveLength(6);

      // An order changes the stock shown on every page: the next generation has it.
      const newest = (await catalogueReads.home(store))[0]!;
      await append(orderPlaced({ productId: newest.productId, name: newest.name, priceCents: toCents(newest.price)! }, { quantity: 4 }));
      await projector.catchUp();
      await projector.cacheRefreshed();
      expect((JSON.parse((await answer(catalogueKeys.page(0, 5)))!) as unknown[])[0]).toMatchObject({
        productId: newest.productId,
        stock: newest.stock - 4,
      });
    });

    it('applies orders moving on and being cancelled, products edited and restocked; one event at a time or rebuilt, the same read model', async () => {
      const { log, append } = await openLog();
      const { sql, store } = await openReadModel();
      const cache = await openCache();
      const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00, stock: 40 });
      const paid = orderPlaced(drill.data, { orderId: 'o-paid', userId: 'u-ada', quantity: 5 });
      const mine = orderPlaced(drill.data, { orderId: 'o-mine', userId: 'u-ada', quantity: 2 });
      const expired = orderPlaced(drill.data, { orderId: 'o-expired', userId: 'u-bo', quantity: 3 });
      for (const event of [
        drill,
        paid,
        mine,
        orderMoved(paid.data, 'OrderPaid'),
        expired,
        productUpdated('p-drill', { name: 'Cordless Drill 20V', priceCents: 139_00 }),
        orderMoved(paid.data, 'OrderShipped'),
        orderCancelled(mine.data, { reason: 'ordered twice' }),
        stockAdjusted('p-drill', 10),
        orderCancelled(expired.data, { reason: EXPIRED_REASON, by: null }),
        stockAdjusted('p-drill', -4),
      ])
        await append(event);

      const projector = new Projector({ log, store, cache, hotAnswers: catalogueHotAnswers(store), batchSize: 1 });
      expect(await projector.catchUp()).toBe(11);
      await projector.cacheRefreshed();
      // 40 + 10 − 4 on hand; only the shipped order's 5 still reserved.
      expect(await store.findProduct('p-drill')).toMatchObject({ name: 'Cordless Drill 20V', priceCents: 139_00, availableStock: 41 });
      expect((await store.listOrders()).map((o) => [o.orderId, o.status, o.payment])).toEqual([
        ['o-expired', 'cancelled', false],
        ['o-mine', 'cancelled', false],
        ['o-paid', 'shipped', true],
      ]);
      // The cached first page is the edited product's, not the old one's.
      const generation = await cache.generation(CACHE_AREAS.catalogue);
      const page = JSON.parse(
        (await cache.get(cachedAnswerKey(CACHE_AREAS.catalogue, generation!, catalogueKeys.page(0, PAGE_SIZES[0]))))!,
      ) as unknown[];
      expect(page).toEqual([expect.objectContaining({ productId: 'p-drill', name: 'Cordless Drill 20V', price: 139, stock: 41 })]);

      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
    });

    it('applies an order of several lines, and a product, orders and a cancellation written before orders had lines as one line each; rebuilt, the same read model', async () => {
      const { log, append, inject } = await openLog();
      const { sql, store } = await openReadModel();
      const drill = productAdded({
        productId: 'p-drill',
        name: 'Cordless Drill',
        priceCents: 129_00,
        stock: 40,
        priceTiers: [{ minQuantity: 10, unitPriceCents: 119_00 }],
      });
      const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10 });
      const saw = productAdded({ productId: 'p-saw', name: 'Hand Saw', priceCents: 24_99, stock: 20 });
      await append(drill);
      await append(vise);
      // Written by the shop at schema version 1: no ladder nor pack size, an order of one product, a cancellation of its quantity.
      const version1 = <Event extends { meta: object }>(event: Event) => ({ ...event.meta, schemaVersion: 1 });
      const { priceTiers: _tiers, packSize: _pack, ...sawAsAdded } = saw.data;
      await inject('catalog.products', 'p-saw', 1, { type: 'ProductAdded', data: sawAsAdded, meta: version1(saw) });
      const oldOrder = (orderId: string, product: ProductAdded['data'], quantity: number) => ({
        type: 'OrderPlaced',
        data: {
          orderId,
          productId: product.productId,
          productName: product.name,
          userId: 'u-bo',
          userName: 'Bo',
          quantity,
          unitPriceCents: product.priceCents,
          totalCostCents: totalCostCents(product.priceCents, quantity),
          shippingAddress: '2 Lathe Street',
          status: 'pending',
          payment: false,
        },
        meta: version1(orderPlaced(product, { userId: 'u-bo' })),
      });
      await inject('sales.orders', 'o-old', 1, oldOrder('o-old', vise.data, 3));
      await inject('sales.orders', 'o-old-cancelled', 1, oldOrder('o-old-cancelled', saw.data, 2));
      const cancelled = orderCancelled({ orderId: 'o-old-cancelled', userId: 'u-bo', lines: [{ productId: 'p-saw', quantity: 2 }] });
      await inject('sales.orders', 'o-old-cancelled', 2, {
        type: 'OrderCancelled',
        data: { orderId: 'o-old-cancelled', productId: 'p-saw', userId: 'u-bo', quantity: 2, reason: '', by: 'customer' },
        meta: version1(cancelled),
      });
      const lines = [orderLine(drill.data, 10), orderLine(vise.data, 2), orderLine(saw.data, 1)];
      await append(orderPlacedOf(lines, { orderId: 'o-cart', userId: 'u-ada', cartVersion: 1 }));

      expect(await new Projector({ log, store }).catchUp()).toBe(7);
      expect(await store.deadLetterCount()).toBe(0);
      // Each line's product holds its quantity; the old cancellation gave its 2 saws back.
      const available = await Promise.all(['p-drill', 'p-vise', 'p-saw'].map(async (id) => (await store.findProduct(id))?.availableStock));
      expect(available).toEqual([30, 5, 19]);
      expect(await store.findProduct('p-saw')).toMatchObject({ priceTiers: [], packSize: 1 });
      const [cart] = await store.ordersOfUser('u-ada');
      // The read model's lines keep no ladder step: the order's invoice prints it (docs/documents.md).
      const withoutStep = lines.map(({ tierMinQuantity: _step, ...line }) => line);
      expect(cart).toMatchObject({ productId: 'p-drill', quantity: 13, lines: withoutStep });
      // The drill's line at its ladder's price.
      expect(cart!.lines[0]).toMatchObject({ quantity: 10, unitPriceCents: 119_00, lineTotalCents: 1190_00 });
      expect((await store.ordersOfUser('u-bo')).map((o) => [o.orderId, o.status, o.productId, o.quantity, o.lines])).toEqual(
        expect.arrayContaining([
          [
            'o-old',
            'pending',
            'p-vise',
            3,
            [{ productId: 'p-vise', productName: 'Bench Vise', quantity: 3, unitPriceCents: 89_50, lineTotalCents: 268_50 }],
          ],
          [
            'o-old-cancelled',
            'cancelled',
            'p-saw',
            2,
            [{ productId: 'p-saw', productName: 'Hand Saw', quantity: 2, unitPriceCents: 24_99, lineTotalCents: 49_98 }],
          ],
        ]),
      );
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(log));
    });

    it('applies a batch even when refreshing the hot answers fails, and says why', async () => {
      const { log, append } = await openLog();
      const { store } = await openReadModel();
      const cache = await openCache();
      const errors: string[] = [];
      const brokenReads = {
        countProducts: () => store.countProducts(),
        listProducts: () => Promise.reject(new Error('the read model went away')),
      };
      const projector = new Projector({
        log,
        store,
        cache,
        hotAnswers: catalogueHotAnswers(brokenReads),
        logger: { error: (_details, message) => errors.push(message) },
      });
      await append(productAdded({ productId: 'p-1' }));
      expect(await projector.catchUp()).toBe(1);
      await projector.cacheRefreshed();
      expect(await store.countProducts()).toBe(1);
      expect(await cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(0);
      expect(errors).toEqual(['could not refresh the hot catalogue answers in the cache']);
    });

    it('running, reads only the partitions a wake-up names, and every partition after a wake-up that names none', async () => {
      const { log, append } = await openLog();
      const { store } = await openReadModel();
      const read: string[] = [];
      // The log as the projector sees it, each partition it reads from its checkpoint noted.
      const watched = new Proxy(log, {
        get(target, property, receiver) {
          if (property !== 'readAll') return Reflect.get(target, property, receiver) as unknown;
          return (options: ReadAllOptions) =>
            target.readAll({
              ...options,
              from: (topic, partition) => {
                read.push(`${topic}/${partition}`);
                return options.from?.(topic, partition) ?? 0;
              },
            });
        },
      });
      const projector = new Projector({ log: watched, store, pollIntervalMs: 60_000 });
      const committed: Committed[] = [];
      projector.onCommitted((position) => committed.push(position));
      // A pass of its own first, to learn every partition there is to read.
      await projector.catchUp();
      const everyPartition = new Set(read);
      read.length = 0;
      projector.start();
      try {
        // The first pass after a start reads every partition: the wake-ups come once it has (a wake-up
        // while it still reads would find its last partitions noted among the woken ones).
        await expect.poll(() => new Set(read).size, { timeout: 2000 }).toBe(everyPartition.size);
        expect(everyPartition.size).toBeGreaterThan(1);
        const added = await append(productAdded({ productId: 'p-1' }));
        read.length = 0;
        projector.wake([added]);
        await expect.poll(() => committed.length, { timeout: 2000 }).toBe(1);
        expect(read).toEqual([`catalog.products/${added.position.partition}`]);
        expect((await store.findProduct('p-1'))?.productId).toBe('p-1');

        read.length = 0;
        projector.wake();
        await expect.poll(() => new Set(read).size, { timeout: 2000 }).toBe(everyPartition.size);
      } finally {
        await projector.stop();
      }
    });

    it('running, catches up when woken, tells who listens, and retries a failed commit', async () => {
      const { log, append } = await openLog();
      const { store } = await openReadModel();
      const cache = await openCache();
      const projector = new Projector({ log, store, cache, hotAnswers: catalogueHotAnswers(store), pollIntervalMs: 60_000 });
      const committed: Committed[] = [];
      projector.onCommitted((position) => committed.push(position));
      // Bound to the log (which moves every area to a new generation), with nothing to apply yet.
      expect(await projector.catchUp()).toBe(0);
      const [catalogue, orders] = [await cache.generation(CACHE_AREAS.catalogue), await cache.generation(CACHE_AREAS.orders)];
      projector.start();
      let added: Awaited<ReturnType<typeof append>>;
      try {
        added = await append(productAdded({ productId: 'p-1' }));
        projector.wake();
        await expect.poll(() => committed.length, { timeout: 2000 }).toBe(1);
        expect(committed[0]).toEqual({
          topic: 'catalog.products',
          partition: added.position.partition,
          nextOffset: added.position.offset + 1,
          applied: 1,
          // The row writes the commit made: the product's row, from the event as added, and its stock history's first change.
          writes: [
            expect.objectContaining({ kind: 'insertProduct', product: expect.objectContaining({ productId: 'p-1' }) }),
            expect.objectContaining({ kind: 'recordStockChange', change: expect.objectContaining({ productId: 'p-1' }) }),
          ],
        });
        expect(await cache.generation(CACHE_AREAS.catalogue)).toBe(catalogue! + 1);
        expect(await cache.generation(CACHE_AREAS.orders)).toBe(orders);
      } finally {
        await projector.stop();
      }

      // A projector whose commits fail at first backs off and then succeeds, applying each event once.
      let failing: FailingExecutor | undefined;
      const retrying = await openReadModel((inner) => (failing = failingBeforeCommit(inner)));
      failing!.failNextCommits(2);
      const patient = new Projector({ log, store: retrying.store, pollIntervalMs: 10 });
      patient.start();
      try {
        const { partition, offset } = added.position;
        await expect.poll(() => retrying.store.nextOffset('catalog.products', partition), { timeout: 5000 }).toBe(offset + 1);
        expect(await retrying.store.countProducts()).toBe(1);
        expect(failing!.failures()).toBe(2);
      } finally {
        await patient.stop();
      }
    });

    it('sets aside the events it cannot apply, with their errors, and applies the good ones around them', async () => {
      const { log, inject } = await openLog();
      const { sql, store } = await openReadModel();
      const uid = `u-${crypto.randomUUID()}`;
      const first = await log.append({ topic: 'identity.users', streamId: uid, expectedVersion: 0, events: [userSignedIn({ uid })] });
      const newer = adminGranted(uid);
      const signedOut = userSignedOut(uid);
      // A type this build does not know, a newer schema version, a time the database refuses.
      await inject('identity.users', uid, 2, { type: 'UserRenamed', data: { uid, name: 'Bo' }, meta: userSignedIn({ uid }).meta });
      await inject('identity.users', uid, 3, { ...newer, meta: { ...newer.meta, schemaVersion: CURRENT_SCHEMA_VERSION + 1 } });
      await inject('identity.users', uid, 4, { ...signedOut, meta: { ...signedOut.meta, occurredAt: 'not a time' } });
      const last = await log.append({ topic: 'identity.users', streamId: uid, expectedVersion: 4, events: [userSignedOut(uid)] });
      expect(last.position.partition).toBe(first.position.partition);

      const logged: Record<string, unknown>[] = [];
      const projector = new Projector({ log, store, logger: { error: (details) => logged.push(details as Record<string, unknown>) } });
      expect(await projector.catchUp()).toBe(2);

      // Signed in, then out by the last event; never an admin: the newer grant is set aside.
      const users = await sql.query<{ signed_in: boolean }>('select signed_in from users where uid = $1', [uid]);
      expect(users.rows).toEqual([{ signed_in: false }]);
      expect(await store.isAdmin(uid)).toBe(false);
      expect(await store.nextOffset('identity.users', first.position.partition)).toBe(last.position.offset + 1);
      const letters = (await store.deadLetters()).sort((a, b) => a.offset - b.offset);
      expect(letters.map(({ type, error }) => [type, error])).toEqual([
        ['UserRenamed', 'unknown event type "UserRenamed"'],
        ['AdminGranted', expect.stringContaining('written by a newer ToolForge')],
        ['UserSignedOut', expect.stringContaining('SQLSTATE 22007')],
      ]);
      expect(letters.every((letter) => letter.topic === 'identity.users' && letter.partition === first.position.partition)).toBe(true);
      expect(
        letters.map((letter) => letter.offset).every((offset) => offset > first.position.offset && offset < last.position.offset),
      ).toBe(true);
      expect(JSON.parse(letters[0]!.event)).toMatchObject({ type: 'UserRenamed', data: { uid, name: 'Bo' } });
      // Said loudly, where and why.
      expect(logged).toEqual(letters.map(({ topic, partition, offset, type, error }) => ({ topic, partition, offset, type, error })));
      expect(await store.deadLetterCount()).toBe(3);
    });

    it('refuses a read model built from another log, and rebuilds it from the new log when told to', async () => {
      const first = await openLog();
      await history(first.append);
      const { sql, store } = await openReadModel();
      const cache = await openCache();
      await new Projector({ log: first.log, store, cache, hotAnswers: catalogueHotAnswers(store) }).catchUp();
      const builtFromFirst = await dumpReadModel(sql);

      const second = await openLog();
      await second.append(productAdded({ productId: 'p-other' }));
      const refused = new Projector({ log: second.log, store, cache, hotAnswers: catalogueHotAnswers(store) }).catchUp();
      await expect(refused).rejects.toThrow(LogChangedError);
      await expect(refused).rejects.toThrow('PROJECTOR_ON_LOG_CHANGE=rebuild');
      expect(await dumpReadModel(sql)).toEqual(builtFromFirst);

      // Running, it stops at once rather than retrying what no retry can mend.
      const errors: string[] = [];
      const running = new Projector({
        log: second.log,
        store,
        pollIntervalMs: 10,
        logger: { error: (_details, message) => errors.push(message) },
      });
      running.start();
      await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
      await running.stop();
      expect(errors[0]).toContain('does not belong to the log');

      const generations = [await cache.generation(CACHE_AREAS.catalogue), await cache.generation(CACHE_AREAS.orders)];
      expect(
        await new Projector({ log: second.log, store, cache, hotAnswers: catalogueHotAnswers(store), onLogChange: 'rebuild' }).catchUp(),
      ).toBe(1);
      expect(await dumpReadModel(sql)).toEqual(await freshRebuild(second.log));
      // Nothing cached from the first log is answered again.
      expect(await cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(generations[0]!);
      expect(await cache.generation(CACHE_AREAS.orders)).toBeGreaterThan(generations[1]!);
      // Bound to the second log now: the first is the other one.
      await expect(new Projector({ log: first.log, store }).catchUp()).rejects.toThrow(LogChangedError);
    });
  });
}
