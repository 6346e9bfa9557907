import { describe, expect, it } from 'vitest';
import { totalShares, type OrderPlaced, type SalesReport, type ShopEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { applyMigrations, pgliteSql } from '@toolforge/platform/sql';
import { stored } from '@toolforge/platform/testing';
import { project } from '../projection.js';
import { READ_MODEL_SCHEMA, migrateReadModel } from '../readModel.js';
import { applyRowWrites } from '../rowWrites.js';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { SALES_CUSTOMERS, SALES_ORDERS, SALES_PRODUCTS, salesHistory, salesPeriod } from '../testing/salesHistory.js';
import { sqlSalesReader } from './salesReads.js';

/** The history at offsets of its own topics, as a log holds it. */
function storedHistory(): StoredEvent[] {
  const offsets = new Map<string, number>();
  return salesHistory().map((event: ShopEvent) => {
    const topic = stored(event, 0).position.topic;
    const offset = offsets.get(topic) ?? 0;
    offsets.set(topic, offset + 1);
    return stored(event, offset);
  });
}

const { adaFirst, cyThreeLines, boFirst, boSecond, adaSecond, cyCancelled } = SALES_ORDERS;
const total = (order: OrderPlaced) => order.data.totalCostCents;
/** A product's share of the orders' totals, by the shop's one rule (totalShares). */
const shareOf = (productId: string, ...sold: OrderPlaced[]) =>
  sold.reduce((sum, order) => {
    const shares = totalShares(order.data);
    return sum + order.data.lines.reduce((own, line, index) => own + (line.productId === productId ? shares[index]! : 0), 0);
  }, 0);
const sold = [adaFirst, cyThreeLines, boSecond, adaSecond];

/** The report of the history's period, worked out from its events here. */
function expectedReport(): SalesReport {
  const product = (key: keyof typeof SALES_PRODUCTS) => {
    const { productId, name } = SALES_PRODUCTS[key].data;
    const holding = sold.filter((order) => order.data.lines.some((line) => line.productId === productId));
    const lines = holding.flatMap((order) => order.data.lines.filter((line) => line.productId === productId));
    return {
      productId,
      name,
      orders: holding.length,
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      revenueCents: shareOf(productId, ...sold),
    };
  };
  const products = (['vise', 'drill', 'lathe', 'clamp', 'file'] as const).map(product).sort((a, b) => b.revenueCents - a.revenueCents);
  const category = (name: string, ...keys: (keyof typeof SALES_PRODUCTS)[]) => ({
    category: name,
    quantity: keys.reduce((sum, key) => sum + product(key).quantity, 0),
    revenueCents: keys.reduce((sum, key) => sum + product(key).revenueCents, 0),
  });
  return {
    from: '2026-03-02T00:00:00.000Z',
    to: '2026-03-05T00:00:00.000Z',
    totals: { orders: 4, quantity: 6 + 3 + 3 + 8, revenueCents: sold.map(total).reduce((a, b) => a + b) },
    // Both card payments, the offline one, and the late card payment not applied (its amount: the order's total).
    paidCents: total(adaFirst) + total(boFirst) + 2 * total(adaSecond),
    refundedCents: total(boFirst) + total(adaSecond),
    byDay: [
      {
        day: '2026-03-02',
        orders: 2,
        quantity: 6 + 3,
        revenueCents: total(adaFirst) + total(cyThreeLines),
        paidCents: total(adaFirst) + total(boFirst),
      },
      { day: '2026-03-03', orders: 0, quantity: 0, revenueCents: 0, paidCents: 0 },
      {
        day: '2026-03-04',
        orders: 2,
        quantity: 3 + 8,
        revenueCents: total(boSecond) + total(adaSecond),
        paidCents: 2 * total(adaSecond),
      },
    ],
    byStatus: [
      { status: 'pending', orders: 2, revenueCents: total(cyThreeLines) + total(boSecond) },
      { status: 'paid', orders: 1, revenueCents: total(adaSecond) },
      { status: 'delivered', orders: 1, revenueCents: total(adaFirst) },
      { status: 'cancelled', orders: 2, revenueCents: total(boFirst) + total(cyCancelled) },
    ],
    byCategory: [category('machine-tool', 'lathe'), category('hand-tool', 'vise', 'clamp', 'file'), category('power-tool', 'drill')].sort(
      (a, b) => b.revenueCents - a.revenueCents,
    ) as SalesReport['byCategory'],
    topProducts: products,
    topCustomers: [
      { userId: 'u-ada', name: SALES_CUSTOMERS.ada.data.name, orders: 2, revenueCents: total(adaFirst) + total(adaSecond) },
      { userId: 'u-bo', name: SALES_CUSTOMERS.bo.data.name, orders: 1, revenueCents: total(boSecond) },
      { userId: 'u-cy', name: SALES_CUSTOMERS.cy.data.name, orders: 1, revenueCents: total(cyThreeLines) },
    ].sort((a, b) => b.revenueCents - a.revenueCents),
    // The lathe: 3, one held by o-bo-2 (o-bo-1 cancelled); the vise: 10, six held (o-cy held drills).
    lowStock: [
      { productId: 'p-lathe', name: 'Wood Lathe', stock: 3, reserved: 1, available: 2 },
      { productId: 'p-vise', name: 'Bench Vise', stock: 10, reserved: 6, available: 4 },
    ],
  };
}

describe('the sales report in the read model', () => {
  const readModel = useEmptiedReadModel();

  it('counts the orders placed in the period as the audit does: the cancelled ones out of the sales, every day listed, money by the order’s day', async () => {
    const sql = await readModel.emptied();
    await projectOneByOne(sql, storedHistory());
    const report = await sqlSalesReader(sql).salesReport(salesPeriod());
    expect(report).toEqual(expectedReport());
    // 60.49 over three lines of one price: 20.17 to the first clamp line, 20.16 to the file and the second clamp line.
    expect(total(cyThreeLines)).toBe(60_49);
    expect(shareOf('p-file', cyThreeLines)).toBe(20_16);
    expect(shareOf('p-clamp', cyThreeLines)).toBe(20_17 + 20_16);
    expect(report.topProducts.find((product) => product.productId === 'p-file')).toMatchObject({ orders: 1, quantity: 1 });
    // The products' shares add up to the orders' totals, to the cent.
    expect(report.topProducts.reduce((sum, product) => sum + product.revenueCents, 0)).toBe(report.totals.revenueCents);
  });

  it('ends the same when the whole history is one batch, and counts an event delivered again once', async () => {
    const sql = await readModel.emptied();
    const history = storedHistory();
    await sql.transaction((tx) => applyRowWrites(tx, history.flatMap(project)));
    // The late payment and its refund applied again: the rows remember the last offset applied.
    const again = history.filter((event) => event.type === 'PaymentNotApplied' || event.type === 'OrderRefunded');
    await sql.transaction((tx) => applyRowWrites(tx, again.flatMap(project)));
    expect(await sqlSalesReader(sql).salesReport(salesPeriod())).toEqual(expectedReport());
  });

  it('reports an empty period with its days at zero and the stock low now', async () => {
    const sql = await readModel.emptied();
    await projectOneByOne(sql, storedHistory());
    const report = await sqlSalesReader(sql).salesReport({ from: new Date('2026-02-27T12:00:00Z'), to: new Date('2026-02-28T12:00:00Z') });
    expect(report).toMatchObject({ totals: { orders: 0, quantity: 0, revenueCents: 0 }, paidCents: 0, refundedCents: 0 });
    expect(report.byDay.map((day) => day.day)).toEqual(['2026-02-27', '2026-02-28']);
    expect([report.byStatus, report.byCategory, report.topProducts, report.topCustomers]).toEqual([[], [], [], []]);
    expect(report.lowStock).toEqual(expectedReport().lowStock);
  });

  it('brings over the orders a read model held before it kept the report: each line’s share by the same rule', async () => {
    const db = await openEmbeddedPostgres(null);
    try {
      const sql = pgliteSql(db);
      await applyMigrations(
        sql,
        READ_MODEL_SCHEMA.migrations.filter((migration) => migration.version < 16),
      );
      const history = storedHistory();
      for (const event of history)
        await sql.transaction((tx) =>
          applyRowWrites(
            tx,
            project(event).filter((write) => !write.kind.includes('Sales')),
          ),
        );
      await migrateReadModel(sql);
      const projected = await openEmbeddedPostgres(null);
      try {
        const fresh = pgliteSql(projected);
        await migrateReadModel(fresh);
        await projectOneByOne(fresh, history);
        const lines = 'select order_id, line_no, product_id, quantity, share_cents from sales_order_lines order by order_id, line_no';
        expect((await sql.query(lines)).rows).toEqual((await fresh.query(lines)).rows);
        const orders =
          'select order_id, user_id, placed_at, status, quantity, total_cents, refunded_cents, last_offset from sales_orders order by order_id';
        expect((await sql.query(orders)).rows).toEqual((await fresh.query(orders)).rows);
      } finally {
        await projected.close();
      }
      // What was captured is known only as paid or not: each paid order its total, the late payment not applied nothing.
      const report = await sqlSalesReader(sql).salesReport(salesPeriod());
      expect(report).toEqual({ ...expectedReport(), paidCents: expectedReport().paidCents - total(adaSecond), byDay: expect.any(Array) });
    } finally {
      await db.close();
    }
  });
});
