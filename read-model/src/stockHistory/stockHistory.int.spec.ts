import { describe, expect, it } from 'vitest';
import type { EventMeta, ShopEvent, StockChangeDto } from '@toolforge/contracts';
import { orderCancelled, orderLine, orderMoved, orderPlacedOf, productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { applyMigrations, pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { stored } from '@toolforge/platform/testing';
import { project } from '../projection.js';
import { projectedButSales } from '../testing/projectedButSales.js';
import { READ_MODEL_SCHEMA, migrateReadModel } from '../readModel.js';
import { applyRowWrites } from '../rowWrites.js';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { sqlStockHistoryReader } from './stockHistoryReads.js';

/** The nth minute of the history, and an event id of the shop's kind (a UUIDv7 of that minute). */
const at = (minute: number): Partial<EventMeta> => {
  const millis = Date.parse('2026-03-02T09:00:00.000Z') + minute * 60_000;
  const hex = millis.toString(16).padStart(12, '0');
  return {
    occurredAt: new Date(millis).toISOString(),
    eventId: `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${String(minute).padStart(12, '0')}`,
  };
};

const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10 }, at(0));
const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00, stock: 40 }, at(1));
const restock = stockAdjusted('p-vise', 5, 'delivery', at(2));
const first = orderPlacedOf([orderLine(vise.data, 2), orderLine(drill.data, 1)], { orderId: 'o-first', userId: 'u-ada' }, at(3));
const second = orderPlacedOf([orderLine(vise.data, 3)], { orderId: 'o-second', userId: 'u-bo' }, at(4));
const writeOff = stockAdjusted('p-vise', -4, 'damaged', at(8));

/** Each topic's events at their offsets, in the order the log holds them on its topic. */
const products = [vise, drill, restock, writeOff].map((event, offset) => stored(event, offset));
const orders = [
  first,
  second,
  orderMoved(first.data, 'OrderPaid', at(5)),
  orderMoved(first.data, 'OrderShipped', at(6)),
  orderCancelled(second.data, { by: 'customer', reason: 'ordered twice' }, at(7)),
  orderMoved(first.data, 'OrderDelivered', at(9)),
].map((event, offset) => stored(event as ShopEvent, offset));
/** As the shop decided them: by the time they occurred. */
const decided = [...products, ...orders].sort((a, b) => a.meta.occurredAt.localeCompare(b.meta.occurredAt));

const change = (
  minute: number,
  position: string,
  type: StockChangeDto['type'],
  moved: [onHand: number, reserved: number],
  after: [onHand: number, reserved: number],
  orderId: string | null = null,
): StockChangeDto => ({
  position,
  type,
  eventId: at(minute).eventId!,
  occurredAt: at(minute).occurredAt!,
  onHandDelta: moved[0],
  reservedDelta: moved[1],
  onHandAfter: after[0],
  reservedAfter: after[1],
  orderId,
});

/** The bench vise's history, newest first: 10 added, 5 restocked, 2 and 3 reserved, 3 given back, 4 written off. */
const VISE_HISTORY: StockChangeDto[] = [
  change(8, 'catalog.products/0/3', 'StockAdjusted', [-4, 0], [11, 2]),
  change(7, 'sales.orders/0/4', 'OrderCancelled', [0, -3], [15, 2], 'o-second'),
  change(4, 'sales.orders/0/1', 'OrderPlaced', [0, 3], [15, 5], 'o-second'),
  change(3, 'sales.orders/0/0', 'OrderPlaced', [0, 2], [15, 2], 'o-first'),
  change(2, 'catalog.products/0/2', 'StockAdjusted', [5, 0], [15, 0]),
  change(0, 'catalog.products/0/0', 'ProductAdded', [10, 0], [10, 0]),
];

/** The catalogue's figures of a product: its stock on hand, and what orders reserve of it. */
async function counters(sql: SqlExecutor, productId: string): Promise<[onHand: number, reserved: number]> {
  const result = await sql.query<{ stock: unknown; reserved: unknown }>(
    `select p.stock, coalesce(r.reserved, 0) as reserved from products p
       left join product_reservations r on r.product_id = p.product_id where p.product_id = $1`,
    [productId],
  );
  return [Number(result.rows[0]!.stock), Number(result.rows[0]!.reserved)];
}

const everyRow = async (sql: SqlExecutor) =>
  (await sql.query('select * from product_stock_changes order by product_id, occurred_at, event_id')).rows;

