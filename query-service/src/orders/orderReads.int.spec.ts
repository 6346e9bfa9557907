import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlQueryable } from '@toolforge/platform/sql';
import { migrateReadModel, sqlOrderReader } from '@toolforge/read-model';
import { readModelDatabases, type OpenedDatabase } from '../test/readModelDatabases.js';
import { orderDtoSchema, orderListSchema } from './schemas.js';

interface Line {
  productId: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
}

interface PlacedOrder {
  orderId: string;
  uid: string;
  placedAt: string;
  productName?: string;
  userName?: string;
  shippingAddress?: string;
  quantity?: number;
  totalCostCents?: number;
  status?: string;
  payment?: boolean;
  paidWith?: 'card' | 'offline';
  paymentReference?: string;
  paymentFailure?: string;
  refundedCents?: number;
  invoiceNumber?: string;
  creditNoteNumbers?: string[];
  /** By default one line of the order's product and quantity at 15.00. */
  lines?: Line[];
}

describe.each(readModelDatabases)('customers’ orders on %s', (_name, open) => {
  let opened: OpenedDatabase;
  const statements: string[] = [];
  let sql: SqlQueryable;
  const place = async (order: PlacedOrder) => {
    const lines = order.lines ?? [
      { productId: 'p-vise', productName: order.productName ?? 'Bench Vise', quantity: order.quantity ?? 2, unitPriceCents: 1500 },
    ];
    await opened.sql.query(
      `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, total_cost_cents,
                           shipping_address, status, payment, placed_at, log_partition, log_offset, event_offsets,
                           paid_with, payment_reference, payment_failure, refunded_cents, invoice_number, credit_note_numbers)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 0, array[0]::bigint[], $12, $13, $14, $15, $16, $17::text[])`,
      [
        order.orderId,
        lines[0]!.productId,
        lines[0]!.productName,
        order.uid,
        order.userName ?? order.uid,
        lines.reduce((sum, line) => sum + line.quantity, 0),
        order.totalCostCents ?? 3000,
        order.shippingAddress ?? '1 Forge Lane',
        order.status ?? 'pending',
        order.payment ?? false,
        order.placedAt,
        order.paidWith ?? null,
        order.paymentReference ?? null,
        order.paymentFailure ?? null,
        order.refundedCents ?? 0,
        order.invoiceNumber ?? null,
        order.creditNoteNumbers ?? [],
      ],
    );
    for (const [index, line] of lines.entries())
      await opened.sql.query(
        `insert into order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents, line_total_cents)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          order.orderId,
          index + 1,
          line.productId,
          line.productName,
          line.quantity,
          line.unitPriceCents,
          line.unitPriceCents * line.quantity,
        ],
      );
  };
  const minute = (n: number) => `2026-11-01T10:${String(n).padStart(2, '0')}:00Z`;

  beforeAll(async () => {
    opened = await open();
    await migrateReadModel(opened.sql);
    // Interleaved in time, so that each customer's list is picked out of one ordering of all.
    await place({ orderId: 'o-ada-1', uid: 'u-ada', placedAt: minute(1) });
    await place({ orderId: 'o-bo-1', uid: 'u-bo', placedAt: minute(2) });
    await place({ orderId: 'o-ada-2', uid: 'u-ada', placedAt: minute(3) });
    await place({ orderId: 'o-cy-1', uid: 'u-cy', placedAt: minute(4) });
    await place({ orderId: 'o-ada-3', uid: 'u-ada', placedAt: minute(5) });
    sql = {
      query: (text, params) => {
        statements.push(text);
        return opened.sql.query(text, params);
      },
    };
  });
  afterAll(() => opened.close());

  const ids = (orders: readonly { orderId: string }[]) => orders.map((order) => order.orderId);
  const jsonIds = (json: string) => (JSON.parse(json) as { _id: string }[]).map((order) => order._id);

  it('reads the lists asked for at once in one statement, each customer’s own, newest first', async () => {
    const reader = sqlOrderReader(sql);
    statements.length = 0;
    const lists = await Promise.all(['u-ada', 'u-nobody', 'u-bo', 'u-ada'].map((uid) => reader.ordersOfUser(uid)));
    expect(lists.map(ids)).toEqual([['o-ada-3', 'o-ada-2', 'o-ada-1'], [], ['o-bo-1'], ['o-ada-3', 'o-ada-2', 'o-ada-1']]);
    expect(lists[2]![0]).toMatchObject({
      userId: 'u-bo',
      quantity: 2,
      totalCostCents: 3000,
      placedAt: '2026-11-01T10:02:00.000Z',
      lines: [{ productId: 'p-vise', productName: 'Bench Vise', quantity: 2, unitPriceCents: 1500, lineTotalCents: 3000 }],
    });
    expect(statements).toHaveLength(1);

    statements.length = 0;
    const answers = await Promise.all(['u-ada', 'u-nobody', 'u-bo'].map((uid) => reader.orderListOfUser(uid)));
    expect(answers.map(jsonIds)).toEqual([['o-ada-3', 'o-ada-2', 'o-ada-1'], [], ['o-bo-1']]);
    expect(answers[1]).toBe('[]');
    expect(statements).toHaveLength(1);
  });

  it('reads again for lists asked for later: an order placed between two reads is in the second', async () => {
    const reader = sqlOrderReader(sql);
    statements.length = 0;
    expect(ids(await reader.ordersOfUser('u-cy'))).toEqual(['o-cy-1']);
    expect(jsonIds(await reader.orderListOfUser('u-cy'))).toEqual(['o-cy-1']);
    await place({ orderId: 'o-cy-2', uid: 'u-cy', placedAt: minute(6) });
    expect(ids(await reader.ordersOfUser('u-cy'))).toEqual(['o-cy-2', 'o-cy-1']);
    expect(jsonIds(await reader.orderListOfUser('u-cy'))).toEqual(['o-cy-2', 'o-cy-1']);
    expect(statements).toHaveLength(4);
  });

  it('answers every order, or a slice, newest first', async () => {
    const reader = sqlOrderReader(sql);
    const newest = ['o-cy-2', 'o-ada-3', 'o-cy-1', 'o-ada-2', 'o-bo-1', 'o-ada-1'];
    expect(jsonIds(await reader.orderList())).toEqual(newest);
    expect(jsonIds(await reader.orderList({ offset: 1, limit: 2 }))).toEqual(newest.slice(1, 3));
    expect(await reader.orderList({ offset: 100, limit: 2 })).toBe('[]');
  });

  it('reads a page of the newest orders from orders_newest backwards, with no sort', async () => {
    await sqlOrderReader(sql).orderList({ offset: 1, limit: 2 });
    const page = statements.at(-1)!;
    // Whatever the planner would choose for a handful of rows: can the index give this order by itself?
    const plan = await opened.sql.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local enable_sort = off');
      return (await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${page}`, [2, 1])).rows[0]!['QUERY PLAN'];
    });
    const nodes: Record<string, unknown>[] = [];
    const walk = (node: Record<string, unknown>) => {
      nodes.push(node);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.find((node) => node['Relation Name'] === 'orders')).toMatchObject({
      'Node Type': 'Index Scan',
      'Index Name': 'orders_newest',
      'Scan Direction': 'Backward',
    });
  });

  it('writes each order as JSON.stringify writes the API’s order: its fields in order, awkward texts, totals and times', async () => {
    const awkward = 'Vise "Pro" \\ 10\u2033\njaw\ttab \u0001\u001f caf\u00e9 \u{1F527} </script> \u2028';
    await place({
      orderId: 'o-dee-1',
      uid: 'u-dee',
      placedAt: '2026-11-01T11:00:00.123999Z',
      productName: awkward,
      userName: 'Dee "D" O\u2019Neil',
      shippingAddress: 'Line 1\r\nLine 2',
      quantity: 3,
      totalCostCents: 1999,
      status: 'paid',
      payment: true,
      paidWith: 'offline',
      paymentReference: awkward,
    });
    // A failure is shown while the order awaits payment only.
    await place({ orderId: 'o-dee-2', uid: 'u-dee', placedAt: '2026-11-01T11:01:00Z', totalCostCents: 1, paymentFailure: awkward });
    await place({
      orderId: 'o-dee-3',
      uid: 'u-dee',
      placedAt: '2026-11-01T11:02:00Z',
      totalCostCents: 123_456_789_012_345,
      status: 'cancelled',
      paidWith: 'card',
      paymentReference: 'pi_3',
      paymentFailure: 'Your card was declined.',
      refundedCents: 123_456_789_012_345,
      invoiceNumber: 'INV-2026-000003',
      creditNoteNumbers: ['CN-2026-000001', 'CN-2026-000002'],
    });
    await place({ orderId: 'o-dee-4', uid: 'u-dee', placedAt: '2026-11-01T11:03:00Z', totalCostCents: 30, refundedCents: 30 });

    const json = await sqlOrderReader(sql).orderListOfUser('u-dee');
    const orders = JSON.parse(json) as Record<string, unknown>[];
    // Byte for byte what the serialiser of the answer's objects would have sent.
    expect(json).toBe(JSON.stringify(orders));
    expect(orders.map((order) => Object.keys(order))).toEqual(orders.map(() => Object.keys(orderDtoSchema.shape)));
    for (const order of orders) orderDtoSchema.strict().parse(order);
    expect(orders.map((order) => order.totalCost)).toEqual([0.3, 1_234_567_890_123.45, 0.01, 19.99]);
    expect(orders.map((order) => order.refunded)).toEqual([0.3, 1_234_567_890_123.45, 0, 0]);
    expect(orders.map((order) => order.paymentFailure)).toEqual([null, null, awkward, null]);
    expect(orders.map((order) => [order.paidWith, order.paymentReference])).toEqual([
      [null, null],
      ['card', 'pi_3'],
      [null, null],
      ['offline', awkward],
    ]);
    expect(orders[3]).toEqual({
      _id: 'o-dee-1',
      productId: 'p-vise',
      productName: awkward,
      userId: 'u-dee',
      userName: 'Dee "D" O\u2019Neil',
      orderQuantity: 3,
      totalCost: 19.99,
      shippingAddress: 'Line 1\r\nLine 2',
      status: 'paid',
      payment: true,
      // Milliseconds, as a Date read from the column prints them (toISOString).
      placedAt: '2026-11-01T11:00:00.123Z',
      lines: [{ productId: 'p-vise', productName: awkward, quantity: 3, unitPrice: 15, lineTotal: 45 }],
      paidWith: 'offline',
      paymentReference: awkward,
      paymentFailure: null,
      refunded: 0,
      invoiceNumber: null,
      creditNoteNumbers: [],
    });
    expect(orders.map((order) => [order.invoiceNumber, order.creditNoteNumbers])).toEqual([
      [null, []],
      ['INV-2026-000003', ['CN-2026-000001', 'CN-2026-000002']],
      [null, []],
      [null, []],
    ]);
    const views = await sqlOrderReader(sql).ordersOfUser('u-dee');
    expect(views[3]!.placedAt).toBe('2026-11-01T11:00:00.123Z');
    // The views read the columns as the answer does.
    expect(
      views.map(({ paidWith, paymentReference, paymentFailure, refundedCents, invoiceNumber, creditNoteNumbers }) => [
        paidWith,
        paymentReference,
        paymentFailure,
        refundedCents,
        invoiceNumber,
        creditNoteNumbers,
      ]),
    ).toEqual([
      [null, null, null, 30, null, []],
      ['card', 'pi_3', null, 123_456_789_012_345, 'INV-2026-000003', ['CN-2026-000001', 'CN-2026-000002']],
      [null, null, awkward, 0, null, []],
      ['offline', awkward, null, 0, null, []],
    ]);
  });

  it('answers an order of several lines with each line in its order, its amounts as the total’s, in the one statement of the list', async () => {
    const lines: Line[] = [
      { productId: 'p-saw', productName: 'Hand Saw "Fine"', quantity: 1, unitPriceCents: 24_99 },
      { productId: 'p-drill', productName: 'Cordless Drill', quantity: 10, unitPriceCents: 119_00 },
      { productId: 'p-vise', productName: 'Bench Vise', quantity: 3, unitPriceCents: 1 },
    ];
    await place({ orderId: 'o-eve-1', uid: 'u-eve', placedAt: '2026-11-01T12:00:00Z', lines, totalCostCents: 1_325_77 });
    await place({ orderId: 'o-eve-2', uid: 'u-eve', placedAt: '2026-11-01T12:01:00Z', lines: lines.slice(2) });
    const reader = sqlOrderReader(sql);
    statements.length = 0;
    const json = await reader.orderListOfUser('u-eve');
    expect(statements).toHaveLength(1);
    expect(json).toBe(JSON.stringify(JSON.parse(json)));
    const [, order] = orderListSchema.parse(JSON.parse(json));
    expect(order).toMatchObject({
      _id: 'o-eve-1',
      productId: 'p-saw',
      productName: 'Hand Saw "Fine"',
      orderQuantity: 14,
      totalCost: 1325.77,
    });
    expect(order!.lines).toEqual([
      { productId: 'p-saw', productName: 'Hand Saw "Fine"', quantity: 1, unitPrice: 24.99, lineTotal: 24.99 },
      { productId: 'p-drill', productName: 'Cordless Drill', quantity: 10, unitPrice: 119, lineTotal: 1190 },
      { productId: 'p-vise', productName: 'Bench Vise', quantity: 3, unitPrice: 0.01, lineTotal: 0.03 },
    ]);
    expect(JSON.parse(await reader.orderList({ offset: 0, limit: 1 }))).toEqual([(JSON.parse(json) as unknown[])[0]]);
    expect((await reader.ordersOfUser('u-eve'))[1]!.lines).toEqual(
      lines.map((line) => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity })),
    );
  });
});
