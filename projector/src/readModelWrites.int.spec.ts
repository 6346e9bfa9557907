import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrderStatus } from '@toolforge/contracts';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import {
  SqlProjectionStore,
  appliedWrites,
  pgliteSql,
  type AppliedBatch,
  type ProjectedEvent,
  type ProjectionBatch,
  type SqlExecutor,
} from '@toolforge/platform/sql';
import { createTestDatabase } from '@toolforge/platform/testing';
import {
  READ_MODEL_TABLES,
  applyRowWrite,
  migrateReadModel,
  type OrderRow,
  type PaymentChange,
  type RowWrite,
} from '@toolforge/read-model';
import { at, orderRow, productRow } from '@toolforge/read-model/testing';
import { ReservationTally } from './catalog/reservationTally.js';
import { openProjectorStore } from './projectorStore.js';
import { dumpReadModel } from './test/readModel.js';

/** A quantity ladder, as a product's jsonb column holds it. */
const LADDER = [
  { minQuantity: 10, unitPriceCents: 9_50 },
  { minQuantity: 50, unitPriceCents: 9_00 },
];

/** The offset of the order event the projector refused. */
const REFUSED = 17;

/**
 * A history whose writes do not commute within a table: a product deleted before it is added and
 * added twice, edited and restocked between; an order id repeated by the next event (with other
 * lines), orders of one line and of two paid, shipped and cancelled between other orders'
 * placements (one moved before it is placed, which nothing records), reservations of one product
 * taken and given back over a batch; a user signing in and out and gaining and losing the role in
 * turn; one event the projector refused and two the database refuses (a NUL in an order's text
 * column, and in a line's) in the middle.
 */
