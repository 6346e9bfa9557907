import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import { cartLineRemoved, cartLineSet, orderLine, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { stored } from '@toolforge/platform/testing';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { project } from '../projection.js';
import { READ_MODEL_TABLES, migrateReadModel } from '../readModel.js';
import { applyRowWrites } from '../rowWrites.js';
import { sqlCartReader } from './cartReads.js';

const minute = (n: number) => ({ occurredAt: new Date(Date.UTC(2026, 5, 1, 9, n)).toISOString() });
const product = (productId: string) => productAdded({ productId, name: productId, priceCents: 10_00, minOrder: 1 }).data;
const [hammer, vise, saw] = [product('p-hammer'), product('p-vise'), product('p-saw')] as const;

/** The events of one customer's cart (and another's), at their offsets of the carts' topic, as the customers made them. */
function cartEvents(events: readonly ShopEvent[]): StoredEvent[] {
  return events.map((event, offset) => stored(event, offset));
}

describe('the carts’ rows', () => {
  let db: Awaited<ReturnType<typeof openEmbeddedPostgres>>;
  let migrated: SqlExecutor;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    migrated = pgliteSql(db);
    await migrateReadModel(migrated);
  });
  afterAll(() => db.close());

  /** The read model emptied, as a rebuild finds it: one database for every test, migrating one takes seconds. */
  async function readModel(): Promise<SqlExecutor> {
    await migrated.query(`truncate ${READ_MODEL_TABLES.join(', ')}`);
    return migrated;
  }

  /** Projects the events one transaction each, in the order given. */
  async function projectInOrder(sql: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) await sql.transaction((tx) => applyRowWrites(tx, project(event)));
  }

  const linesOf = async (sql: SqlExecutor, uid: string) =>
    (await sqlCartReader(sql).cartOf(uid)).lines.map((line) => [line.productId, line.quantity]);
  const rowsOf = async (sql: SqlExecutor) => (await sql.query('select * from cart_lines order by user_id, product_id')).rows;

  it('holds a line at the quantity last set, in the place it went in, until it is taken out', async () => {
    const sql = await readModel();
    await projectInOrder(
      sql,
      cartEvents([
        cartLineSet('u-ada', hammer.productId, 2, minute(1)),
        cartLineSet('u-ada', vise.productId, 1, minute(2)),
        cartLineSet('u-ada', hammer.productId, 5, minute(3)),
        cartLineSet('u-ada', saw.productId, 1, minute(4)),
        cartLineRemoved('u-ada', vise.productId, minute(5)),
      ]),
    );
    expect(await linesOf(sql, 'u-ada')).toEqual([
      [hammer.productId, 5],
      [saw.productId, 1],
    ]);
    // Taken out, then put in again: at the end of the cart.
    await projectInOrder(sql, [stored(cartLineSet('u-ada', vise.productId, 3, minute(6)), 5)]);
    expect(await linesOf(sql, 'u-ada')).toEqual([
      [hammer.productId, 5],
      [saw.productId, 1],
      [vise.productId, 3],
    ]);
  });

  it('leaves the cart as it is for an order placed on its own', async () => {
    const sql = await readModel();
    await projectInOrder(sql, [
      stored(cartLineSet('u-ada', hammer.productId, 2, minute(1)), 0),
      stored(orderPlacedOf([orderLine(hammer, 2)], { userId: 'u-ada', fromCart: false }, minute(2)), 0),
    ]);
    expect(await linesOf(sql, 'u-ada')).toEqual([[hammer.productId, 2]]);
  });

  /*
   * The cart's events are one stream, in their order; the checkout's OrderPlaced is on the orders'
   * topic, projected before, between or after them (a rebuild projects every order first). Each
   * place must leave the same rows.
   */
  const history = cartEvents([
    cartLineSet('u-ada', hammer.productId, 2, minute(1)),
    cartLineSet('u-bo', hammer.productId, 7, minute(2)),
    cartLineSet('u-ada', vise.productId, 1, minute(3)),
    cartLineRemoved('u-ada', vise.productId, minute(4)),
    cartLineSet('u-ada', vise.productId, 6, minute(5)),
    cartLineSet('u-ada', saw.productId, 5, minute(6)),
    // The checkout of the hammer and the vise comes here, at minute 7.
    cartLineSet('u-ada', hammer.productId, 3, minute(8)),
    cartLineRemoved('u-ada', saw.productId, minute(9)),
    cartLineSet('u-ada', saw.productId, 1, minute(10)),
  ]);
  const checkout = stored(orderPlacedOf([orderLine(hammer, 2), orderLine(vise, 6)], { userId: 'u-ada', fromCart: true }, minute(7)), 0);

  it.each(Array.from({ length: history.length + 1 }, (_, at) => at))(
    'empties on checkout only the customer’s lines of the order’s products, projected after %i of the carts’ events',
    async (at) => {
      const inTime = await readModel();
      await projectInOrder(inTime, [...history.slice(0, 6), checkout, ...history.slice(6)]);
      const rowsInTime = await rowsOf(inTime);
      const sql = await readModel();
      await projectInOrder(sql, [...history.slice(0, at), checkout, ...history.slice(at)]);

      // The hammer put in again after the checkout, at the end; the saw taken out and put in again.
      expect(await linesOf(sql, 'u-ada')).toEqual([
        [hammer.productId, 3],
        [saw.productId, 1],
      ]);
      // Another customer's line of the same product is theirs still.
      expect(await linesOf(sql, 'u-bo')).toEqual([[hammer.productId, 7]]);
      expect(await rowsOf(sql)).toEqual(rowsInTime);
    },
  );

  it('applies a checkout again, or a set again, without changing the rows', async () => {
    const sql = await readModel();
    await projectInOrder(sql, [...history, checkout]);
    const rows = await rowsOf(sql);
    await projectInOrder(sql, [checkout, history.at(-1)!]);
    expect(await rowsOf(sql)).toEqual(rows);
  });
});
