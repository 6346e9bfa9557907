import {
  DOCUMENT_PREFIXES,
  documentNumber,
  documentNumberParts,
  formatCents,
  formatPosition,
  orderTotals,
  whyUnreadable,
  type CreditNoteIssued,
  type DocumentKind,
  type DocumentLine,
  type InvoiceIssued,
  type OrderLine,
  type OrderPaid,
  type OrderPlaced,
  type OrderRefunded,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';

/** A document as the log issued it, and where. */
interface IssuedDocument<Data> {
  readonly data: Data;
  readonly position: string;
  /** Its place among the order's events, to tell what came before it. */
  readonly index: number;
}

/** A fact of the order's stream the documents answer to: its payment, cancellation or a refund. */
interface StreamFact {
  readonly position: string;
  readonly at: string;
  readonly index: number;
}

/** What the log says of one order that the documents are held to. */
export interface OrderDocuments {
  readonly orderId: string;
  /** The order as placed: what its invoice must state (null when its OrderPlaced is not in the log read). */
  placed: { readonly totalCostCents: number; readonly lines: readonly OrderLine[] } | null;
  readonly payments: (StreamFact & { readonly paymentId: string | null })[];
  readonly cancellations: StreamFact[];
  readonly refunds: (StreamFact & { readonly paymentId: string })[];
  readonly invoices: IssuedDocument<InvoiceIssued['data']>[];
  readonly creditNotes: IssuedDocument<CreditNoteIssued['data']>[];
}

/** The orders' streams as the invoice audit reads them: each order's documents and the facts they answer to, in log order. */
export type DocumentRecords = ReadonlyMap<string, OrderDocuments>;

/**
 * The documents and the facts that owe them, order by order, from the orders' streams in log order
 * (a stream is one partition's, so its events come in its order). A record this build cannot read
 * is no one's: a document lost so leaves a gap in its year's numbers, which the audit reports.
 */
export function documentRecordsOf(events: Iterable<StoredEvent>): DocumentRecords {
  const orders = new Map<string, OrderDocuments>();
  const of = (orderId: string) => {
    let order = orders.get(orderId);
    if (!order) {
      order = { orderId, placed: null, payments: [], cancellations: [], refunds: [], invoices: [], creditNotes: [] };
      orders.set(orderId, order);
    }
    return order;
  };
  let index = 0;
  for (const event of events) {
    if (whyUnreadable(event) !== undefined) continue;
    const fact = { position: formatPosition(event.position), at: event.meta.occurredAt, index: index++ };
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, totalCostCents, lines } = (event as StoredEvent<OrderPlaced>).data;
        of(orderId).placed = { totalCostCents, lines };
        break;
      }
      case 'OrderPaid': {
        const { orderId, payment } = (event as StoredEvent<OrderPaid>).data;
        of(orderId).payments.push({ ...fact, paymentId: payment?.method === 'card' ? payment.paymentId : null });
        break;
      }
      case 'OrderCancelled':
        of((event.data as { orderId: string }).orderId).cancellations.push(fact);
        break;
      case 'OrderRefunded': {
        const { orderId, paymentId } = (event as StoredEvent<OrderRefunded>).data;
        of(orderId).refunds.push({ ...fact, paymentId });
        break;
      }
      case 'InvoiceIssued': {
        const { data } = event as StoredEvent<InvoiceIssued>;
        of(data.orderId).invoices.push({ data, position: fact.position, index: fact.index });
        break;
      }
      case 'CreditNoteIssued': {
        const { data } = event as StoredEvent<CreditNoteIssued>;
        of(data.orderId).creditNotes.push({ data, position: fact.position, index: fact.index });
        break;
      }
      default:
        break;
    }
  }
  return orders;
}

/**
 * One way the documents fall short of the log (docs/operators.md, `audit invoices`):
 * - `number-gap`: a year's numbers of a kind are not 1..N: these are missing;
 * - `number-repeated`: one number issued more than once;
 * - `number-malformed`: a number that is no number of its kind, or of another year than its date's;
 * - `paid-without-invoice`, `invoiced-twice`, `invoice-without-payment`: an OrderPaid is not followed
 *   by exactly one InvoiceIssued on its stream, or an invoice follows no payment;
 * - `invoice-differs`: an invoice states other lines or another total than its order, or its own sums do not add up;
 * - `credit-note-unmatched`: a credit note names another invoice than its order's (or the order has none);
 * - `credit-note-differs`: a credit note does not reverse its invoice's total;
 * - `cancelled-without-credit-note`, `credited-twice`: a cancelled order that had an invoice has not exactly one credit note;
 * - `refund-without-credit-note`: the payment of an invoiced order was refunded, and the order has no credit note.
 */
