import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, type OrderStatus, type ProductFilter, type ProductSort } from '@toolforge/contracts';
import { invoiceIssued, orderMoved, orderPlaced, productAdded, reviewPosted, userSignedIn } from '@toolforge/contracts/testing';
import { SqlProjectionStore, appliedWrites, type ProjectedEvent, type SqlExecutor } from '@toolforge/platform/sql';
import { READ_MODEL_TABLES, applyRowWrite, type ProductRow, type RowWrite } from '@toolforge/read-model';
import { at, expectForgottenAsRebuilt, orderRow, productRow } from '@toolforge/read-model/testing';
import { dumpReadModel, openTestReadModel, truncateReadModel, type TestReadModel } from './test/readModel.js';

export interface ReadModelHarness {
  store: TestReadModel;
  /** The same database, to look at its rows, to empty it between tests and to open a store on it that fails. */
  sql: SqlExecutor;
  close(): Promise<void>;
}

const TOPIC = 'catalog.products';
/** One event per write list, at consecutive offsets from `from`. */
function events(from: number, ...writes: RowWrite[][]): ProjectedEvent<RowWrite>[] {
  return writes.map((eventWrites, index) => ({ offset: from + index, writes: eventWrites }));
}

const insert = (product: ProductRow): RowWrite[] => [{ kind: 'insertProduct', product }];

/**
 * The read model's behaviour, for every database: the projector's store writes what the projections
 * ask and the query side's reads answer from it. `open` gives both on an empty or emptiable read
 * model. Run it embedded (PGlite) and against a Postgres server, as services mode runs it.
 */