describe('a product’s stock history', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  it('lists each change newest first with the figures after it, the newest equal to the catalogue’s', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, decided);
    const history = sqlStockHistoryReader(sql);
    expect(await history.stockHistory('p-vise', 0)).toEqual({ total: 6, changes: VISE_HISTORY });
    expect(await counters(sql, 'p-vise')).toEqual([11, 2]);
    expect(await history.stockHistory('p-drill', 0)).toEqual({
      total: 2,
      changes: [
        change(3, 'sales.orders/0/0', 'OrderPlaced', [0, 1], [40, 1], 'o-first'),
        change(1, 'catalog.products/0/1', 'ProductAdded', [40, 0], [40, 0]),
      ],
    });
    expect(await counters(sql, 'p-drill')).toEqual([40, 1]);
    expect(await history.stockHistory('p-never-added', 0)).toBeNull();
  });

  it('ends with the same rows whichever topic is applied first, one by one or a batch at a time, and a change delivered twice counts once', async () => {
    const inTurn = await readModel();
    await projectOneByOne(inTurn, decided);
    const expected = await everyRow(inTurn);

    // Every order before any product, as a projector that reads the orders' topic first may.
    const ordersFirst = await readModel();
    await projectOneByOne(ordersFirst, [...orders, ...products]);
    expect(await everyRow(ordersFirst)).toEqual(expected);
    expect(await counters(ordersFirst, 'p-vise')).toEqual([11, 2]);

    // Each topic in one batch, newest topic first, then a few delivered again.
    const batched = await readModel();
    const applyTogether = (events: readonly StoredEvent[]) => batched.transaction((tx) => applyRowWrites(tx, events.flatMap(project)));
    await applyTogether(orders.slice(2));
    await applyTogether(products);
    await applyTogether(orders.slice(0, 2));
    await applyTogether([orders[4]!, products[2]!, orders[0]!, orders[0]!]);
    expect(await everyRow(batched)).toEqual(expected);
  });

  it('pages its changes by 50, newest first, and answers the total past the last page', async () => {
    const sql = await readModel();
    const restocks = Array.from({ length: 119 }, (_, n) => stored(stockAdjusted('p-vise', n + 1, 'delivery', at(10 + n)), n + 1));
    await projectOneByOne(sql, [stored(vise, 0), ...restocks]);
    const history = sqlStockHistoryReader(sql);
    const pages = await Promise.all([0, 1, 2, 3].map((page) => history.stockHistory('p-vise', page)));
    expect(pages.map((page) => [page!.total, page!.changes.length])).toEqual([
      [120, 50],
      [120, 50],
      [120, 20],
      [120, 0],
    ]);
    // 10 added and 1 + 2 + … + 119 restocked.
    expect(pages[0]!.changes[0]).toMatchObject({ onHandDelta: 119, onHandAfter: 10 + (119 * 120) / 2 });
    expect(pages[2]!.changes.at(-1)).toMatchObject({ type: 'ProductAdded', onHandAfter: 10 });
    const onHand = pages.flatMap((page) => page!.changes.map((c) => c.onHandAfter));
    expect(onHand).toEqual([...onHand].sort((a, b) => b - a));
  });

  it('brings forward the figures a read model held when it began to keep histories, and counts on from them', async () => {
    const db = await openEmbeddedPostgres(null);
    try {
      const sql = pgliteSql(db);
      await applyMigrations(
        sql,
        READ_MODEL_SCHEMA.migrations.filter((migration) => migration.version < 15),
      );
      // The vise added, restocked and ordered twice before the history: 15 on hand, 5 reserved.
      for (const event of [products[0]!, products[2]!, orders[0]!, orders[1]!]) {
        await sql.transaction((tx) =>
          applyRowWrites(
            tx,
            // The history's rows and the sales report's (version 16) are not there yet.
            projectedButSales(event).filter((write) => write.kind !== 'recordStockChange'),
          ),
        );
      }
      await migrateReadModel(sql);
      await projectOneByOne(sql, [orders[4]!, products[3]!]);
      expect(await sqlStockHistoryReader(sql).stockHistory('p-vise', 0)).toEqual({
        total: 3,
        changes: [
          VISE_HISTORY[0],
          VISE_HISTORY[1],
          {
            position: 'catalog.products/0/0',
            type: 'BroughtForward',
            eventId: null,
            occurredAt: at(0).occurredAt,
            onHandDelta: 15,
            reservedDelta: 5,
            onHandAfter: 15,
            reservedAfter: 5,
            orderId: null,
          },
        ],
      });
      expect(await counters(sql, 'p-vise')).toEqual([11, 2]);
    } finally {
      await db.close();
    }
  });
});