function mixedHistory(): { topic: string; events: ProjectedEvent<RowWrite>[] }[] {
  const orders: RowWrite[][] = [];
  const placed: OrderRow[] = [];
  const move = (order: OrderRow, status: OrderStatus): RowWrite => ({
    kind: 'moveOrder',
    move: {
      orderId: order.orderId,
      status,
      paid: status === 'paid',
      ...(status === 'paid' && { payment: { kind: 'settled', paidWith: 'card', reference: `pi-${order.orderId}-${orders.length}` } }),
      logPosition: { partition: 0, offset: orders.length },
    },
  });
  /** A payment's event of the order's stream (payments/): it leaves the status where it was. */
  const noted = (order: OrderRow, payment?: PaymentChange): RowWrite => ({
    kind: 'moveOrder',
    move: {
      orderId: order.orderId,
      status: null,
      paid: false,
      ...(payment && { payment }),
      logPosition: { partition: 0, offset: orders.length },
    },
  });
  const line = (product: number, quantity: number, productName = `Product ${product}`) => ({
    productId: `p-${product}`,
    productName,
    quantity,
    unitPriceCents: 10_00 + product,
    lineTotalCents: (10_00 + product) * quantity,
  });
  const reserved = (order: OrderRow, sign: 1 | -1): RowWrite[] =>
    order.lines.map(({ productId, quantity }) => ({ kind: 'reserveStock', productId, quantity: sign * quantity }));
  for (let n = 0; n < 60; n += 1) {
    const first = line(n % 3, 1 + (n % 4), n === 37 ? 'Product\u00000' : undefined);
    const order = orderRow(orders.length, {
      orderId: `o-${n % 5 === 4 ? n - 1 : n}`,
      lines: n % 4 === 1 ? [first, line((n + 1) % 3, 2)] : [first],
      userId: `u-${n % 2}`,
    });
    // Moved before it is placed (a log no shop writes): one by one, the move finds no row.
    if (n === 40) orders.push([move({ ...order, orderId: 'o-41' }, 'paid')]);
    orders.push([
      { kind: 'insertOrder', order: n === 31 ? { ...order, shippingAddress: 'Anvil\u0000Road' } : order },
      ...reserved(order, 1),
    ]);
    placed.push(order);
    const earlier = (back: number) => placed[placed.length - 1 - back];
    if (n % 3 === 2) orders.push([move(earlier(2)!, 'paid')]);
    if (n % 6 === 5) {
      orders.push([move(earlier(4)!, 'shipped')]);
      orders.push([move(earlier(4)!, 'delivered')]);
    }
    if (n % 7 === 6) {
      const cancelled = earlier(1)!;
      orders.push([move(cancelled, 'cancelled'), ...reserved(cancelled, -1)]);
    }
  }
  // Then what the payment provider said of some of them: failures (one cleared by a payment after
  // it), payments not applied and refunds, each orders' events folding in runs with the others'.
  for (const [index, order] of placed.entries()) {
    if (index % 4 === 0) orders.push([noted(order, { kind: 'failed', reason: `Declined ${index}` })]);
    if (index % 8 === 0) orders.push([move(order, 'paid')]);
    if (index % 6 === 1) {
      orders.push([noted(order)]);
      orders.push([noted(order, { kind: 'refunded', amountCents: order.totalCostCents })]);
      orders.push([noted(order, { kind: 'refunded', amountCents: 1 })]);
    }
  }
  const products: RowWrite[][] = [
    [{ kind: 'deleteProduct', productId: 'p-1', at: at(1) }],
    [{ kind: 'adjustStock', productId: 'p-1', delta: 4 }],
    [{ kind: 'insertProduct', product: productRow(0) }],
    [{ kind: 'adjustStock', productId: 'p-0', delta: 5 }],
    [{ kind: 'adjustStock', productId: 'p-0', delta: -2 }],
    [{ kind: 'updateProduct', productId: 'p-0', changes: { name: 'Renamed', priceCents: 12_34, priceTiers: [LADDER[1]!] } }],
    [{ kind: 'insertProduct', product: productRow(1) }],
    [{ kind: 'updateProduct', productId: 'p-0', changes: { name: 'Renamed again' } }],
    [{ kind: 'deleteProduct', productId: 'p-0', at: at(3) }],
    [{ kind: 'deleteProduct', productId: 'p-0', at: at(4) }],
    [{ kind: 'insertProduct', product: productRow(0, { name: 'Added again' }) }],
    [{ kind: 'adjustStock', productId: 'p-1', delta: 7 }],
    [{ kind: 'insertProduct', product: productRow(2, { priceTiers: LADDER, packSize: 5 }) }],
    // A run of additions, one id twice: the first stays.
    [{ kind: 'insertProduct', product: productRow(3) }],
    [{ kind: 'insertProduct', product: productRow(4) }],
    [{ kind: 'insertProduct', product: productRow(3, { name: 'Added twice in a run' }) }],
    [{ kind: 'insertProduct', product: productRow(5) }],
  ];
  const users: RowWrite[][] = [];
  for (let n = 0; n < 13; n += 1) {
    const uid = `u-${n % 2}`;
    const version = Math.floor(n / 2) + 1;
    const write: RowWrite = [
      {
        kind: 'signInUser',
        user: { uid, email: `${uid}@toolforge.test`, name: `User ${n}`, photoURL: null, emailVerified: true, at: at(n) },
        version,
      },
      { kind: 'grantAdmin', uid, email: `${uid}@toolforge.test`, version },
      { kind: 'signOutUser', uid, at: at(n), version },
      { kind: 'revokeAdmin', uid, email: `${uid}@toolforge.test`, version },
    ][n % 4] as RowWrite;
    users.push([write]);
  }
  // A run of sign-ins, one account's three with its versions out of log order: the last one's
  // details and the highest version stay.
  for (const [uid, version, name] of [
    ['u-2', 3, 'Third'],
    ['u-2', 1, 'First'],
    ['u-3', 1, 'Other'],
    ['u-2', 2, 'Second'],
  ] as const) {
    users.push([
      {
        kind: 'signInUser',
        user: { uid, email: `${uid}@toolforge.test`, name, photoURL: null, emailVerified: false, at: at(20 + version) },
        version,
      },
    ]);
  }
  const asEvents = (writes: RowWrite[][]): ProjectedEvent<RowWrite>[] =>
    writes.map((eventWrites, offset) => ({ offset, writes: eventWrites, source: { type: 'Test', json: JSON.stringify({ offset }) } }));
  const ordersTopic = asEvents(orders);
  ordersTopic[REFUSED] = { ...ordersTopic[REFUSED]!, writes: [], refused: 'unknown event type "OrderRenamed"' };
  return [
    { topic: 'catalog.products', events: asEvents(products) },
    { topic: 'sales.orders', events: ordersTopic },
    { topic: 'identity.users', events: asEvents(users) },
  ];
}

