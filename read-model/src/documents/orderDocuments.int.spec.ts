import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderEmailResendRequested,
  orderMoved,
  orderPlaced,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { sqlOrderReader } from '../orders/orderReads.js';
import { project } from '../projection.js';
import { applyRowWrites } from '../rowWrites.js';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { sqlDocumentReader } from './documentReads.js';

const vise = { productId: 'p-vise', name: 'Bench Vise <b>6"</b>', priceCents: 10_00 };
const placedBy = (orderId: string) => orderPlaced(vise, { orderId, userId: 'u-ada', quantity: 2 });
const inLog = (events: readonly ShopEvent[]): StoredEvent[] => events.map((event, offset) => stored(event, offset));

describe('the orders’ documents', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  const [paid, refunded] = ['o-paid', 'o-refunded'].map(placedBy) as [ReturnType<typeof placedBy>, ReturnType<typeof placedBy>];
  const paidInvoice = invoiceIssued(paid.data, { sequence: 1, issuedAt: '2026-01-05T10:00:00.000Z' });
  const refundedInvoice = invoiceIssued(refunded.data, { sequence: 2, issuedAt: '2026-01-05T11:00:00.000Z' });
  const first = creditNoteIssued(refundedInvoice.data, { sequence: 1, issuedAt: '2026-01-06T10:00:00.000Z', reason: 'Damaged' });
  // A second credit note of one order: not what the shop issues today, but a place the reads must still tell apart.
  const second = creditNoteIssued(refundedInvoice.data, { sequence: 2, issuedAt: '2026-01-07T10:00:00.000Z', reason: 'Again' });
  const history = inLog([
    paid,
    refunded,
    orderMoved(paid.data, 'OrderPaid'),
    paidInvoice,
    orderMoved(refunded.data, 'OrderPaid'),
    refundedInvoice,
    orderCancelled(refunded.data),
    first,
    orderEmailResendRequested(refunded.data.orderId, 'cancelled'),
    second,
  ]);

  const documentRows = async (sql: SqlExecutor) =>
    (await sql.query('select order_id, kind, nth, number, issued_at, data from order_documents order by number')).rows;
  const orderRows = async (sql: SqlExecutor) =>
    (await sql.query('select order_id, invoice_number, credit_note_numbers, event_offsets from orders order by order_id')).rows;

  it('answers each order’s invoice and credit notes as their events issued them, and their numbers with the order', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, history);
    const documents = sqlDocumentReader(sql);
    expect(await documents.invoiceOf('o-paid')).toEqual(paidInvoice.data);
    expect(await documents.invoiceOf('o-refunded')).toEqual(refundedInvoice.data);
    expect(await documents.creditNoteOf('o-refunded', 1)).toEqual(first.data);
    expect(await documents.creditNoteOf('o-refunded', 2)).toEqual(second.data);
    expect(await documents.creditNoteOf('o-refunded', 3)).toBeNull();
    expect(await documents.creditNoteOf('o-paid', 1)).toBeNull();
    expect(await documents.invoiceOf('o-unknown')).toBeNull();

    const list = JSON.parse(await sqlOrderReader(sql).orderListOfUser('u-ada')) as Record<string, unknown>[];
    expect(Object.fromEntries(list.map((order) => [order._id, [order.invoiceNumber, order.creditNoteNumbers]]))).toEqual({
      'o-paid': ['INV-2026-000001', []],
      'o-refunded': ['INV-2026-000002', ['CN-2026-000001', 'CN-2026-000002']],
    });
    const views = await sqlOrderReader(sql).ordersOfUser('u-ada');
    expect(views.map((view) => [view.orderId, view.invoiceNumber, view.creditNoteNumbers])).toEqual(
      list.map((order) => [order._id, order.invoiceNumber, order.creditNoteNumbers]),
    );
    // Every event of the order's stream is in its offsets, for its history: the documents' and the e-mails' too.
    const offsets = Object.fromEntries((await orderRows(sql)).map((row) => [row.order_id, (row.event_offsets as unknown[]).map(Number)]));
    expect(offsets).toEqual({ 'o-paid': [0, 2, 3], 'o-refunded': [1, 4, 5, 6, 7, 8, 9] });
  });

  it('leaves the rows as one by one when a batch’s documents are applied in a few statements', async () => {
    const inTurn = await readModel();
    await projectOneByOne(inTurn, history);
    const expected = [await documentRows(inTurn), await orderRows(inTurn)];
    const sql = await readModel();
    await sql.transaction((tx) => applyRowWrites(tx, history.flatMap(project)));
    expect([await documentRows(sql), await orderRows(sql)]).toEqual(expected);
  });

  it('keeps a document delivered twice once, in its first place', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, history);
    const before = [await documentRows(sql), await orderRows(sql)];
    await projectOneByOne(sql, [history[7]!, history[3]!]);
    await sql.transaction((tx) => applyRowWrites(tx, [history[9]!, history[9]!, history[5]!].flatMap(project)));
    expect([await documentRows(sql), await orderRows(sql)]).toEqual(before);
  });
});
