import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, type ShopEvent } from '@toolforge/contracts';
import {
  cartLineSet,
  customerForgotten,
  orderLine,
  orderPlacedOf,
  productAdded,
  reviewPosted,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres, type EmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import type { StoredEvent } from '@toolforge/platform';
import { logWriter, readEvents } from '@toolforge/platform/testing';
import { Projector } from './projector.js';
import { openProjectorStore } from './projectorStore.js';
import { MISSING, PRESENT, WHOLE_ROW, replayReadModel } from './replay.js';
import { readOnceForgotten } from '@toolforge/read-model/testing';
import { truncateReadModel } from './test/readModel.js';

/**
 * A log holding `events` and the serving read model beside it in one PGlite, opened for the file's
 * describe block; the read model is projected afresh from the log before each test spoils it.
 */
function useShop(events: () => readonly ShopEvent[]): { readonly log: PgliteEventLog; readonly sql: SqlExecutor } {
  let db: EmbeddedPostgres;
  let log: PgliteEventLog;
  let sql: SqlExecutor;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    log = await PgliteEventLog.open(db);
    sql = pgliteSql(db);
    const append = logWriter(log);
    for (const event of events()) await append(event);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    const store = await openProjectorStore(sql);
    await truncateReadModel(sql);
    await new Projector({ log, store }).catchUp();
  });
  return {
    get log() {
      return log;
    },
    get sql() {
      return sql;
    },
  };
}

/*
 * A write names its rows by one column, which keys several rows of a table whose primary key has
 * more: a customer's cart is a row per product (cart_lines, by user_id), an order a row per line
 * (order_lines, by order_id). Each of those rows is compared and repaired, not one row per key.
 */
describe('replaying rows that one key names several of', () => {
  const [hammer, vise, saw] = ['p-hammer', 'p-vise', 'p-saw'].map((productId) => productAdded({ productId, name: productId }).data);
  const shop = useShop(() => [
    cartLineSet('u-ada', hammer!.productId, 2),
    cartLineSet('u-ada', vise!.productId, 1),
    cartLineSet('u-ada', saw!.productId, 3),
    orderPlacedOf([orderLine(hammer!, 4), orderLine(vise!, 2), orderLine(saw!, 5)], { orderId: 'o-1', userId: 'u-bo' }),
  ]);

  /** Every event of the log as the range. */
  async function* everyEvent() {
    yield* await readEvents(shop.log);
  }
  const replay = async (dryRun: boolean) =>
    (await replayReadModel({ log: shop.log, sql: shop.sql, liveProjectors: false, events: everyEvent(), dryRun }))!;

  const cartRows = async () => (await shop.sql.query('select * from cart_lines order by product_id')).rows;

  it('finds a changed column in any row of a customer’s cart, by the row’s whole primary key, and repairs it', async () => {
    const rows = await cartRows();
    // The first row a customer's cart reads: the one a comparison of one row per key would never look at.
    await shop.sql.query(`update cart_lines set quantity = 9 where product_id = 'p-hammer'`);
    const dryRun = await replay(true);
    expect(dryRun.changes).toEqual([{ what: 'cart_lines', key: 'u-ada/p-hammer', column: 'quantity', serving: '9', replayed: '2' }]);
    expect(dryRun.changedRows).toBe(1);

    const repaired = await replay(false);
    expect(repaired.repaired).toBe(true);
    expect(await cartRows()).toEqual(rows);
    expect((await replay(true)).changes).toEqual([]);
  });

  it('finds a row missing from a group and a row that should not be there', async () => {
    await shop.sql.query(`delete from cart_lines where product_id = 'p-vise'`);
    await shop.sql
      .query(`insert into order_lines select order_id, line_no + 10, product_id, product_name, quantity, unit_price_cents, line_total_cents
                       from order_lines where order_id = 'o-1' and line_no = 1`);
    const { changes } = await replay(true);
    expect(changes).toEqual([
      { what: 'cart_lines', key: 'u-ada/p-vise', column: WHOLE_ROW, serving: MISSING, replayed: PRESENT },
      { what: 'order_lines', key: 'o-1/11', column: WHOLE_ROW, serving: PRESENT, replayed: MISSING },
    ]);
    await replay(false);
    expect((await replay(true)).changes).toEqual([]);
  });
});

