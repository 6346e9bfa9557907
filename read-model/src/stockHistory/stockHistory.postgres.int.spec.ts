import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventMeta, ShopEvent } from '@toolforge/contracts';
import { orderPlaced, productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import { createTestDatabase, stored, type TestDatabase } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { project } from '../projection.js';
import { READ_MODEL_TABLES, migrateReadModel } from '../readModel.js';
import { applyRowWrites } from '../rowWrites.js';

/** The nth minute of the history, with an event id that sorts as the shop's (UUIDv7) do. */
const at = (minute: number): Partial<EventMeta> => {
  const millis = Date.parse('2026-05-04T07:00:00.000Z') + minute * 60_000;
  const hex = millis.toString(16).padStart(12, '0');
  return {
    occurredAt: new Date(millis).toISOString(),
    eventId: `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${String(minute).padStart(12, '0')}`,
  };
};

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00, stock: 50 }, at(0));
/** A restock or write-off each odd minute (the catalogue's partition), an order each even one (the orders'). */
const catalogue = [1, 3, 5, 7].map((minute, n) =>
  stored(stockAdjusted('p-drill', minute % 4 === 1 ? 6 : -2, 'counted', at(minute)), n + 1),
);
const orders = [2, 4, 6, 8].map((minute, n) =>
  stored(orderPlaced(drill.data, { orderId: `o-${minute}`, userId: 'u-ada', quantity: minute / 2 }, at(minute)) as ShopEvent, n),
);

const rows = async (sql: SqlExecutor) =>
  (await sql.query('select * from product_stock_changes order by product_id, occurred_at, event_id')).rows.map((row) => ({
    ...row,
    log_offset: Number(row.log_offset),
  }));

/**
 * Two batches of one product's changes applied side by side, as projectors of two partitions (or a
 * rebuild's lanes) apply them on PostgreSQL: neither waits for the other's rows of another table
 * (a restock locks the product's row, an order its reservations), so only the history's own lock
 * keeps the figures after each change what applying one batch after the other makes them.
 */
describe('a product’s stock history on PostgreSQL, two batches side by side', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    await migrateReadModel(database.sql);
  });
  afterAll(() => database.drop());

  const applied = (sql: SqlExecutor, events: readonly ReturnType<typeof stored>[]) =>
    sql.transaction((tx) => applyRowWrites(tx, events.flatMap(project)));

  it('ends with the figures of one batch after the other, whichever commits first', async () => {
    const { sql } = database;
    await applied(sql, [stored(drill, 0)]);
    await applied(sql, catalogue);
    await applied(sql, orders);
    const expected = await rows(sql);
    expect(expected.at(-1)).toMatchObject({ on_hand_after: 50 + 6 - 2 + 6 - 2, reserved_after: 1 + 2 + 3 + 4 });

    for (const [first, second] of [
      [catalogue, orders],
      [orders, catalogue],
    ]) {
      await sql.query(`truncate ${READ_MODEL_TABLES.join(', ')}`);
      await applied(sql, [stored(drill, 0)]);
      // The first batch's writes are in, uncommitted, when the second's start; it commits a moment later.
      let firstWritten!: () => void;
      let commitFirst!: () => void;
      const written = new Promise<void>((resolve) => (firstWritten = resolve));
      const mayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      const one = sql.transaction(async (tx) => {
        await applyRowWrites(tx, first!.flatMap(project));
        firstWritten();
        await mayCommit;
      });
      await written;
      const other = applied(sql, second!);
      await new Promise((resolve) => setTimeout(resolve, 300));
      commitFirst();
      await Promise.all([one, other]);
      expect(await rows(sql)).toEqual(expected);
    }
  });

  it('holds a bounded number of locks however many products a batch changes: the server’s lock table is shared by every connection', async () => {
    const { sql } = database;
    await sql.query(`truncate ${READ_MODEL_TABLES.join(', ')}`);
    const added = Array.from({ length: 2_000 }, (_, n) => stored(productAdded({ productId: `p-${n}`, stock: n }, at(n)), n));
    const held = await sql.transaction(async (tx) => {
      await applyRowWrites(tx, added.flatMap(project));
      const locks = await tx.query<{ count: unknown }>(
        "select count(*) as count from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()",
      );
      return Number(locks.rows[0]!.count);
    });
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(64);
    const counted = await sql.query<{ changes: unknown; stock: unknown }>(
      'select count(*) as changes, sum(on_hand_after) as stock from product_stock_changes',
    );
    expect(counted.rows.map((row) => [Number(row.changes), Number(row.stock)])).toEqual([[2_000, (1_999 * 2_000) / 2]]);
  });
});
