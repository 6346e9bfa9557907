import { afterEach, describe, expect, it } from 'vitest';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { orderLine, orderPlaced, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { Projector } from './projector.js';
import { openProjectorStore } from './projectorStore.js';
import { MISSING, PRESENT, WHOLE_ROW, replayReadModel } from './replay.js';
import { dumpReadModel } from './test/readModel.js';

/** The range: every order event, as the tool reads it from the log. */
async function* ordersIn(log: EventLog): AsyncGenerator<StoredEvent> {
  for await (const page of log.readAll({ topics: ['sales.orders'] })) yield* page.events;
}

describe('replaying a range of orders with several lines (replayReadModel)', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (closing.length > 0) await closing.pop()!();
  });

  it('compares every line of an order, not one of them, and puts back those changed, lost or added by hand', async () => {
    const db = await openEmbeddedPostgres(null);
    closing.push(() => db.close());
    const log = await PgliteEventLog.open(db);
    const sql = pgliteSql(db);
    const append = logWriter(log);
    const [drill, vise, saw] = ['p-drill', 'p-vise', 'p-saw'].map((productId) => productAdded({ productId, name: productId, stock: 50 }));
    for (const product of [drill!, vise!, saw!]) await append(product);
    await append(orderPlacedOf([orderLine(drill!.data, 1), orderLine(vise!.data, 2), orderLine(saw!.data, 3)], { orderId: 'o-cart' }));
    await append(orderPlaced(vise!.data, { orderId: 'o-one', quantity: 4 }));
    await new Projector({ log, store: await openProjectorStore(sql) }).catchUp();
    const projected = await dumpReadModel(sql);

    await sql.query(`update order_lines set quantity = 9 where order_id = 'o-cart' and line_no = 2`);
    await sql.query(`delete from order_lines where order_id = 'o-cart' and line_no = 3`);
    await sql.query(
      `insert into order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents, line_total_cents)
       values ('o-one', 2, 'p-saw', 'p-saw', 1, 100, 100)`,
    );
    const replay = (dryRun: boolean) => replayReadModel({ log, sql, liveProjectors: false, events: ordersIn(log), dryRun });

    const dryRun = await replay(true);
    expect(dryRun?.changes).toEqual([
      { what: 'order_lines', key: 'o-cart', column: 'quantity', serving: '9', replayed: '2' },
      { what: 'order_lines', key: 'o-cart', column: WHOLE_ROW, serving: MISSING, replayed: PRESENT },
      { what: 'order_lines', key: 'o-one', column: WHOLE_ROW, serving: PRESENT, replayed: MISSING },
    ]);
    expect(dryRun?.changedRows).toBe(2);

    expect(await replay(false)).toMatchObject({ changedRows: 2, repaired: true });
    expect(await dumpReadModel(sql)).toEqual(projected);
  });
});
