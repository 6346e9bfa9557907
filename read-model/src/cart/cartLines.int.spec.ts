import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import { cartLineRemoved, cartLineSet, orderLine, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { sqlCartReader } from './cartReads.js';

const product = (productId: string) => productAdded({ productId, name: productId, priceCents: 10_00, minOrder: 1 }).data;
const [hammer, vise, saw] = [product('p-hammer'), product('p-vise'), product('p-saw')] as const;

/**
 * The events of one customer's cart (and another's), as the customers made them: at their offsets of
 * the carts' topic, each at its version of its customer's cart stream.
 */
function cartEvents(events: readonly ShopEvent[]): StoredEvent[] {
  const versions = new Map<string, number>();
  return events.map((event, offset) => {
    const userId = (event.data as { userId: string }).userId;
    const version = (versions.get(userId) ?? 0) + 1;
    versions.set(userId, version);
    return stored(event, offset, version);
  });
}

describe('the carts’ rows', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  const linesOf = async (sql: SqlExecutor, uid: string) =>
    (await sqlCartReader(sql).cartOf(uid)).lines.map((line) => [line.productId, line.quantity]);
  const rowsOf = async (sql: SqlExecutor) => (await sql.query('select * from cart_lines order by user_id, product_id')).rows;

  it('holds a line at the quantity last set, in the place it went in, until it is taken out', async () => {
    const sql = await readModel();
    await projectOneByOne(
      sql,
      cartEvents([
        cartLineSet('u-ada', hammer.productId, 2),
        cartLineSet('u-ada', vise.productId, 1),
        cartLineSet('u-ada', hammer.productId, 5),
        cartLineSet('u-ada', saw.productId, 1),
        cartLineRemoved('u-ada', vise.productId),
      ]),
    );
    expect(await linesOf(sql, 'u-ada')).toEqual([
      [hammer.productId, 5],
      [saw.productId, 1],
    ]);
    // Taken out, then put in again: at the end of the cart.
    await projectOneByOne(sql, [stored(cartLineSet('u-ada', vise.productId, 3), 5, 6)]);
    expect(await linesOf(sql, 'u-ada')).toEqual([
      [hammer.productId, 5],
      [saw.productId, 1],
      [vise.productId, 3],
    ]);
  });

  it('leaves the cart as it is for an order placed on its own', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, [
      stored(cartLineSet('u-ada', hammer.productId, 2), 0),
      stored(orderPlacedOf([orderLine(hammer, 2)], { userId: 'u-ada', cartVersion: null }), 0),
    ]);
    expect(await linesOf(sql, 'u-ada')).toEqual([[hammer.productId, 2]]);
  });

  /*
   * The cart's events are one stream, in their order; the checkout's OrderPlaced is on the orders'
   * topic, projected before, between or after them (a rebuild projects every order first). Each
   * place must leave the same rows.
   */
  const history = cartEvents([
    cartLineSet('u-ada', hammer.productId, 2),
    cartLineSet('u-bo', hammer.productId, 7),
    cartLineSet('u-ada', vise.productId, 1),
    cartLineRemoved('u-ada', vise.productId),
    cartLineSet('u-ada', vise.productId, 6),
    // The checkout of Ada's cart at version 4 (the hammer and the vise) comes here.
    cartLineSet('u-ada', saw.productId, 5),
    cartLineSet('u-ada', hammer.productId, 3),
    cartLineRemoved('u-ada', saw.productId),
    cartLineSet('u-ada', saw.productId, 1),
    cartLineSet('u-ada', vise.productId, 2),
    cartLineRemoved('u-ada', vise.productId),
  ]);
  const checkout = stored(orderPlacedOf([orderLine(hammer, 2), orderLine(vise, 6)], { userId: 'u-ada', cartVersion: 4 }), 0);

  it.each(Array.from({ length: history.length + 1 }, (_, at) => at))(
    'empties on checkout every line set up to its version, projected after %i of the carts’ events',
    async (at) => {
      const inTime = await readModel();
      await projectOneByOne(inTime, [...history.slice(0, 5), checkout, ...history.slice(5)]);
      const rowsInTime = await rowsOf(inTime);
      const sql = await readModel();
      await projectOneByOne(sql, [...history.slice(0, at), checkout, ...history.slice(at)]);

      // The saw put in after the checkout, taken out and put in again; the hammer put in again, before it;
      // the vise put in again and taken out.
      expect(await linesOf(sql, 'u-ada')).toEqual([
        [hammer.productId, 3],
        [saw.productId, 1],
      ]);
      // Another customer's line of the same product is theirs still.
      expect(await linesOf(sql, 'u-bo')).toEqual([[hammer.productId, 7]]);
      expect(await rowsOf(sql)).toEqual(rowsInTime);
    },
  );

  it('keeps no checkout on a row once the product’s own events reach it, and answers a line set at the checkout’s very version as emptied', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, [checkout, ...history.slice(0, 5)]);
    // Projected first, the checkout waits on the hammer's row for sets up to version 4; the vise's set at 4 is the last it empties.
    expect(await rowsOf(sql)).toEqual([
      { user_id: 'u-ada', product_id: hammer.productId, quantity: null, set_version: 1, placed_version: null, checked_out_version: 4 },
      { user_id: 'u-ada', product_id: vise.productId, quantity: null, set_version: 4, placed_version: null, checked_out_version: null },
      { user_id: 'u-bo', product_id: hammer.productId, quantity: 7, set_version: 1, placed_version: 1, checked_out_version: null },
    ]);
    expect(await linesOf(sql, 'u-ada')).toEqual([]);
  });

  it('applies a checkout again, or a set again, without changing the rows', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, [...history, checkout]);
    const rows = await rowsOf(sql);
    await projectOneByOne(sql, [checkout, history.at(-1)!]);
    expect(await rowsOf(sql)).toEqual(rows);
  });
});
