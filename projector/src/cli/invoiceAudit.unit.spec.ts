import { describe, expect, it } from 'vitest';
import type { InvoiceIssued, OrderPlaced, ShopEvent } from '@toolforge/contracts';
import {
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderMoved,
  orderPaidByCard,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import { auditInvoices, documentRecordsOf, type InvoiceFinding } from './invoiceAudit.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
const clamp = { productId: 'p-clamp', name: 'F-Clamp', priceCents: 12_40, priceTiers: [{ minQuantity: 10, unitPriceCents: 10_90 }] };
const at = (occurredAt: string) => ({ occurredAt });
const placed = (orderId: string, product: typeof vise | typeof clamp = vise, quantity = 2) =>
  orderPlaced(product, { orderId, userId: 'u-ada', quantity }, at('2026-01-10T09:00:00.000Z'));

/** The orders' streams, one event an offset, in the order given. */
const inLog = (...events: ShopEvent[]): StoredEvent[] => events.map((event, offset) => stored(event, offset));

/** An order placed, paid (by card, or offline) and invoiced as the `sequence`th invoice of `issuedAt`'s year. */
function paidAndInvoiced(order: OrderPlaced, sequence: number, issuedAt: string, byCard = false): [ShopEvent[], InvoiceIssued] {
  const payment = byCard ? { method: 'card' as const, reference: `pi_${order.data.orderId}` } : undefined;
  const invoice = invoiceIssued(order.data, { sequence, issuedAt, ...(payment && { payment }) }, at(issuedAt));
  const paid = byCard ? orderPaidByCard(order.data, {}, at(issuedAt)) : orderMoved(order.data, 'OrderPaid', at(issuedAt));
  return [[order, paid, invoice], invoice];
}

const [one, first] = paidAndInvoiced(placed('o-1'), 1, '2026-02-01T10:00:00.000Z', true);
// 12 × 10.90 (the ladder's step from 10) = 130.80, + 5 % = 6.54, + 50 = 187.34
const [two, second] = paidAndInvoiced(placed('o-2', clamp, 12), 2, '2026-02-02T10:00:00.000Z');
const [three, third] = paidAndInvoiced(placed('o-3'), 3, '2026-03-01T10:00:00.000Z', true);
const [nextYear] = paidAndInvoiced(placed('o-4'), 1, '2027-01-02T10:00:00.000Z');
const cancelled = orderCancelled(placed('o-3').data, { by: 'admin' }, at('2026-03-02T10:00:00.000Z'));
const creditNote = creditNoteIssued(
  third.data,
  { sequence: 1, issuedAt: '2026-03-02T10:00:00.000Z', reason: 'Damaged' },
  at('2026-03-02T10:00:00.000Z'),
);
const refund = orderRefunded(
  placed('o-3').data,
  { paymentId: 'pi_o-3', amountCents: third.data.totalCents },
  at('2026-03-02T10:05:00.000Z'),
);

/** A shop's documents as it issues them: three invoices of 2026 (one at a ladder's price), one cancelled, reversed and refunded, one of 2027. */
const clean = [...one, ...two, ...three, cancelled, creditNote, refund, ...nextYear];

const findingsOf = (events: readonly ShopEvent[], year: number | null = null) =>
  auditInvoices(documentRecordsOf(inLog(...events)), { year }).findings;
const kinds = (findings: readonly InvoiceFinding[]) => findings.map((finding) => finding.kind);

describe('the invoice audit', () => {
  it('finds nothing wrong in a log where every number is issued once without a gap and every document agrees with its order', () => {
    const audit = auditInvoices(documentRecordsOf(inLog(...clean)), { year: null });
    expect(audit).toEqual({ year: null, checked: { invoices: 4, creditNotes: 1, payments: 4 }, findings: [] });
    // A payment not applied is refunded without any document: it paid no order.
    expect(findingsOf([...clean, paymentNotApplied(placed('o-1').data, { paymentId: 'pi_late' })])).toEqual([]);
    expect(findingsOf([...clean, orderRefunded(placed('o-1').data, { paymentId: 'pi_late', amountCents: 71_00 })])).toEqual([]);
  });

  it('names the numbers missing from a year’s sequence', () => {
    const [four] = paidAndInvoiced(placed('o-5'), 7, '2026-04-01T10:00:00.000Z');
    expect(findingsOf([...clean, ...four])).toEqual([
      {
        kind: 'number-gap',
        orderId: null,
        numbers: ['INV-2026-000004', 'INV-2026-000005', 'INV-2026-000006'],
        detail: 'INV 2026: 3 of 1..7 missing (4 issued)',
      },
    ]);
    // A sequence that does not start at 1 misses its first numbers.
    expect(
      findingsOf([...one.slice(0, 2), invoiceIssued(placed('o-1').data, { sequence: 2, issuedAt: '2026-02-01T10:00:00.000Z' })]),
    ).toMatchObject([{ kind: 'number-gap', numbers: ['INV-2026-000001'] }]);
  });

  it('names a number issued twice, and where', () => {
    const [again] = paidAndInvoiced(placed('o-5'), 2, '2026-04-01T10:00:00.000Z');
    const findings = findingsOf([...clean, ...again]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'number-repeated', numbers: ['INV-2026-000002'] });
    expect(findings[0]!.detail).toMatch(/^issued 2 times: o-2 at sales\.orders\/0\/\d+; o-5 at sales\.orders\/0\/\d+$/);
  });

  it('finds an order paid without an invoice, one invoiced twice, and an invoice that follows no payment', () => {
    const unpaid = placed('o-5');
    const paid = orderMoved(unpaid.data, 'OrderPaid', at('2026-04-01T10:00:00.000Z'));
    expect(findingsOf([...clean, unpaid, paid])).toMatchObject([{ kind: 'paid-without-invoice', orderId: 'o-5', numbers: [] }]);

    const twice = invoiceIssued(placed('o-1').data, { sequence: 4, issuedAt: '2026-04-01T10:00:00.000Z' });
    expect(kinds(findingsOf([...clean, twice]))).toEqual(['invoiced-twice']);
    expect(findingsOf([...clean, twice])[0]!.numbers).toEqual(['INV-2026-000001', 'INV-2026-000004']);

    const early = invoiceIssued(unpaid.data, { sequence: 4, issuedAt: '2026-04-01T10:00:00.000Z' });
    expect(findingsOf([...clean, unpaid, early, paid])).toMatchObject([
      { kind: 'invoice-without-payment', orderId: 'o-5', numbers: ['INV-2026-000004'] },
      { kind: 'paid-without-invoice', orderId: 'o-5' },
    ]);
  });

  it('finds an invoice of another total or other lines than its order’s, or whose own sums do not add up', () => {
    const wrongTotal = { ...second, data: { ...second.data, totalCents: second.data.totalCents + 1 } };
    const findings = findingsOf(clean.map((event) => (event === second ? wrongTotal : event)));
    expect(findings).toEqual([
      {
        kind: 'invoice-differs',
        orderId: 'o-2',
        numbers: ['INV-2026-000002'],
        detail: expect.stringMatching(
          /^InvoiceIssued at sales\.orders\/0\/\d+: total 187\.35, the order's 187\.34; total 187\.35 stated, 187\.34 from its lines$/,
        ),
      },
    ]);
    // The ladder step is the order's line's too: the order recorded its step (from 10), so must its invoice.
    const stepped = { ...second, data: { ...second.data, lines: second.data.lines.map((line) => ({ ...line, tierMinQuantity: null })) } };
    expect(findingsOf(clean.map((event) => (event === second ? stepped : event)))).toMatchObject([
      {
        kind: 'invoice-differs',
        detail: expect.stringContaining("lines 12 × p-clamp at 10.90 = 130.80, the order's 12 × p-clamp at 10.90 (from 10) = 130.80"),
      },
    ]);
  });

  it('finds a credit note that names another invoice, or reverses another total', () => {
    const otherInvoice = { ...creditNote, data: { ...creditNote.data, invoiceNumber: first.data.invoiceNumber } };
    expect(findingsOf(clean.map((event) => (event === creditNote ? otherInvoice : event)))).toMatchObject([
      { kind: 'credit-note-unmatched', orderId: 'o-3', numbers: ['CN-2026-000001', 'INV-2026-000001'] },
    ]);
    const partly = { ...creditNote, data: { ...creditNote.data, totalCents: 10_00 } };
    expect(findingsOf(clean.map((event) => (event === creditNote ? partly : event)))).toMatchObject([
      { kind: 'credit-note-differs', detail: expect.stringContaining("total 10.00, the invoice's 71.00") },
    ]);
  });

  it('finds an invoiced order cancelled or refunded without a credit note, and one credited twice', () => {
    const withoutCreditNote = clean.filter((event) => event !== creditNote);
    expect(kinds(findingsOf(withoutCreditNote))).toEqual(['cancelled-without-credit-note', 'refund-without-credit-note']);
    const again = creditNoteIssued(third.data, { sequence: 2, issuedAt: '2026-03-03T10:00:00.000Z' });
    expect(findingsOf([...clean, again])).toMatchObject([{ kind: 'credited-twice', numbers: ['CN-2026-000001', 'CN-2026-000002'] }]);
  });

  it('checks only the year asked for: its documents and numbers, and the payments, cancellations and refunds made in it', () => {
    const [four] = paidAndInvoiced(placed('o-5'), 7, '2026-04-01T10:00:00.000Z');
    const log = [...clean, ...four];
    expect(auditInvoices(documentRecordsOf(inLog(...log)), { year: 2027 })).toEqual({
      year: 2027,
      checked: { invoices: 1, creditNotes: 0, payments: 1 },
      findings: [],
    });
    expect(kinds(findingsOf(log, 2026))).toEqual(['number-gap']);
    expect(
      findingsOf(
        clean.filter((event) => event !== creditNote),
        2027,
      ),
    ).toEqual([]);
  });

  it('finds a number of another kind or year than its document’s', () => {
    const misdated = { ...second, data: { ...second.data, invoiceNumber: 'INV-2025-000002' } };
    // The numbering's findings come first.
    expect(findingsOf(clean.map((event) => (event === second ? misdated : event)))).toMatchObject([
      { kind: 'number-gap', numbers: ['INV-2026-000002'] },
      { kind: 'number-malformed', numbers: ['INV-2025-000002'], detail: expect.stringContaining('numbered in 2025, issued in 2026') },
    ]);
  });
});