/*
 * An erasure names an erased customer's rows by their customer (orders and reviews by user_id), where
 * the rest of the log names them by their own ids: both groups of one table are compared, each row once.
 * The log reads as it does once the customer's key is destroyed (readOnceForgotten).
 */
describe('replaying an erasure', () => {
  const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise' }).data;
  const shop = useShop(() =>
    [
      userSignedIn({ uid: 'u-ada', name: 'Ada Lovelace' }),
      orderPlacedOf([orderLine(vise, 2)], { orderId: 'o-ada', userId: 'u-ada', userName: 'Ada Lovelace' }),
      orderPlacedOf([orderLine(vise, 1)], { orderId: 'o-bo', userId: 'u-bo', userName: 'Bo Builder' }),
      reviewPosted(vise, { reviewId: 'r-ada', userId: 'u-ada', userName: 'Ada Lovelace', text: 'Firm grip, no play at all.' }),
      customerForgotten('u-ada'),
    ].map((event) => readOnceForgotten(event, 'u-ada')),
  );

  /** The log's events that `inRange` takes as the range, the erasure last: after the events that name its rows by their own ids. */
  async function* eventsOf(inRange: (event: StoredEvent) => boolean) {
    const events = (await readEvents(shop.log)).filter(inRange);
    yield* events.filter((event) => event.type !== 'CustomerForgotten');
    yield* events.filter((event) => event.type === 'CustomerForgotten');
  }
  const replay = async (dryRun: boolean, inRange: (event: StoredEvent) => boolean = () => true) =>
    (await replayReadModel({ log: shop.log, sql: shop.sql, liveProjectors: false, events: eventsOf(inRange), dryRun }))!;
  const names = async () =>
    (
      await shop.sql.query<{ user_name: string }>('select user_name from orders union all select user_name from reviews order by user_name')
    ).rows.map((r) => r.user_name);
  const named = (what: string, key: string) => ({ what, key, column: 'user_name', serving: 'Ada Lovelace', replayed: FORMER_CUSTOMER });

  it('compares a row its own event and the erasure both name once, and forgets the name found back in it', async () => {
    expect(await names()).toEqual(['Bo Builder', FORMER_CUSTOMER, FORMER_CUSTOMER]);
    await shop.sql.query(`update reviews set user_name = 'Ada Lovelace'`);
    await shop.sql.query(`update orders set user_name = 'Ada Lovelace' where order_id = 'o-ada'`);
    const dryRun = await replay(true);
    expect(dryRun.changes).toEqual([named('orders', 'o-ada'), named('reviews', 'r-ada')]);
    expect(dryRun.changedRows).toBe(2);
    expect(await replay(false)).toMatchObject({ repaired: true, changedRows: 2 });
    expect(await names()).toEqual(['Bo Builder', FORMER_CUSTOMER, FORMER_CUSTOMER]);
    expect((await replay(true)).changes).toEqual([]);
  });

  it('finds a customer’s order that only the erasure names, beside another order named by its id', async () => {
    await shop.sql.query(`update orders set user_name = 'Ada Lovelace' where order_id = 'o-ada'`);
    const range = (event: StoredEvent) =>
      event.type === 'CustomerForgotten' || (event.type === 'OrderPlaced' && event.data.orderId === 'o-bo');
    expect((await replay(true, range)).changes).toEqual([named('orders', 'o-ada')]);
    await replay(false, range);
    expect(await names()).toEqual(['Bo Builder', FORMER_CUSTOMER, FORMER_CUSTOMER]);
  });
});