export function describeReadModel(adapter: string, open: () => Promise<ReadModelHarness>): void {
  describe(`the read model on ${adapter}`, () => {
    let harness: ReadModelHarness;
    let store: TestReadModel;
    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });
    afterAll(() => harness.close());
    beforeEach(async () => {
      await truncateReadModel(harness.sql);
      await harness.sql.query('truncate projection_dead_letters, read_model_log');
    });

    it('starts empty, at offset 0 of every partition', async () => {
      expect(await store.nextOffset(TOPIC, 0)).toBe(0);
      expect(await store.listProducts({ offset: 0, limit: 10 })).toEqual([]);
      expect(await store.countProducts()).toBe(0);
      expect(await store.findProduct('p-1')).toBeUndefined();
      expect(await store.listOrders()).toEqual([]);
      expect(await store.isAdmin('u-1')).toBe(false);
    });

    it('lists products newest first, breaking ties by log position, in pages that neither repeat nor skip', async () => {
      const sameMinute = at(5);
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(
          0,
          insert(productRow(0)),
          insert(productRow(1, { addedAt: sameMinute })),
          insert(productRow(2, { addedAt: sameMinute })),
          insert(productRow(3, { addedAt: sameMinute })),
          insert(productRow(4, { addedAt: at(1) })),
        ),
      });
      const all = (await store.listProducts({ offset: 0, limit: 100 })).map((product) => product.productId);
      expect(all).toEqual(['p-3', 'p-2', 'p-1', 'p-4', 'p-0']);
      const pages = [];
      for (let page = 0; page < 3; page += 1) pages.push(...(await store.listProducts({ offset: page * 2, limit: 2 })));
      expect(pages.map((product) => product.productId)).toEqual(all);
      expect(await store.listProducts({ offset: 10, limit: 2 })).toEqual([]);
      expect(await store.countProducts()).toBe(5);
    });

    it('searches name, model and description, filters by category and sorts, counting the same (catalog/tables.ts, version 6)', async () => {
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(
          0,
          insert(productRow(0, { name: 'Cordless Drill', category: 'power-tool', model: 'DCD-771', priceCents: 129_00 })),
          insert(productRow(1, { name: 'claw Hammer', priceCents: 24_99, description: "A hammer for O'Neill's nails, 16 oz." })),
          insert(productRow(2, { name: 'Bench Lathe', category: 'machine-tool', priceCents: 899_00, description: 'Turns metal bar.' })),
          insert(productRow(3, { name: 'Adjustable Wrench', priceCents: 24_99 })),
          [{ kind: 'deleteProduct', productId: 'p-2', at: at(9) }],
        ),
      });
      const ids = async (filter: ProductFilter, sort: ProductSort = 'newest') =>
        (await store.listProducts({ offset: 0, limit: 10 }, { filter, sort })).map((product) => product.productId);
      for (const [filter, found] of [
        [{ q: 'dcd-771' }, ['p-0']],
        [{ q: 'ham' }, ['p-1']],
        [{ q: "o'neill nai" }, ['p-1']],
        [{ q: 'metal' }, []],
        [{ q: "\\ ' :* & |" }, []],
        [{ category: 'hand-tool' }, ['p-3', 'p-1']],
        [{ category: 'power-tool', q: 'drill' }, ['p-0']],
      ] as const) {
        expect(await ids(filter), JSON.stringify(filter)).toEqual(found);
        expect(await store.countProducts(filter), JSON.stringify(filter)).toBe(found.length);
      }
      expect(await ids({}, 'price-asc')).toEqual(['p-1', 'p-3', 'p-0']);
      expect(await ids({}, 'price-desc')).toEqual(['p-0', 'p-3', 'p-1']);
      expect(await ids({}, 'name')).toEqual(['p-3', 'p-1', 'p-0']);
    });

    it('reads a product as added, with its ladder, its pack size and its stock less every reservation', async () => {
      const priceTiers = [
        { minQuantity: 10, unitPriceCents: 22_99 },
        { minQuantity: 100, unitPriceCents: 19_99 },
      ];
      const row = productRow(0, { priceCents: 24_99, stock: 50, priceTiers, packSize: 2 });
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(row)) });
      await store.applyBatch({
        topic: 'sales.orders',
        partition: 0,
        events: events(
          0,
          [{ kind: 'reserveStock', productId: 'p-0', quantity: 5 }],
          [{ kind: 'reserveStock', productId: 'p-0', quantity: 7 }],
        ),
      });
      expect(await store.findProduct('p-0')).toEqual({
        productId: 'p-0',
        name: row.name,
        category: row.category,
        model: row.model,
        imageUrl: row.imageUrl,
        priceCents: 24_99,
        availableStock: 38,
        minOrder: row.minOrder,
        description: row.description,
        priceTiers,
        packSize: 2,
        addedAt: row.addedAt,
        reviewCount: 0,
        ratingSum: 0,
      });
    });

    it('counts a reservation projected before its product (topics have no order between them)', async () => {
      await store.applyBatch({
        topic: 'sales.orders',
        partition: 0,
        events: events(0, [{ kind: 'reserveStock', productId: 'p-0', quantity: 4 }]),
      });
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0, { stock: 10 }))) });
      expect((await store.findProduct('p-0'))?.availableStock).toBe(6);
    });

    it('hides a deleted product from the list, the count and by id', async () => {
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(0, insert(productRow(0)), insert(productRow(1)), [{ kind: 'deleteProduct', productId: 'p-0', at: at(9) }]),
      });
      expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-1']);
      expect(await store.countProducts()).toBe(1);
      expect(await store.findProduct('p-0')).toBeUndefined();
    });

    it('gathers the planner’s statistics on its tables once it has applied enough events (PGlite has no autovacuum)', async () => {
      const deletedAtStatistics = async () =>
        (
          await harness.sql.query<{ null_frac: unknown }>(
            `select null_frac from pg_stats where tablename = 'products' and attname = 'deleted_at'`,
          )
        ).rows;
      const analyzing = new SqlProjectionStore(harness.sql, { applyWrite: applyRowWrite, tables: READ_MODEL_TABLES, statisticsAfter: 2 });
      await analyzing.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0))) });
      expect(await deletedAtStatistics()).toEqual([]);
      await analyzing.applyBatch({ topic: TOPIC, partition: 0, events: events(1, insert(productRow(1))) });
      expect((await deletedAtStatistics()).map((row) => Number(row.null_frac))).toEqual([1]);
    });

    it('counts the events toward the statistics from what the read model holds when the store opens, not from none', async () => {
      const analyzed: string[] = [];
      const watched: SqlExecutor = {
        query: (text, params) => {
          if (/^analyze /.test(text)) analyzed.push(text);
          return harness.sql.query(text, params);
        },
        transaction: (work) => harness.sql.transaction(work),
      };
      // Four events applied by an earlier store.
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, ...[0, 1, 2, 3].map((n) => insert(productRow(n)))) });
      const reopened = new SqlProjectionStore(watched, { applyWrite: applyRowWrite, tables: READ_MODEL_TABLES, statisticsAfter: 2 });
      // Two more were its first mark, counted from none; the read model holds six events of the eight due.
      await reopened.applyBatch({ topic: TOPIC, partition: 0, events: events(4, insert(productRow(4)), insert(productRow(5))) });
      expect(analyzed).toEqual([]);
      await reopened.applyBatch({ topic: TOPIC, partition: 0, events: events(6, insert(productRow(6)), insert(productRow(7))) });
      expect(analyzed).toEqual([`analyze ${READ_MODEL_TABLES.join(', ')}`]);
    });

    it('lists a user’s orders newest first, and every order, whole or in slices', async () => {
      await store.applyBatch({
        topic: 'sales.orders',
        partition: 0,
        events: events(
          0,
          [{ kind: 'insertOrder', order: orderRow(0, { userId: 'u-1' }) }],
          [{ kind: 'insertOrder', order: orderRow(1, { userId: 'u-2' }) }],
          [{ kind: 'insertOrder', order: orderRow(2, { userId: 'u-1', placedAt: at(1) }) }],
        ),
      });
      const ofUser = await store.ordersOfUser('u-1');
      expect(ofUser.map((order) => order.orderId)).toEqual(['o-2', 'o-0']);
      const { logPosition: _position, ...view } = orderRow(0, { userId: 'u-1' });
      // As placed, and nothing paid, failed, refunded or invoiced yet.
      expect(ofUser[1]).toEqual({
        ...view,
        paidWith: null,
        paymentReference: null,
        paymentFailure: null,
        refundedCents: 0,
        invoiceNumber: null,
        creditNoteNumbers: [],
      });
      expect((await store.listOrders()).map((order) => order.orderId)).toEqual(['o-2', 'o-1', 'o-0']);
      expect((await store.listOrders({ offset: 1, limit: 1 })).map((order) => order.orderId)).toEqual(['o-1']);
      expect(await store.ordersOfUser('nobody')).toEqual([]);
    });

    const ORDERS = 'sales.orders';
    const move = (orderId: string, status: OrderStatus, offset: number): RowWrite => ({
      kind: 'moveOrder',
      move: { orderId, status, paid: status === 'paid', logPosition: { partition: 0, offset } },
    });
    const offsetsOf = async (orderId: string) =>
      (
        await harness.sql.query<{ event_offsets: unknown[] }>('select event_offsets from orders where order_id = $1', [orderId])
      ).rows[0]?.event_offsets.map(Number);

    it('moves an order on with each later event: its status, its payment once paid, and the offsets of its events', async () => {
      await store.applyBatch({
        topic: ORDERS,
        partition: 0,
        events: events(
          0,
          [{ kind: 'insertOrder', order: orderRow(0) }],
          [{ kind: 'insertOrder', order: orderRow(1) }],
          [move('o-0', 'paid', 2)],
        ),
      });
      const statusOf = async (orderId: string) => {
        const order = (await store.listOrders()).find((o) => o.orderId === orderId);
        return order && [order.status, order.payment];
      };
      expect(await statusOf('o-0')).toEqual(['paid', true]);
      expect(await statusOf('o-1')).toEqual(['pending', false]);
      expect(await offsetsOf('o-0')).toEqual([0, 2]);
      expect(await offsetsOf('o-1')).toEqual([1]);

      await store.applyBatch({
        topic: ORDERS,
        partition: 0,
        events: events(3, [move('o-0', 'shipped', 3)], [move('o-0', 'delivered', 4)]),
      });
      expect(await statusOf('o-0')).toEqual(['delivered', true]);
      expect((await store.ordersOfUser('u-1')).find((o) => o.orderId === 'o-0')?.status).toBe('delivered');
      expect(await offsetsOf('o-0')).toEqual([0, 2, 3, 4]);
    });

    it('never records an event twice nor goes back to an older one: a move at an offset the row has passed changes nothing', async () => {
      await store.applyBatch({
        topic: ORDERS,
        partition: 0,
        events: events(0, [{ kind: 'insertOrder', order: orderRow(0) }], [move('o-0', 'paid', 1)], [move('o-0', 'shipped', 2)]),
      });
      const shipped = await dumpReadModel(harness.sql);
      // Written again past the checkpoint (as a replayed write would be): the same event, and an older one.
      await store.applyBatch({ topic: ORDERS, partition: 0, events: events(3, [move('o-0', 'shipped', 2)], [move('o-0', 'paid', 1)]) });
      expect((await dumpReadModel(harness.sql)).orders).toEqual(shipped.orders);
      expect(await offsetsOf('o-0')).toEqual([0, 1, 2]);
      // Nor an order's move in another partition than the order's own.
      await store.applyBatch({
        topic: ORDERS,
        partition: 1,
        events: [
          {
            offset: 9,
            writes: [
              { kind: 'moveOrder', move: { orderId: 'o-0', status: 'delivered', paid: false, logPosition: { partition: 1, offset: 9 } } },
            ],
          },
        ],
      });
      expect((await dumpReadModel(harness.sql)).orders).toEqual(shipped.orders);
    });

    it('gives a cancelled order’s quantity back to its product’s available stock, and marks the order cancelled', async () => {
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0, { stock: 10 }))) });
      const order = orderRow(0, { quantity: 3 });
      await store.applyBatch({
        topic: ORDERS,
        partition: 0,
        events: events(
          0,
          [
            { kind: 'insertOrder', order },
            { kind: 'reserveStock', productId: 'p-0', quantity: 3 },
          ],
          [
            { kind: 'insertOrder', order: orderRow(1, { quantity: 2 }) },
            { kind: 'reserveStock', productId: 'p-0', quantity: 2 },
          ],
        ),
      });
      expect((await store.findProduct('p-0'))?.availableStock).toBe(5);
      await store.applyBatch({
        topic: ORDERS,
        partition: 0,
        events: events(2, [move('o-0', 'cancelled', 2), { kind: 'reserveStock', productId: 'p-0', quantity: -3 }]),
      });
      expect((await store.findProduct('p-0'))?.availableStock).toBe(8);
      expect((await store.listOrders()).map((o) => [o.orderId, o.status])).toEqual([
        ['o-1', 'pending'],
        ['o-0', 'cancelled'],
      ]);
    });

    it('records an order of three lines, each line’s reservation of its product, and gives each back when it is cancelled', async () => {
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(0, ...[0, 1, 2].map((n) => insert(productRow(n, { stock: 20 })))),
      });
      const line = (n: number, quantity: number) => ({
        productId: `p-${n}`,
        productName: `Product ${n}`,
        quantity,
        unitPriceCents: 10_00 + n,
        lineTotalCents: (10_00 + n) * quantity,
      });
      const order = orderRow(0, { lines: [line(2, 5), line(0, 1), line(1, 3)] });
      const reserve = (sign: 1 | -1): RowWrite[] =>
        order.lines.map(({ productId, quantity }) => ({ kind: 'reserveStock', productId, quantity: sign * quantity }));
      await store.applyBatch({ topic: ORDERS, partition: 0, events: events(0, [{ kind: 'insertOrder', order }, ...reserve(1)]) });
      const available = async () => Promise.all([0, 1, 2].map(async (n) => (await store.findProduct(`p-${n}`))?.availableStock));
      expect(await available()).toEqual([19, 17, 15]);
      const [placed] = await store.ordersOfUser('u-1');
      expect(placed).toMatchObject({ productId: 'p-2', productName: 'Product 2', quantity: 9, lines: order.lines });
      expect((await dumpReadModel(harness.sql)).order_lines.map((row) => [row.order_id, row.line_no, row.product_id])).toEqual([
        ['o-0', 1, 'p-2'],
        ['o-0', 2, 'p-0'],
        ['o-0', 3, 'p-1'],
      ]);

      await store.applyBatch({ topic: ORDERS, partition: 0, events: events(1, [move('o-0', 'cancelled', 1), ...reserve(-1)]) });
      expect(await available()).toEqual([20, 20, 20]);
      expect((await store.listOrders())[0]).toMatchObject({ status: 'cancelled', lines: order.lines });
    });

    it('reads an edited product with the fields the edit changed and the others as they were', async () => {
      const row = productRow(0, { name: 'Claw Hammer', priceCents: 24_99, stock: 50 });
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(
          0,
          insert(row),
          [
            {
              kind: 'updateProduct',
              productId: 'p-0',
              changes: { name: 'Claw Hammer 16oz', priceCents: 26_50, imageUrl: '/images/products/hammer.svg' },
            },
          ],
          [{ kind: 'updateProduct', productId: 'p-0', changes: { minOrder: 2, category: 'power-tool' } }],
          [{ kind: 'updateProduct', productId: 'p-0', changes: { priceTiers: [{ minQuantity: 12, unitPriceCents: 25_00 }], packSize: 6 } }],
        ),
      });
      expect(await store.findProduct('p-0')).toEqual({
        productId: 'p-0',
        name: 'Claw Hammer 16oz',
        category: 'power-tool',
        model: row.model,
        imageUrl: '/images/products/hammer.svg',
        priceCents: 26_50,
        availableStock: 50,
        minOrder: 2,
        description: row.description,
        priceTiers: [{ minQuantity: 12, unitPriceCents: 25_00 }],
        packSize: 6,
        addedAt: row.addedAt,
        reviewCount: 0,
        ratingSum: 0,
      });
      expect((await store.listProducts({ offset: 0, limit: 1 }))[0]?.name).toBe('Claw Hammer 16oz');
    });

    it('moves the stock on hand by restocks and write-offs, reservations still apart', async () => {
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(0, insert(productRow(0, { stock: 10 })), insert(productRow(1, { stock: 4 }))),
      });
      await store.applyBatch({ topic: ORDERS, partition: 0, events: events(0, [{ kind: 'reserveStock', productId: 'p-0', quantity: 6 }]) });
      await store.applyBatch({
        topic: TOPIC,
        partition: 0,
        events: events(
          2,
          [{ kind: 'adjustStock', productId: 'p-0', delta: 20 }],
          [{ kind: 'adjustStock', productId: 'p-0', delta: -5 }],
          [{ kind: 'adjustStock', productId: 'p-1', delta: -4 }],
        ),
      });
      expect((await store.findProduct('p-0'))?.availableStock).toBe(19);
      expect((await store.findProduct('p-1'))?.availableStock).toBe(0);
      expect((await dumpReadModel(harness.sql)).products.map((p) => [p.product_id, p.stock])).toEqual([
        ['p-0', 25],
        ['p-1', 0],
      ]);
    });

    const signIn = (uid: string, version: number): RowWrite[] => [
      {
        kind: 'signInUser',
        user: { uid, email: `${uid}@toolforge.test`, name: uid, photoURL: null, emailVerified: true, at: at(0) },
        version,
      },
    ];
    const grant = (uid: string, version: number): RowWrite[] => [{ kind: 'grantAdmin', uid, email: `${uid}@toolforge.test`, version }];
    const signOut = (uid: string, minute: number, version: number): RowWrite[] => [{ kind: 'signOutUser', uid, at: at(minute), version }];
    /** One event per write list on the users' topic, at consecutive offsets from `from`. */
    const applyToUsers = (from: number, ...writes: RowWrite[][]) =>
      store.applyBatch({ topic: 'identity.users', partition: 0, events: events(from, ...writes) });

    it('knows admins from grants, whether the grant or the sign-in is projected first', async () => {
      await applyToUsers(0, signIn('u-1', 1), grant('u-1', 2), grant('u-2', 1), signIn('u-2', 2), signOut('u-2', 3, 3), signIn('u-3', 1));
      expect(await store.isAdmin('u-1')).toBe(true);
      expect(await store.isAdmin('u-2')).toBe(true);
      expect(await store.isAdmin('u-3')).toBe(false);
    });

    it('keeps each account’s standing: its version, when its sessions ended, and a revoked role', async () => {
      expect(await store.userStanding('u-1')).toBeUndefined();
      await applyToUsers(0, signIn('u-1', 1), grant('u-1', 2), signOut('u-1', 3, 3), signIn('u-1', 4), signIn('u-2', 1));
      expect(await store.userStanding('u-1')).toEqual({ admin: true, version: 4, sessionsEndedAt: 3 });
      expect(await store.userStanding('u-2')).toEqual({ admin: false, version: 1, sessionsEndedAt: 0 });

      await applyToUsers(5, [{ kind: 'revokeAdmin', uid: 'u-1', email: 'u-1@toolforge.test', version: 5 }]);
      expect(await store.userStanding('u-1')).toEqual({ admin: false, version: 5, sessionsEndedAt: 5 });
      expect(await store.isAdmin('u-1')).toBe(false);
    });

    it('moves the checkpoint with each batch, per topic partition', async () => {
      const first = await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0)), insert(productRow(1))) });
      expect(first).toEqual({ applied: 2, checkpoint: 0, nextOffset: 2, deadLettered: [] });
      await store.applyBatch({
        topic: TOPIC,
        partition: 1,
        events: events(0, insert(productRow(100, { logPosition: { partition: 1, offset: 0 } }))),
      });
      expect(await store.nextOffset(TOPIC, 0)).toBe(2);
      expect(await store.nextOffset(TOPIC, 1)).toBe(1);
      expect(await store.nextOffset('sales.orders', 0)).toBe(0);
      // All of them in one read, as the read-your-writes watcher takes them.
      expect(new Set(await store.checkpoints())).toEqual(
        new Set([
          { topic: TOPIC, partition: 0, nextOffset: 2 },
          { topic: TOPIC, partition: 1, nextOffset: 1 },
        ]),
      );
    });

    it('applies a batch delivered twice once: the second delivery changes no row', async () => {
      const batch = {
        topic: 'sales.orders',
        partition: 0,
        events: events(0, [
          { kind: 'insertOrder', order: orderRow(0) },
          { kind: 'reserveStock', productId: 'p-0', quantity: 2 },
        ] satisfies RowWrite[]),
      };
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0, { stock: 10 }))) });
      expect(await store.applyBatch(batch)).toEqual({ applied: 1, checkpoint: 0, nextOffset: 1, deadLettered: [] });
      const once = await dumpReadModel(harness.sql);
      expect(await store.applyBatch(batch)).toEqual({ applied: 0, checkpoint: 1, nextOffset: 1, deadLettered: [] });
      expect(await dumpReadModel(harness.sql)).toEqual(once);
      expect((await store.findProduct('p-0'))?.availableStock).toBe(8);
    });

    it('applies only the events past the checkpoint of a batch that overlaps it', async () => {
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0)), insert(productRow(1))) });
      const batch = {
        topic: TOPIC,
        partition: 0,
        events: events(1, [{ kind: 'deleteProduct', productId: 'p-0', at: at(9) }], insert(productRow(2))),
      };
      const overlapping = await store.applyBatch(batch);
      // Offset 1 was applied already (as p-1's insert): the delete given at offset 1 is skipped.
      expect(overlapping).toEqual({ applied: 1, checkpoint: 2, nextOffset: 3, deadLettered: [] });
      // And the writes the commit made are p-2's insert alone (what a rebuild adds up its reservations from).
      expect(appliedWrites(batch, overlapping)).toEqual(insert(productRow(2)));
      expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-2', 'p-1', 'p-0']);
    });

    it('keeps neither rows nor checkpoint of a batch that fails part-way for a reason not the event’s', async () => {
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0))) });
      const before = await dumpReadModel(harness.sql);
      // The connection breaks, then the server says it cannot serialize: neither is the event's fault.
      for (const code of ['08006', '40001']) {
        const failing = await openTestReadModel(failingOn(harness.sql, 'insert into products', code));
        await expect(
          failing.applyBatch({ topic: TOPIC, partition: 0, events: events(1, insert(productRow(1)), insert(productRow(2))) }),
        ).rejects.toThrow(`failed with ${code}`);
      }
      expect(await dumpReadModel(harness.sql)).toEqual(before);
      expect(await store.nextOffset(TOPIC, 0)).toBe(1);
      expect(await store.deadLetterCount()).toBe(0);
    });

    it('sets aside an event the database refuses, with the error, applies the events around it and passes it', async () => {
      const nul = productRow(1, { name: 'Claw\u0000Hammer' });
      const noCategory = productRow(2, { category: null as unknown as ProductRow['category'] });
      const source = (offset: number) => ({ type: 'ProductAdded', json: JSON.stringify({ offset, name: 'Claw\u0000Hammer' }) });
      const batch = events(0, insert(productRow(0)), insert(nul), insert(noCategory), insert(productRow(3))).map((event) => ({
        ...event,
        source: source(event.offset),
      }));
      const result = await store.applyBatch({ topic: TOPIC, partition: 0, events: batch });

      expect(result).toMatchObject({ applied: 2, checkpoint: 0, nextOffset: 4 });
      // The writes the commit made: those of the events around the two set aside.
      expect(appliedWrites({ topic: TOPIC, partition: 0, events: batch }, result)).toEqual([
        ...insert(productRow(0)),
        ...insert(productRow(3)),
      ]);
      expect(result.deadLettered).toEqual([
        { topic: TOPIC, partition: 0, offset: 1, type: 'ProductAdded', error: expect.stringContaining('SQLSTATE 22021') },
        { topic: TOPIC, partition: 0, offset: 2, type: 'ProductAdded', error: expect.stringContaining('SQLSTATE 23502') },
      ]);
      expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-3', 'p-0']);
      expect(await store.nextOffset(TOPIC, 0)).toBe(4);
      expect(await store.deadLetterCount()).toBe(2);
      const letters = await store.deadLetters();
      expect(letters.map((letter) => [letter.offset, letter.type])).toEqual(
        expect.arrayContaining([
          [1, 'ProductAdded'],
          [2, 'ProductAdded'],
        ]),
      );
      // The NUL is kept as the six characters \u0000: the JSON reads back to the event as it was.
      expect(JSON.parse(letters.find((letter) => letter.offset === 1)!.event)).toEqual({ offset: 1, name: 'Claw\u0000Hammer' });

      // Delivered again, nothing changes: the checkpoint has passed the dead letters too.
      expect(await store.applyBatch({ topic: TOPIC, partition: 0, events: batch })).toEqual({
        applied: 0,
        checkpoint: 4,
        nextOffset: 4,
        deadLettered: [],
      });
      expect(await store.deadLetterCount()).toBe(2);
    });

    it('sets aside an event the projector refused, moving the checkpoint past it even when it is the only one', async () => {
      const refused = {
        offset: 0,
        writes: [],
        refused: 'unknown event type "ProductRenamed"',
        source: { type: 'ProductRenamed', json: '{"type":"ProductRenamed"}' },
      };
      expect(await store.applyBatch({ topic: TOPIC, partition: 0, events: [refused] })).toEqual({
        applied: 0,
        checkpoint: 0,
        nextOffset: 1,
        deadLettered: [{ topic: TOPIC, partition: 0, offset: 0, type: 'ProductRenamed', error: 'unknown event type "ProductRenamed"' }],
      });
      expect(await store.nextOffset(TOPIC, 0)).toBe(1);
      expect(await store.deadLetters()).toEqual([
        {
          topic: TOPIC,
          partition: 0,
          offset: 0,
          type: 'ProductRenamed',
          event: '{"type":"ProductRenamed"}',
          error: 'unknown event type "ProductRenamed"',
          deadAt: expect.any(String),
        },
      ]);
    });

    it('records the log it is built from, and refuses or empties itself for another one', async () => {
      const ends = [{ topic: TOPIC, partition: 0, end: 2 }];
      expect(await store.bindToLog({ logId: 'log A', ends, onChange: 'refuse' })).toEqual({ outcome: 'bound' });
      expect(await store.bindToLog({ logId: 'log A', ends, onChange: 'refuse' })).toEqual({ outcome: 'same' });
      await store.applyBatch({ topic: TOPIC, partition: 0, events: events(0, insert(productRow(0)), insert(productRow(1))) });
      const applied = await dumpReadModel(harness.sql);

      expect(await store.bindToLog({ logId: 'log B', ends, onChange: 'refuse' })).toEqual({
        outcome: 'refused',
        previous: 'log A',
        why: 'it was built from log A',
      });
      // The same log, emptied or recreated: its partition ends below the checkpoint.
      const emptied = await store.bindToLog({ logId: 'log A', ends: [{ topic: TOPIC, partition: 0, end: 1 }], onChange: 'refuse' });
      expect(emptied).toMatchObject({ outcome: 'refused', previous: 'log A', why: expect.stringContaining(`${TOPIC}/0 up to offset 2`) });
      expect(await dumpReadModel(harness.sql)).toEqual(applied);

      await store.applyBatch({ topic: TOPIC, partition: 1, events: [{ offset: 0, writes: [], refused: 'unknown event type' }] });
      expect(await store.bindToLog({ logId: 'log B', ends: [], onChange: 'rebuild' })).toMatchObject({
        outcome: 'rebuilt',
        previous: 'log A',
      });
      expect(await store.countProducts()).toBe(0);
      expect(await store.nextOffset(TOPIC, 0)).toBe(0);
      expect(await store.deadLetterCount()).toBe(0);
      expect(await store.bindToLog({ logId: 'log B', ends: [], onChange: 'refuse' })).toEqual({ outcome: 'same' });
    });

    it('forgets an erased customer: the rows a read model built again after the erasure holds, and nobody else’s changed', async () => {
      const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
      const ada = { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Analytical Row, London' };
      const placed = orderPlaced(vise, { orderId: 'o-ada', quantity: 2, ...ada });
      const bos = orderPlaced(vise, { orderId: 'o-bo', userId: 'u-bo', userName: 'Bo Builder', shippingAddress: '3 Mill Lane, Leeds' });
      const history = [
        productAdded(vise),
        userSignedIn({ uid: 'u-ada', email: 'ada@example.test', name: 'Ada Lovelace', photoURL: 'https://example.test/ada.png' }),
        userSignedIn({ uid: 'u-bo', name: 'Bo Builder' }),
        placed,
        bos,
        orderMoved(placed.data, 'OrderPaid'),
        invoiceIssued(placed.data),
        orderMoved(placed.data, 'OrderShipped'),
        orderMoved(placed.data, 'OrderDelivered'),
        reviewPosted(vise, {
          reviewId: 'r-ada',
          userId: 'u-ada',
          userName: 'Ada Lovelace',
          text: 'Bought it for my workshop in Marylebone.',
        }),
        reviewPosted(vise, { reviewId: 'r-bo', userId: 'u-bo', userName: 'Bo Builder', text: 'Does the job.' }),
      ];
      const emptied = async () => {
        await truncateReadModel(harness.sql);
        return harness.sql;
      };
      const tables = {
        orders: 'order_id',
        order_lines: 'order_id, line_no',
        order_documents: 'number',
        reviews: 'review_id',
        users: 'uid',
      };
      const rows = await expectForgottenAsRebuilt(emptied, history, 'u-ada', tables);
      const pick = (table: string, ...columns: string[]) =>
        (rows[table] as Record<string, unknown>[]).map((row) => columns.map((c) => row[c]));
      expect(pick('orders', 'order_id', 'user_name', 'shipping_address', 'status')).toEqual([
        ['o-ada', FORMER_CUSTOMER, '', 'delivered'],
        ['o-bo', 'Bo Builder', '3 Mill Lane, Leeds', 'pending'],
      ]);
      expect(pick('reviews', 'review_id', 'user_name', 'text')).toEqual([
        ['r-ada', FORMER_CUSTOMER, ''],
        ['r-bo', 'Bo Builder', 'Does the job.'],
      ]);
      expect(pick('users', 'uid', 'email', 'name', 'photo_url')).toEqual([
        ['u-ada', '', FORMER_CUSTOMER, null],
        ['u-bo', 'u-bo@toolforge.test', 'Bo Builder', null],
      ]);
      expect(pick('order_documents', 'order_id')).toEqual([['o-ada']]);
    });
  });
}

/** The executor, but the first statement starting with `statement` fails with this SQLSTATE, as a broken server would. */
function failingOn(sql: SqlExecutor, statement: string, code: string): SqlExecutor {
  let failed = false;
  const failOnce = (text: string) => {
    if (failed || !text.trim().startsWith(statement)) return;
    failed = true;
    throw Object.assign(new Error(`the statement failed with ${code}`), { code });
  };
  return {
    query: (text, params) => sql.query(text, params),
    transaction: (work) =>
      sql.transaction((tx) =>
        work({
          query: async (text, params) => {
            failOnce(text);
            return tx.query(text, params);
          },
        }),
      ),
  };
}