/** A build's tally of reservations, told what each commit applied as the projector tells it (ReadModelUpdater). */
function buildTally() {
  const tally = new ReservationTally();
  return {
    tally,
    committed: (batch: ProjectionBatch<RowWrite>, applied: AppliedBatch) => tally.count(appliedWrites(batch, applied)),
  };
}

/**
 * Applies the history in batches of `batchSize` events of one topic, telling `build` (a rebuild's
 * tally) what each batch applied and then `build.after` (its fold); answers the dump and the dead letters.
 */
async function applyHistory(
  sql: SqlExecutor,
  store: SqlProjectionStore<RowWrite>,
  batchSize: number,
  build?: { committed(batch: ProjectionBatch<RowWrite>, applied: AppliedBatch): void; after(): Promise<void> },
) {
  for (const { topic, events } of mixedHistory()) {
    for (let from = 0; from < events.length; from += batchSize) {
      const batch = { topic, partition: 0, events: events.slice(from, from + batchSize) };
      const applied = await store.applyBatch(batch);
      build?.committed(batch, applied);
    }
  }
  await build?.after();
  const letters = await store.deadLetters();
  return {
    dump: await dumpReadModel(sql),
    deadLetters: letters
      .map(({ deadAt: _, ...letter }) => letter)
      .sort((a, b) => `${a.topic}${a.offset}`.localeCompare(`${b.topic}${b.offset}`)),
  };
}

/** The reference: every write on its own, in order (the store without applyWrites). */
async function oneWriteAtATime(sql: SqlExecutor): Promise<SqlProjectionStore<RowWrite>> {
  await migrateReadModel(sql);
  return new SqlProjectionStore(sql, { applyWrite: applyRowWrite, tables: READ_MODEL_TABLES });
}

