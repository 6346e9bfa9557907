import { describe, expect, it } from 'vitest';
import type { OrderPaid, ShopEvent } from '@toolforge/contracts';
import { orderCancelled, orderMoved, orderPaidByCard, orderPlaced, orderRefunded, paymentNotApplied } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import type { LedgerEntry } from '@toolforge/platform/payments';
import { stored } from '@toolforge/platform/testing';
import { auditPayments, ledgerRangeFor, paymentRecordsOf, type PaymentFinding } from './paymentAudit.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
/** 2 × 10.00 = 20.00, + 5 % = 21.00, + 50 = 71.00 */
const TOTAL = 71_00;
const at = (occurredAt: string) => ({ occurredAt });
const placed = (orderId: string) => orderPlaced(vise, { orderId, userId: 'u-ada', quantity: 2 }, at('2026-11-20T09:00:00.000Z')).data;
const [paid, late, twice] = [placed('o-paid'), placed('o-late'), placed('o-twice')] as const;

/** The orders' streams, one event an offset, in the order given. */
const inLog = (...events: ShopEvent[]): StoredEvent[] => events.map((event, offset) => stored(event, offset));

/** A shop whose orders were paid, one too late (owed back and refunded), one twice over (the second owed back and refunded). */
const log = inLog(
  orderPaidByCard(paid, { paymentId: 'pi_paid' }, at('2026-11-20T10:00:05.000Z')),
  orderCancelled(late, {}, at('2026-11-20T10:30:00.000Z')),
  paymentNotApplied(late, { paymentId: 'pi_late' }, at('2026-11-20T11:00:05.000Z')),
  orderRefunded(late, { paymentId: 'pi_late', amountCents: TOTAL, refundId: 're_late' }, at('2026-11-20T11:00:09.000Z')),
  orderPaidByCard(twice, { paymentId: 'pi_first' }, at('2026-11-20T12:00:05.000Z')),
  paymentNotApplied(twice, { paymentId: 'pi_second', because: 'already-paid' }, at('2026-11-20T12:01:05.000Z')),
  orderRefunded(twice, { paymentId: 'pi_second', amountCents: TOTAL, refundId: 're_second' }, at('2026-11-20T12:01:09.000Z')),
  // Paid offline: no money through the provider.
  orderMoved(placed('o-offline'), 'OrderPaid', at('2026-11-20T13:00:00.000Z')),
);

const payment = (paymentId: string, orderId: string | null, moment: string, amountCents = TOTAL, currency = 'usd'): LedgerEntry => ({
  kind: 'payment',
  paymentId,
  orderId,
  amountCents,
  currency,
  at: moment,
});
const refund = (refundId: string, paymentId: string, orderId: string | null, moment: string, amountCents = TOTAL): LedgerEntry => ({
  kind: 'refund',
  refundId,
  paymentId,
  orderId,
  amountCents,
  at: moment,
});
/** The provider's ledger of that money, each a few seconds before the shop heard of it. */
const ledger: LedgerEntry[] = [
  payment('pi_paid', 'o-paid', '2026-11-20T10:00:00.000Z'),
  payment('pi_late', 'o-late', '2026-11-20T11:00:00.000Z'),
  refund('re_late', 'pi_late', 'o-late', '2026-11-20T11:00:08.000Z'),
  payment('pi_first', 'o-twice', '2026-11-20T12:00:00.000Z'),
  payment('pi_second', 'o-twice', '2026-11-20T12:01:00.000Z'),
  refund('re_second', 'pi_second', 'o-twice', '2026-11-20T12:01:08.000Z'),
];

const audited = (entries: readonly LedgerEntry[], events: readonly StoredEvent[] = log, range = {}) =>
  auditPayments(entries, paymentRecordsOf(events), { range, currency: 'usd' });
const findings = (entries: readonly LedgerEntry[], events: readonly StoredEvent[] = log, range = {}) =>
  audited(entries, events, range).findings.map(({ kind, id, orderId, field }: PaymentFinding) => [kind, id, orderId, field ?? null]);

