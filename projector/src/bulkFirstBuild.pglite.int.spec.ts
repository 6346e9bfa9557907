import { describe, expect, it } from 'vitest';
import { TOPICS, type ProductAdded, type ShopEvent, type Topic } from '@toolforge/contracts';
import { orderCancelled, orderLine, orderPlaced, orderPlacedOf, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { bulkFirstBuild } from './bulkFirstBuild.js';
import { Projector } from './projector.js';
import { openProjectorStore } from './projectorStore.js';
import { dumpReadModel } from './test/readModel.js';

/**
 * A shop's history: three products (one with a quantity ladder), a customer, eight orders (every
 * third of all three products) of which two were cancelled. 14 events.
 */
function history(): { topic: Topic; streamId: string; events: ShopEvent[] }[] {
  const priceTiers = [{ minQuantity: 5, unitPriceCents: 9_00 }];
  const products = [1, 2, 3].map((n) => productAdded({ name: `Bulk Spanner ${n}`, stock: 50, ...(n === 2 && { priceTiers }) }));
  const customer = userSignedIn({ uid: 'bulk-customer' });
  const orders = Array.from({ length: 8 }, (_, n) =>
    n % 3 === 1
      ? orderPlacedOf(
          products.map((product, k) => orderLine(product.data, 1 + n + k)),
          { userId: 'bulk-customer' },
        )
      : orderPlaced(products[n % 3]!.data, { userId: 'bulk-customer', quantity: 1 + n }),
  );
  return [
    ...products.map((product) => ({ topic: TOPICS.products, streamId: product.data.productId, events: [product] as ShopEvent[] })),
    { topic: TOPICS.users, streamId: 'bulk-customer', events: [customer] },
    ...orders.map((order, n) => ({
      topic: TOPICS.orders,
      streamId: order.data.orderId,
      events: n % 4 === 1 ? [order, orderCancelled(order.data, { reason: 'ordered twice' })] : [order],
    })),
  ];
}

/** A shop's database with `writes` in its log and a read model that has applied none of it. */
async function shopWith(writes: ReturnType<typeof history>) {
  const db = await openEmbeddedPostgres(null);
  const log = await PgliteEventLog.open(db);
  for (const write of writes) await log.append({ ...write, expectedVersion: 0 });
  const sql = pgliteSql(db);
  const store = await openProjectorStore(sql);
  return { db, log, sql, store, projector: new Projector({ log, store }) };
}

const silent = { info: () => undefined };

describe('a first build in bulk (bulkFirstBuild)', () => {
  it('builds a read model that has applied nothing the way the projector would, and the projector goes on from where it ended', async () => {
    const writes = history();
    const [bulk, caughtUp] = [await shopWith(writes), await shopWith(writes)];
    try {
      const told: string[] = [];
      expect(await bulkFirstBuild({ log: bulk.log, sql: bulk.sql, logger: { info: (message) => void told.push(message) }, from: 14 })).toBe(
        true,
      );
      expect(told).toEqual([
        expect.stringMatching(/applied no event and the log holds 14: building it in bulk/),
        expect.stringMatching(/built in bulk: 14 events/),
      ]);
      await caughtUp.projector.catchUp();
      expect(await dumpReadModel(bulk.sql)).toEqual(await dumpReadModel(caughtUp.sql));

      // Later events: the projector applies them alone, once (the reservations would count an order twice).
      const more = orderPlaced((writes[0]!.events[0] as ProductAdded).data, { userId: 'bulk-customer', quantity: 4 });
      for (const shop of [bulk, caughtUp])
        await shop.log.append({ topic: TOPICS.orders, streamId: more.data.orderId, expectedVersion: 0, events: [more] });
      expect(await bulk.projector.catchUp()).toBe(1);
      await caughtUp.projector.catchUp();
      const built = await dumpReadModel(bulk.sql);
      expect(built).toEqual(await dumpReadModel(caughtUp.sql));
      expect(built.orders).toHaveLength(9);
      expect(built.order_lines).toHaveLength(9 + 2 * 3);
    } finally {
      await Promise.all([bulk.db.close(), caughtUp.db.close()]);
    }
  });

  it('leaves a log shorter than its threshold, a threshold of 0, and a read model that has applied anything, to the projector', async () => {
    const shop = await shopWith(history());
    try {
      expect(await bulkFirstBuild({ log: shop.log, sql: shop.sql, logger: silent, from: 15 })).toBe(false);
      expect(await bulkFirstBuild({ log: shop.log, sql: shop.sql, logger: silent, from: 0 })).toBe(false);
      expect((await dumpReadModel(shop.sql)).orders).toEqual([]);
      await shop.projector.catchUp();
      const applied = await dumpReadModel(shop.sql);
      expect(await bulkFirstBuild({ log: shop.log, sql: shop.sql, logger: silent, from: 1 })).toBe(false);
      expect(await dumpReadModel(shop.sql)).toEqual(applied);
    } finally {
      await shop.db.close();
    }
  });
});
