import { afterEach, describe, expect, it } from 'vitest';
import type { EventLog, ProductAdded } from '@toolforge/contracts';
import {
  adminGranted,
  logWriter,
  orderPlaced,
  productAdded,
  productDeleted,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { CACHE_AREAS, InProcessCache, SqlReadStore, type SqlExecutor } from '@toolforge/platform';
import { dumpReadModel } from '@toolforge/platform/testing';
import { Projector, type Committed } from './projector.js';

export interface ProjectorAdapters {
  /** An empty event log. */
  openLog(): Promise<{ log: EventLog; close(): Promise<void> }>;
  /** An empty database for a read model. */
  openSql(): Promise<{ sql: SqlExecutor; close(): Promise<void> }>;
}

interface FailingExecutor extends SqlExecutor {
  /** The next `times` commits fail: every statement of the batch has run, then it rolls back. */
  failNextCommits(times: number): void;
  failures(): number;
}

/** An executor that can be made to die between applying a batch and committing it. */
function failingBeforeCommit(sql: SqlExecutor): FailingExecutor {
  let failures = 0;
  let toFail = 0;
  return {
    query: (text, params) => sql.query(text, params),
    transaction: (work) =>
      sql.transaction(async (tx) => {
        const result = await work(tx);
        if (toFail > 0) {
          toFail -= 1;
          failures += 1;
          throw new Error('the process died before COMMIT');
        }
        return result;
      }),
    failNextCommits: (times) => {
      toFail = times;
    },
    failures: () => failures,
  };
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
      return { log: opened.log, append: logWriter(opened.log) };
    }

    async function openReadModel(wrap: (sql: SqlExecutor) => SqlExecutor = (sql) => sql) {
      const opened = await open.openSql();
      closers.push(opened.close);
      const sql = wrap(opened.sql);
      return { sql: opened.sql, store: await SqlReadStore.open(sql) };
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
      for (const event of events) await append(event);
      return { drill: drill.data as ProductAdded['data'] };
    }

    it('applies every topic to the read model: products, stock reserved by orders, orders, admins', async () => {
      const { log, append } = await openLog();
      await history(append);
      const { store } = await openReadModel();
      expect(await new Projector({ log, store }).catchUp()).toBe(8);

      expect((await store.listProducts({ offset: 0, limit: 10 })).map((p) => [p.productId, p.availableStock])).toEqual([['p-drill', 35]]);
      expect((await store.ordersOfUser('u-ada')).map((o) => o.productId)).toEqual(['p-vise', 'p-drill']);
      expect(await store.isAdmin('u-admin')).toBe(true);
      expect(await store.isAdmin('u-ada')).toBe(false);
      expect(await store.nextOffset('sales.orders', 0)).toBe(2);
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
      await history(append);
      const opened = await open.openSql();
      closers.push(opened.close);
      const store = await SqlReadStore.open(opened.sql);
      // Commit the users topic, then crash on the products topic's first batch.
      await new Projector({ log, store, topics: ['identity.users'] }).catchUp();
      const crashingSql = failingBeforeCommit(opened.sql);
      const crashingStore = await SqlReadStore.open(crashingSql);
      crashingSql.failNextCommits(1);
      await expect(new Projector({ log, store: crashingStore, batchSize: 1 }).catchUp()).rejects.toThrow();
      expect(await store.nextOffset('identity.users', 0)).toBe(3);
      expect(await store.nextOffset('catalog.products', 0)).toBe(0);

      expect(await new Projector({ log, store }).catchUp()).toBe(5);
      expect(await dumpReadModel(opened.sql)).toEqual(await freshRebuild(log));
    });

    it('running, catches up when woken, tells who listens, and retries a failed commit', async () => {
      const { log, append } = await openLog();
      const { store } = await openReadModel();
      const cache = new InProcessCache();
      const projector = new Projector({ log, store, cache, pollIntervalMs: 60_000 });
      const committed: Committed[] = [];
      projector.onCommitted((position) => committed.push(position));
      projector.start();
      try {
        const added = await append(productAdded({ productId: 'p-1' }));
        projector.wake();
        await expect.poll(() => committed.length, { timeout: 2000 }).toBe(1);
        expect(committed[0]).toEqual({ topic: 'catalog.products', partition: 0, nextOffset: added.position.offset + 1 });
        expect(await cache.generation(CACHE_AREAS.catalogue)).toBe(1);
        expect(await cache.generation(CACHE_AREAS.orders)).toBe(0);
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
        await expect.poll(() => retrying.store.nextOffset('catalog.products', 0), { timeout: 5000 }).toBe(1);
        expect(await retrying.store.countProducts()).toBe(1);
        expect(failing!.failures()).toBe(2);
      } finally {
        await patient.stop();
      }
    });
  });
}