export type InvoiceFindingKind =
  | 'number-gap'
  | 'number-repeated'
  | 'number-malformed'
  | 'paid-without-invoice'
  | 'invoiced-twice'
  | 'invoice-without-payment'
  | 'invoice-differs'
  | 'credit-note-unmatched'
  | 'credit-note-differs'
  | 'cancelled-without-credit-note'
  | 'credited-twice'
  | 'refund-without-credit-note';

export interface InvoiceFinding {
  readonly kind: InvoiceFindingKind;
  /** The order it concerns; null for a gap in a year's numbers, which no order holds. */
  readonly orderId: string | null;
  /** The document numbers it names (a gap's missing ones, a repeated one, the document that differs). */
  readonly numbers: readonly string[];
  /** What the log says, in words ("InvoiceIssued at sales.orders/0/4: total 71.00, the order's 72.00"). */
  readonly detail: string;
}

export interface InvoiceAudit {
  /** The year audited (documents issued, orders paid, cancelled or refunded in it), or null for every year. */
  readonly year: number | null;
  readonly checked: {
    readonly invoices: number;
    readonly creditNotes: number;
    /** OrderPaid events held to their invoice. */
    readonly payments: number;
  };
  readonly findings: readonly InvoiceFinding[];
}

/** The UTC year of an ISO time, as document numbers count years (documents/numbers.ts). */
const yearOf = (at: string) => new Date(at).getUTCFullYear();

const KIND_NAMES: Readonly<Record<DocumentKind, string>> = { invoice: 'invoice', creditNote: 'credit note' };

/** How many missing numbers a gap finding names one by one; beyond, it names the first and last of each run. */
const NAMED_ONE_BY_ONE = 20;

/**
 * The documents held to the log (docs/operators.md): each year's numbers of each kind are exactly
 * 1..N; every OrderPaid is followed on its stream by exactly one InvoiceIssued, of the order's lines
 * and total, its sums adding up; every CreditNoteIssued names its order's invoice and reverses its
 * total; every cancelled order that had an invoice has exactly one credit note, and so has every
 * invoiced order whose payment was refunded. With `year`, only documents issued, and payments,
 * cancellations and refunds made, in that year (UTC) are checked, and only that year's numbers.
 */
