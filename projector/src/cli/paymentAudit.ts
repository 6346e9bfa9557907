import {
  formatCents,
  formatPosition,
  whyUnreadable,
  type OrderPaid,
  type OrderRefunded,
  type PaymentNotApplied,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { LedgerEntry, LedgerRange } from '@toolforge/platform/payments';

/** A payment at the provider as the log records it: an order paid by card, or money captured that no order took (owed back). */
export interface RecordedPayment {
  readonly paymentId: string;
  readonly orderId: string;
  readonly amountCents: number;
  readonly type: 'OrderPaid' | 'PaymentNotApplied';
  readonly position: string;
  readonly at: string;
}

/** A refund at the provider as the log records it (OrderRefunded). */
export interface RecordedRefund {
  readonly refundId: string;
  readonly paymentId: string;
  readonly orderId: string;
  readonly amountCents: number;
  readonly position: string;
  readonly at: string;
}

/** The log's word on the money that went through the provider. */
export interface PaymentRecords {
  readonly payments: readonly RecordedPayment[];
  readonly refunds: readonly RecordedRefund[];
}

/**
 * The payments and refunds the log records, in log order, from the orders' streams: OrderPaid by
 * card (an offline payment never went through the provider), PaymentNotApplied and OrderRefunded.
 * A record this build cannot read is no payment's.
 */
export function paymentRecordsOf(events: Iterable<StoredEvent>): PaymentRecords {
  const payments: RecordedPayment[] = [];
  const refunds: RecordedRefund[] = [];
  for (const event of events) {
    if (whyUnreadable(event) !== undefined) continue;
    const where = { position: formatPosition(event.position), at: event.meta.occurredAt };
    if (event.type === 'OrderPaid') {
      const { orderId, payment } = (event as StoredEvent<OrderPaid>).data;
      if (payment?.method === 'card')
        payments.push({ ...where, type: 'OrderPaid', orderId, paymentId: payment.paymentId, amountCents: payment.amountCents });
    } else if (event.type === 'PaymentNotApplied') {
      const { orderId, paymentId, amountCents } = (event as StoredEvent<PaymentNotApplied>).data;
      payments.push({ ...where, type: 'PaymentNotApplied', orderId, paymentId, amountCents });
    } else if (event.type === 'OrderRefunded') {
      const { orderId, paymentId, refundId, amountCents } = (event as StoredEvent<OrderRefunded>).data;
      refunds.push({ ...where, orderId, paymentId, refundId, amountCents });
    }
  }
  return { payments, refunds };
}

/**
 * One way the provider's ledger and the log disagree:
 * - `payment-not-recorded`: money captured that no OrderPaid (card) nor PaymentNotApplied names;
 * - `payment-recorded-twice`: a payment named by more than one of them (an order paid twice over, or paid and owed back);
 * - `payment-differs`: named once, but for another amount, currency or order than the provider's;
 * - `payment-not-at-provider`: an OrderPaid (card) or PaymentNotApplied naming a payment the ledger lacks;
 * - the same four for refunds and OrderRefunded (`refund-…`; a refund differs by amount, payment or order).
 */
export type PaymentFindingKind =
  | 'payment-not-recorded'
  | 'payment-recorded-twice'
  | 'payment-differs'
  | 'payment-not-at-provider'
  | 'refund-not-recorded'
  | 'refund-recorded-twice'
  | 'refund-differs'
  | 'refund-not-at-provider';

export interface PaymentFinding {
  readonly kind: PaymentFindingKind;
  /** The provider's id of the payment or the refund. */
  readonly id: string;
  /** The order it is for, as the provider or the log names it (null: neither does). */
  readonly orderId: string | null;
  /** What differs, for the `…-differs` kinds: amount, currency, order, payment. */
  readonly field?: 'amount' | 'currency' | 'order' | 'payment';
  /** What the provider's ledger says, and what the log says, in words ("captured 71.00 USD at …", "OrderPaid at sales.orders/0/4: 71.00"). */
  readonly provider: string;
  readonly log: string;
}

export interface PaymentAudit {
  /** What the audit covers: money moved at the provider, and recorded in the log, from `from` (included) to `to` (excluded). */
  readonly range: LedgerRange;
  readonly checked: {
    /** Captured payments and refunds in the provider's ledger, in range. */
    readonly payments: number;
    readonly refunds: number;
    /** OrderPaid (card) and PaymentNotApplied, and OrderRefunded, in the log, in range. */
    readonly recordedPayments: number;
    readonly recordedRefunds: number;
  };
  readonly findings: readonly PaymentFinding[];
}

/**
 * How far before and after the range the provider's ledger is read, so that money moved just
 * inside the range finds its record just outside it, and the other way round: a webhook is
 * delivered late (Stripe retries one for up to three days), a refund is recorded after the
 * provider made it.
 */
export const LEDGER_MARGIN_MS = 3 * 24 * 60 * 60 * 1000;

/** The stretch of the provider's ledger the audit of `range` reads: the range widened by the margin on each side it has. */
export function ledgerRangeFor(range: LedgerRange): LedgerRange {
  return {
    ...(range.from && { from: new Date(range.from.getTime() - LEDGER_MARGIN_MS) }),
    ...(range.to && { to: new Date(range.to.getTime() + LEDGER_MARGIN_MS) }),
  };
}

const inRange = (at: string, range: LedgerRange) => {
  const time = Date.parse(at);
  return (!range.from || time >= range.from.getTime()) && (!range.to || time < range.to.getTime());
};

type LedgerPayment = Extract<LedgerEntry, { kind: 'payment' }>;
type LedgerRefund = Extract<LedgerEntry, { kind: 'refund' }>;

/** Records by the provider's id they name. */
function byId<Record>(records: readonly Record[], id: (record: Record) => string): Map<string, Record[]> {
  const map = new Map<string, Record[]>();
  for (const record of records) {
    const list = map.get(id(record));
    if (list) list.push(record);
    else map.set(id(record), [record]);
  }
  return map;
}

const money = (cents: number) => formatCents(cents);
const recorded = (record: RecordedPayment | RecordedRefund) =>
  `${'type' in record ? record.type : 'OrderRefunded'} at ${record.position}: ${money(record.amountCents)} for ${record.orderId}`;

/**
 * The provider's ledger against the log (docs/operators.md#what-the-payment-audit-compares): every payment
 * the provider captured is named by exactly one OrderPaid (card) or PaymentNotApplied of the same
 * amount, in the shop's currency, for the same order, and every refund by exactly one OrderRefunded
 * of the same amount and payment; nothing the log records is missing from the ledger. The
 * provider's entries in range are looked for in the whole log, and the log's records in range in
 * the whole `ledger` read (ledgerRangeFor), so that neither side's findings depend on when the
 * other side recorded it. Findings in the ledger's order, then the log's.
 */
export function auditPayments(
  ledger: readonly LedgerEntry[],
  records: PaymentRecords,
  { range, currency }: { range: LedgerRange; currency: string },
): PaymentAudit {
  const findings: PaymentFinding[] = [];
  const payments = ledger.filter((entry): entry is LedgerPayment => entry.kind === 'payment');
  const refunds = ledger.filter((entry): entry is LedgerRefund => entry.kind === 'refund');
  const paymentRecords = byId(records.payments, (record) => record.paymentId);
  const refundRecords = byId(records.refunds, (record) => record.refundId);

  const paymentsInRange = payments.filter((payment) => inRange(payment.at, range));
  for (const payment of paymentsInRange) {
    const captured = `captured ${money(payment.amountCents)} ${payment.currency.toUpperCase()} at ${payment.at}`;
    const named = paymentRecords.get(payment.paymentId) ?? [];
    const finding = (kind: PaymentFindingKind, log: string, field?: PaymentFinding['field'], provider = captured) =>
      findings.push({
        kind,
        id: payment.paymentId,
        orderId: payment.orderId ?? named[0]?.orderId ?? null,
        ...(field && { field }),
        provider,
        log,
      });
    if (named.length === 0) finding('payment-not-recorded', 'no OrderPaid (card) nor PaymentNotApplied names it');
    else if (named.length > 1) finding('payment-recorded-twice', named.map(recorded).join('; '));
    else {
      const [record] = named as [RecordedPayment];
      if (record.amountCents !== payment.amountCents) finding('payment-differs', recorded(record), 'amount');
      if (payment.currency.toLowerCase() !== currency.toLowerCase())
        finding('payment-differs', `the shop takes ${currency.toUpperCase()}`, 'currency');
      if (payment.orderId !== null && payment.orderId !== record.orderId)
        finding('payment-differs', recorded(record), 'order', `${captured} for ${payment.orderId}`);
    }
  }

  const refundsInRange = refunds.filter((refund) => inRange(refund.at, range));
  for (const refund of refundsInRange) {
    const made = `refunded ${money(refund.amountCents)} of ${refund.paymentId} at ${refund.at}`;
    const named = refundRecords.get(refund.refundId) ?? [];
    const finding = (kind: PaymentFindingKind, log: string, field?: PaymentFinding['field'], provider = made) =>
      findings.push({
        kind,
        id: refund.refundId,
        orderId: refund.orderId ?? named[0]?.orderId ?? null,
        ...(field && { field }),
        provider,
        log,
      });
    if (named.length === 0) finding('refund-not-recorded', 'no OrderRefunded names it');
    else if (named.length > 1) finding('refund-recorded-twice', named.map(recorded).join('; '));
    else {
      const [record] = named as [RecordedRefund];
      if (record.amountCents !== refund.amountCents) finding('refund-differs', recorded(record), 'amount');
      if (record.paymentId !== refund.paymentId) finding('refund-differs', `${recorded(record)}, of ${record.paymentId}`, 'payment');
      if (refund.orderId !== null && refund.orderId !== record.orderId)
        finding('refund-differs', recorded(record), 'order', `${made} for ${refund.orderId}`);
    }
  }

  const captured = new Set(payments.map((payment) => payment.paymentId));
  const recordedPayments = records.payments.filter((record) => inRange(record.at, range));
  for (const record of recordedPayments) {
    if (!captured.has(record.paymentId))
      findings.push({
        kind: 'payment-not-at-provider',
        id: record.paymentId,
        orderId: record.orderId,
        provider: 'no captured payment',
        log: recorded(record),
      });
  }
  const refunded = new Set(refunds.map((refund) => refund.refundId));
  const recordedRefunds = records.refunds.filter((record) => inRange(record.at, range));
  for (const record of recordedRefunds) {
    if (!refunded.has(record.refundId))
      findings.push({
        kind: 'refund-not-at-provider',
        id: record.refundId,
        orderId: record.orderId,
        provider: 'no refund',
        log: recorded(record),
      });
  }

  return {
    range,
    checked: {
      payments: paymentsInRange.length,
      refunds: refundsInRange.length,
      recordedPayments: recordedPayments.length,
      recordedRefunds: recordedRefunds.length,
    },
    findings,
  };
}
