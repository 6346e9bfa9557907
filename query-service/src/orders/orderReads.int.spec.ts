import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres, pgliteSql, type SqlQueryable } from '@toolforge/platform';
import { migrateReadModel } from '../readModel.js';
import { sqlOrderReader } from './orderReads.js';

describe('customers’ orders read together', () => {
  let db: Awaited<ReturnType<typeof openEmbeddedPostgres>>;
  const statements: string[] = [];
  let sql: SqlQueryable;
  const placeOrder = (orderId: string, uid: string, minute: number) =>
    db.query(
      `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents, total_cost_cents,
                           shipping_address, status, payment, placed_at, log_partition, log_offset, event_offsets)
       values ($1, 'p-vise', 'Bench Vise', $2, $2, 2, 1500, 3000, '1 Forge Lane', 'placed', false,
               timestamptz '2026-11-01T10:00:00Z' + make_interval(mins => $3), 0, $3, array[$3]::bigint[])`,
      [orderId, uid, minute],
    );
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    const executor = pgliteSql(db);
    await migrateReadModel(executor);
    // Interleaved in time, so that each customer's list is picked out of one ordering of all.
    await placeOrder('o-ada-1', 'u-ada', 1);
    await placeOrder('o-bo-1', 'u-bo', 2);
    await placeOrder('o-ada-2', 'u-ada', 3);
    await placeOrder('o-cy-1', 'u-cy', 4);
    await placeOrder('o-ada-3', 'u-ada', 5);
    sql = {
      query: (text, params) => {
        statements.push(text);
        return executor.query(text, params);
      },
    };
  });
  afterAll(() => db.close());

  const ids = (orders: readonly { orderId: string }[]) => orders.map((order) => order.orderId);

  it('reads the lists asked for at once in one statement, each customer’s own, newest first', async () => {
    const reader = sqlOrderReader(sql);
    statements.length = 0;
    const lists = await Promise.all(['u-ada', 'u-nobody', 'u-bo', 'u-ada'].map((uid) => reader.ordersOfUser(uid)));
    expect(lists.map(ids)).toEqual([['o-ada-3', 'o-ada-2', 'o-ada-1'], [], ['o-bo-1'], ['o-ada-3', 'o-ada-2', 'o-ada-1']]);
    expect(lists[2]![0]).toMatchObject({ userId: 'u-bo', quantity: 2, totalCostCents: 3000, placedAt: '2026-11-01T10:02:00.000Z' });
    expect(statements).toHaveLength(1);
  });

  it('reads again for lists asked for later: an order placed between two reads is in the second', async () => {
    const reader = sqlOrderReader(sql);
    statements.length = 0;
    expect(ids(await reader.ordersOfUser('u-cy'))).toEqual(['o-cy-1']);
    await placeOrder('o-cy-2', 'u-cy', 6);
    expect(ids(await reader.ordersOfUser('u-cy'))).toEqual(['o-cy-2', 'o-cy-1']);
    expect(statements).toHaveLength(2);
  });
});