export function auditInvoices(records: DocumentRecords, { year }: { year: number | null }): InvoiceAudit {
  const findings: InvoiceFinding[] = [];
  const inYear = (at: string) => year === null || yearOf(at) === year;
  const numbering = new Map<string, { kind: DocumentKind; year: number; issued: Map<number, string[]> }>();
  let invoices = 0;
  let creditNotes = 0;
  let payments = 0;

  /** Notes a document's number in its year's sequence, or finds it malformed. */
  function numbered(kind: DocumentKind, number: string, issuedAt: string, position: string, orderId: string): void {
    const where = `${kind === 'invoice' ? 'InvoiceIssued' : 'CreditNoteIssued'} at ${position}`;
    const parts = documentNumberParts(number);
    if (!parts || parts.kind !== kind || parts.year !== yearOf(issuedAt)) {
      const why =
        !parts || parts.kind !== kind ? `no ${KIND_NAMES[kind]} number` : `numbered in ${parts.year}, issued in ${yearOf(issuedAt)}`;
      findings.push({ kind: 'number-malformed', orderId, numbers: [number], detail: `${where}: ${why}` });
      return;
    }
    const key = `${kind}/${parts.year}`;
    let sequence = numbering.get(key);
    if (!sequence) numbering.set(key, (sequence = { kind, year: parts.year, issued: new Map() }));
    const places = sequence.issued.get(parts.sequence) ?? [];
    places.push(`${orderId} at ${position}`);
    sequence.issued.set(parts.sequence, places);
  }

  for (const order of records.values()) {
    const { orderId } = order;
    for (const invoice of order.invoices) {
      if (!inYear(invoice.data.issuedAt)) continue;
      invoices += 1;
      const where = `InvoiceIssued at ${invoice.position}`;
      numbered('invoice', invoice.data.invoiceNumber, invoice.data.issuedAt, invoice.position, orderId);
      if (!order.payments.some((payment) => payment.index < invoice.index))
        findings.push({
          kind: 'invoice-without-payment',
          orderId,
          numbers: [invoice.data.invoiceNumber],
          detail: `${where}: no OrderPaid before it`,
        });
      const differs = invoiceDifferences(invoice.data, order.placed);
      if (differs.length > 0)
        findings.push({
          kind: 'invoice-differs',
          orderId,
          numbers: [invoice.data.invoiceNumber],
          detail: `${where}: ${differs.join('; ')}`,
        });
    }

    for (const payment of order.payments) {
      if (!inYear(payment.at)) continue;
      payments += 1;
      const next = order.payments.find((later) => later.index > payment.index)?.index ?? Number.POSITIVE_INFINITY;
      const owed = order.invoices.filter((invoice) => invoice.index > payment.index && invoice.index < next);
      if (owed.length === 0)
        findings.push({
          kind: 'paid-without-invoice',
          orderId,
          numbers: [],
          detail: `OrderPaid at ${payment.position}: no InvoiceIssued follows it`,
        });
      else if (owed.length > 1)
        findings.push({
          kind: 'invoiced-twice',
          orderId,
          numbers: owed.map((invoice) => invoice.data.invoiceNumber),
          detail: `OrderPaid at ${payment.position}: followed by ${owed.length} invoices (${owed.map((invoice) => invoice.position).join(', ')})`,
        });
    }

    const [invoice] = order.invoices;
    for (const creditNote of order.creditNotes) {
      if (!inYear(creditNote.data.issuedAt)) continue;
      creditNotes += 1;
      const { creditNoteNumber, invoiceNumber, totalCents } = creditNote.data;
      const where = `CreditNoteIssued at ${creditNote.position}`;
      numbered('creditNote', creditNoteNumber, creditNote.data.issuedAt, creditNote.position, orderId);
      if (!invoice || invoice.data.invoiceNumber !== invoiceNumber) {
        const orders = invoice ? `the order's invoice is ${invoice.data.invoiceNumber}` : 'the order has no invoice';
        findings.push({
          kind: 'credit-note-unmatched',
          orderId,
          numbers: [creditNoteNumber, invoiceNumber],
          detail: `${where}: reverses ${invoiceNumber}, ${orders}`,
        });
      } else if (totalCents !== invoice.data.totalCents) {
        findings.push({
          kind: 'credit-note-differs',
          orderId,
          numbers: [creditNoteNumber, invoiceNumber],
          detail: `${where}: total ${formatCents(totalCents)}, the invoice's ${formatCents(invoice.data.totalCents)}`,
        });
      }
    }

    if (invoice) {
      const creditNoteNumbers = order.creditNotes.map((creditNote) => creditNote.data.creditNoteNumber);
      const cancellation = order.cancellations.find((cancelled) => cancelled.index > invoice.index);
      if (cancellation && inYear(cancellation.at)) {
        if (order.creditNotes.length === 0)
          findings.push({
            kind: 'cancelled-without-credit-note',
            orderId,
            numbers: [invoice.data.invoiceNumber],
            detail: `OrderCancelled at ${cancellation.position}: the order's invoice is not reversed`,
          });
        else if (order.creditNotes.length > 1)
          findings.push({
            kind: 'credited-twice',
            orderId,
            numbers: creditNoteNumbers,
            detail: `OrderCancelled at ${cancellation.position}: ${order.creditNotes.length} credit notes reverse ${invoice.data.invoiceNumber}`,
          });
      }
      const paidWith = new Set(order.payments.map((payment) => payment.paymentId).filter((id) => id !== null));
      for (const refund of order.refunds) {
        if (!paidWith.has(refund.paymentId) || !inYear(refund.at) || order.creditNotes.length > 0) continue;
        findings.push({
          kind: 'refund-without-credit-note',
          orderId,
          numbers: [invoice.data.invoiceNumber],
          detail: `OrderRefunded at ${refund.position}: the payment ${refund.paymentId} of ${invoice.data.invoiceNumber} refunded, no credit note`,
        });
      }
    }
  }

  findings.unshift(...numberingFindings([...numbering.values()]));
  return { year, checked: { invoices, creditNotes, payments }, findings };
}