describe('the payment audit: the provider’s ledger against the log', () => {
  it('reads the card payments, the payments not applied and the refunds from the orders’ streams, in log order', () => {
    const records = paymentRecordsOf(log);
    expect(records.payments.map(({ type, paymentId, orderId, amountCents }) => [type, paymentId, orderId, amountCents])).toEqual([
      ['OrderPaid', 'pi_paid', 'o-paid', TOTAL],
      ['PaymentNotApplied', 'pi_late', 'o-late', TOTAL],
      ['OrderPaid', 'pi_first', 'o-twice', TOTAL],
      ['PaymentNotApplied', 'pi_second', 'o-twice', TOTAL],
    ]);
    expect(records.refunds).toEqual([
      {
        refundId: 're_late',
        paymentId: 'pi_late',
        orderId: 'o-late',
        amountCents: TOTAL,
        position: 'sales.orders/0/3',
        at: '2026-11-20T11:00:09.000Z',
      },
      expect.objectContaining({ refundId: 're_second' }),
    ]);
  });

  it('finds nothing when every payment and refund is recorded once, for its amount, and nothing else is', () => {
    expect(audited(ledger)).toEqual({
      range: {},
      checked: { payments: 4, refunds: 2, recordedPayments: 4, recordedRefunds: 2 },
      findings: [],
    });
  });

  it('finds money captured or refunded that the log does not record, and records the ledger lacks', () => {
    const ledgerWithout = ledger.filter(
      (entry) => !['pi_first', 're_second'].includes(entry.kind === 'payment' ? entry.paymentId : entry.refundId),
    );
    const extra = [
      payment('pi_stray', 'o-paid', '2026-11-20T14:00:00.000Z'),
      refund('re_stray', 'pi_paid', null, '2026-11-20T14:00:01.000Z'),
    ];
    expect(findings([...ledgerWithout, ...extra])).toEqual([
      ['payment-not-recorded', 'pi_stray', 'o-paid', null],
      ['refund-not-recorded', 're_stray', null, null],
      ['payment-not-at-provider', 'pi_first', 'o-twice', null],
      ['refund-not-at-provider', 're_second', 'o-twice', null],
    ]);
    expect(audited(extra.slice(0, 1), []).findings).toEqual([
      {
        kind: 'payment-not-recorded',
        id: 'pi_stray',
        orderId: 'o-paid',
        provider: 'captured 71.00 USD at 2026-11-20T14:00:00.000Z',
        log: 'no OrderPaid (card) nor PaymentNotApplied names it',
      },
    ]);
  });

  it('finds a payment or refund recorded for another amount, currency, order or payment than the provider’s', () => {
    const altered = ledger.map((entry) => {
      if (entry.kind === 'payment' && entry.paymentId === 'pi_paid') return { ...entry, amountCents: TOTAL + 1, currency: 'eur' };
      if (entry.kind === 'payment' && entry.paymentId === 'pi_late') return { ...entry, orderId: 'o-other' };
      if (entry.kind === 'refund' && entry.refundId === 're_late') return { ...entry, amountCents: 70_00, paymentId: 'pi_paid' };
      return entry;
    });
    expect(findings(altered)).toEqual([
      ['payment-differs', 'pi_paid', 'o-paid', 'amount'],
      ['payment-differs', 'pi_paid', 'o-paid', 'currency'],
      ['payment-differs', 'pi_late', 'o-other', 'order'],
      ['refund-differs', 're_late', 'o-late', 'amount'],
      ['refund-differs', 're_late', 'o-late', 'payment'],
    ]);
    expect(audited(altered).findings[0]).toMatchObject({
      provider: 'captured 71.01 EUR at 2026-11-20T10:00:00.000Z',
      log: 'OrderPaid at sales.orders/0/0: 71.00 for o-paid',
    });
  });

  it('finds a payment, or a refund, that the log records twice', () => {
    const again = inLog(
      ...log.map(({ type, data, meta }) => ({ type, data, meta }) as ShopEvent),
      paymentNotApplied(paid, { paymentId: 'pi_paid', because: 'already-paid' }),
      orderRefunded(late, { paymentId: 'pi_late', amountCents: TOTAL, refundId: 're_late' }),
    );
    expect(findings(ledger, again)).toEqual([
      ['payment-recorded-twice', 'pi_paid', 'o-paid', null],
      ['refund-recorded-twice', 're_late', 'o-late', null],
    ]);
    expect(audited(ledger, again).findings[0]!.log).toBe(
      'OrderPaid at sales.orders/0/0: 71.00 for o-paid; PaymentNotApplied at sales.orders/0/8: 71.00 for o-paid',
    );
  });

  it('audits the money moved in range, finding its record wherever the log holds it, and the records in range in a ledger read wider', () => {
    // From 11:00: pi_late (and its refund) onwards; pi_paid is before the range, its record too.
    const range = { from: new Date('2026-11-20T11:00:00.000Z'), to: new Date('2026-11-20T12:01:06.000Z') };
    expect(audited(ledger, log, range).checked).toEqual({ payments: 3, refunds: 1, recordedPayments: 3, recordedRefunds: 1 });
    expect(findings(ledger, log, range)).toEqual([]);
    // Captured just before the range ends, recorded just after it (a late webhook): no finding either way.
    const atTheEnd = { to: new Date('2026-11-20T12:01:03.000Z') };
    expect(audited(ledger, log, atTheEnd).checked).toMatchObject({ payments: 4, recordedPayments: 3 });
    expect(findings(ledger, log, atTheEnd)).toEqual([]);
    // What is out of range is not reported, whatever it lacks.
    expect(findings([payment('pi_old', null, '2026-11-01T00:00:00.000Z'), ...ledger], log, range)).toEqual([]);
    expect(ledgerRangeFor(range)).toEqual({ from: new Date('2026-11-17T11:00:00.000Z'), to: new Date('2026-11-23T12:01:06.000Z') });
    expect(ledgerRangeFor({})).toEqual({});
  });

  it('takes no payment from an OrderPaid offline, one paid before the shop said how, or a record this build cannot read', () => {
    const before: OrderPaid = { type: 'OrderPaid', data: { orderId: 'o-paid', payment: null }, meta: log[0]!.meta };
    const newer = { ...orderPaidByCard(late, { paymentId: 'pi_newer' }), meta: { ...log[0]!.meta, schemaVersion: 99 } };
    expect(paymentRecordsOf(inLog(orderMoved(paid, 'OrderPaid'), before, newer))).toEqual({ payments: [], refunds: [] });
  });
});