describe('a batch applied in a few statements', () => {
  const closing: (() => Promise<unknown>)[] = [];
  const pglite = async () => {
    const db = await openEmbeddedPostgres(null);
    closing.push(() => db.close());
    return pgliteSql(db);
  };
  const postgres = async () => {
    const database = await createTestDatabase(inject('postgresUrl'));
    closing.push(() => database.drop());
    return database.sql;
  };
  let oneByOne: Awaited<ReturnType<typeof applyHistory>>;

  beforeAll(async () => {
    const sql = await pglite();
    oneByOne = await applyHistory(sql, await oneWriteAtATime(sql), 1);
  });
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('is a history whose writes would not survive reordering', () => {
    expect(oneByOne.dump.products.map((row) => [row.product_id, row.name, row.price_cents, row.stock, row.deleted_at])).toEqual([
      // Edited, restocked, deleted, then added again: the second add changes nothing.
      ['p-0', 'Renamed again', 12_34, 103, at(3)],
      // The restock before it was added found no row.
      ['p-1', 'Product 1', 10_01, 107, null],
      ['p-2', 'Product 2', 10_02, 100, null],
      // Added twice in one run: the first stays.
      ['p-3', 'Product 3', 10_03, 100, null],
      ['p-4', 'Product 4', 10_04, 100, null],
      ['p-5', 'Product 5', 10_05, 100, null],
    ]);
    expect(oneByOne.dump.products.map((row) => [row.product_id, row.price_tiers, row.pack_size])).toEqual([
      ['p-0', [LADDER[1]], 1],
      ['p-1', [], 1],
      ['p-2', LADDER, 5],
      ['p-3', [], 1],
      ['p-4', [], 1],
      ['p-5', [], 1],
    ]);
    expect(oneByOne.dump.orders).toHaveLength(45);
    // Every order's lines, in their order; a repeated order id keeps the first order's.
    expect(oneByOne.dump.order_lines).toHaveLength(45 + 11);
    expect(oneByOne.dump.order_lines.filter((row) => row.order_id === 'o-8').map((row) => [row.line_no, row.product_id])).toEqual([
      [1, 'p-2'],
    ]);
    expect(oneByOne.dump.order_lines.filter((row) => row.order_id === 'o-3').map((row) => [row.line_no, row.product_id])).toEqual([
      [1, 'p-0'],
    ]);
    // Shipped orders were all delivered next.
    expect(new Set(oneByOne.dump.orders.map((row) => row.status))).toEqual(new Set(['pending', 'paid', 'delivered', 'cancelled']));
    // Paid, failed and refunded: every payment's event applied once, in its order.
    const refunded = oneByOne.dump.orders.find((row) => row.order_id === 'o-1')!;
    expect(refunded.refunded_cents).toBe(Number(refunded.total_cost_cents) + 1);
    expect(oneByOne.dump.orders.filter((row) => row.payment_failure !== null)).not.toHaveLength(0);
    expect(oneByOne.dump.orders.filter((row) => row.paid_with === 'card')).not.toHaveLength(0);
    // Moved before it was placed: the move found no row, and the row records its own event alone.
    expect(oneByOne.dump.orders.find((row) => row.order_id === 'o-41')).toMatchObject({ status: 'pending', payment: false });
    expect(oneByOne.dump.orders.find((row) => row.order_id === 'o-41')?.event_offsets).toHaveLength(1);
    expect(oneByOne.dump.users.map((row) => [row.uid, row.signed_in, row.admin, row.name, row.stream_version])).toEqual([
      ['u-0', true, false, 'User 12', 7],
      ['u-1', false, false, '', 6],
      ['u-2', true, false, 'Second', 3],
      ['u-3', true, false, 'Other', 1],
    ]);
    expect(oneByOne.deadLetters.map((letter) => [letter.topic, letter.offset])).toEqual([
      ['sales.orders', REFUSED],
      // The NULs: the placements of n = 31, after 24 moves and cancellations, and of n = 37 (in a line's product name).
      ['sales.orders', 55],
      ['sales.orders', 66],
    ]);
    // An order whose line the database refused is not there without it.
    expect(oneByOne.dump.orders.find((row) => row.order_id === 'o-37')).toBeUndefined();
  });

  // 7: a repeated order id in one statement; 30: the refused event in a batch applied in one go, the
  // NUL in the next; 1000: the whole history applied again event by event, on savepoints.
  for (const batchSize of [7, 30, 1000]) {
    it(`leaves the read model as applying each write in turn does, on PGlite (batches of ${batchSize})`, async () => {
      const sql = await pglite();
      expect(await applyHistory(sql, await openProjectorStore(sql), batchSize)).toEqual(oneByOne);
    });
  }

  it('leaves the read model as applying each write in turn does, on PostgreSQL', async () => {
    const [reference, bulk, built] = [await postgres(), await postgres(), await postgres()];
    const expected = await applyHistory(reference, await oneWriteAtATime(reference), 1);
    expect(expected.dump.orders).toHaveLength(45);
    expect(await applyHistory(bulk, await openProjectorStore(bulk), 30)).toEqual(expected);
    // As a rebuild applies it: reservations added up as batches commit, folded at the end.
    const { tally, committed } = buildTally();
    expect(
      await applyHistory(built, await openProjectorStore(built, { building: true }), 30, { committed, after: () => tally.fold(built) }),
    ).toEqual(expected);
  });

  // The reservations of the refused event and of the order the database refused are not counted:
  // only what a commit applied is (appliedWrites).
  for (const batchSize of [7, 1000]) {
    it(`leaves the same read model when a build adds up the reservations as batches commit, on PGlite (batches of ${batchSize})`, async () => {
      const sql = await pglite();
      const store = await openProjectorStore(sql, { building: true });
      const { tally, committed } = buildTally();
      // Folded twice, as a rebuild folds after each pass: the second adds nothing twice.
      const after = async () => {
        await tally.fold(sql);
        await tally.fold(sql);
      };
      const built = await applyHistory(sql, store, batchSize, { committed, after });
      expect(built).toEqual(oneByOne);
      expect(built.dump.product_reservations.length).toBeGreaterThan(0);
    });
  }
});