/** Each year's sequence of each kind held to 1..N: the numbers missing, and those issued more than once. */
function numberingFindings(sequences: { kind: DocumentKind; year: number; issued: Map<number, string[]> }[]): InvoiceFinding[] {
  const findings: InvoiceFinding[] = [];
  sequences.sort((a, b) => a.year - b.year || a.kind.localeCompare(b.kind));
  for (const { kind, year, issued } of sequences) {
    const number = (sequence: number) => documentNumber({ kind, year, sequence });
    const last = Math.max(...issued.keys());
    const missing: number[] = [];
    for (let sequence = 1; sequence <= last; sequence += 1) if (!issued.has(sequence)) missing.push(sequence);
    if (missing.length > 0) {
      const named =
        missing.length <= NAMED_ONE_BY_ONE
          ? missing.map(number)
          : runsOf(missing).map(([from, to]) => (from === to ? number(from) : `${number(from)}..${number(to)}`));
      findings.push({
        kind: 'number-gap',
        orderId: null,
        numbers: named,
        detail: `${DOCUMENT_PREFIXES[kind]} ${year}: ${missing.length} of 1..${last} missing (${issued.size} issued)`,
      });
    }
    for (const [sequence, places] of [...issued].sort(([a], [b]) => a - b)) {
      if (places.length > 1)
        findings.push({
          kind: 'number-repeated',
          orderId: null,
          numbers: [number(sequence)],
          detail: `issued ${places.length} times: ${places.join('; ')}`,
        });
    }
  }
  return findings;
}

/** Consecutive numbers as runs: [1, 2, 3, 7] → [[1, 3], [7, 7]]. */
function runsOf(numbers: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const value of numbers) {
    const run = runs.at(-1);
    if (run && run[1] === value - 1) run[1] = value;
    else runs.push([value, value]);
  }
  return runs;
}

/** A line as its invoice must state it: the order's line, and the ladder step it reached (null: the base price). */
const asDocumentLine = (line: OrderLine): DocumentLine => ({
  productId: line.productId,
  productName: line.productName,
  quantity: line.quantity,
  unitPriceCents: line.unitPriceCents,
  tierMinQuantity: line.tierMinQuantity ?? null,
  lineTotalCents: line.lineTotalCents,
});

const sameLine = (a: DocumentLine, b: DocumentLine) =>
  a.productId === b.productId &&
  a.productName === b.productName &&
  a.quantity === b.quantity &&
  a.unitPriceCents === b.unitPriceCents &&
  a.tierMinQuantity === b.tierMinQuantity &&
  a.lineTotalCents === b.lineTotalCents;

/** What an invoice states otherwise than its order as placed, and which of its own sums do not add up. */
function invoiceDifferences(invoice: InvoiceIssued['data'], placed: OrderDocuments['placed']): string[] {
  const differences: string[] = [];
  if (!placed) differences.push('no OrderPlaced of its order in the log');
  else {
    if (invoice.totalCents !== placed.totalCostCents)
      differences.push(`total ${formatCents(invoice.totalCents)}, the order's ${formatCents(placed.totalCostCents)}`);
    const expected = placed.lines.map(asDocumentLine);
    const linesDiffer = invoice.lines.length !== expected.length || invoice.lines.some((line, at) => !sameLine(line, expected[at]!));
    if (linesDiffer) differences.push(`lines ${linesText(invoice.lines)}, the order's ${linesText(expected)}`);
  }
  const subtotal = invoice.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const totals = orderTotals(subtotal);
  const sums: [string, number, number][] = [
    ['subtotal', invoice.subtotalCents, subtotal],
    ['surcharge', invoice.surchargeCents, totals.surchargeCents],
    ['shipping', invoice.shippingCents, totals.shippingCents],
    ['total', invoice.totalCents, totals.totalCostCents],
  ];
  for (const [name, stated, computed] of sums)
    if (stated !== computed) differences.push(`${name} ${formatCents(stated)} stated, ${formatCents(computed)} from its lines`);
  return differences;
}

const linesText = (lines: readonly DocumentLine[]) =>
  lines
    .map((line) => {
      const step = line.tierMinQuantity === null ? '' : ` (from ${line.tierMinQuantity})`;
      return `${line.quantity} × ${line.productId} at ${formatCents(line.unitPriceCents)}${step} = ${formatCents(line.lineTotalCents)}`;
    })
    .join(', ');
