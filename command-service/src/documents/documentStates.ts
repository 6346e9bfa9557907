import { documentNumberParts, type DocumentKind, type InvoiceIssued, type OrderPlaced } from '@toolforge/contracts';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';

/** An order's placed data, as its invoice states it: kept only while it awaits its payment. */
export type BillableOrder = OrderPlaced['data'];
/** An invoice, kept only while its order may still be cancelled (paid, not yet shipped). */
export type Invoice = InvoiceIssued['data'];

/** What the documents' decisions read of the write model. */
export interface DocumentsView {
  /** The order's placed data while it is pending (not yet paid or cancelled): what its invoice states. */
  billableOrder(orderId: string): BillableOrder | undefined;
  /** The order's invoice while a cancellation would reverse it (paid, not shipped, no credit note yet). */
  reversibleInvoice(orderId: string): Invoice | undefined;
  /** The last sequence of `kind` issued in `year` (UTC): 0 before the first. */
  lastSequence(kind: DocumentKind, year: number): number;
}

/** A row's flags: which documents its order has. */
const INVOICED = 1;
const CREDITED = 2;
const FIRST_ROWS = 1024;

/**
 * The write model's documents (docs/documents.md): each year's last invoice and credit-note
 * number, folded from the log, so that the next decision takes the next one (a number lost with a
 * failed append is taken again); and per order only what a decision still needs, for as long as it
 * may need it: its placed data until it is paid (or cancelled unpaid), its invoice until it can no
 * longer be cancelled (shipped, or cancelled). Whether an order ever had an invoice or a credit note
 * is one byte in a column by the order's row (orders/orderStates.ts): a million orders cost a megabyte
 * here (docs/architecture.md#4-the-command-side, the write model).
 */
export class DocumentStates implements WriteModelPart, DocumentsView {
  private readonly billable = new Map<string, BillableOrder>();
  private readonly reversible = new Map<string, Invoice>();
  /** By `${kind}/${year}`: the last sequence issued. */
  private readonly sequences = new Map<string, number>();
  private flags = new Uint8Array(FIRST_ROWS);

  /** `rowOf`: the orders' rows, applied before this part (the documents feature is built after the orders'). */
  constructor(private readonly orders: { rowOf(orderId: string): number | undefined }) {}

  apply(event: ModelEvent): void {
    switch (event.type) {
      case 'OrderPlaced':
        this.billable.set(event.data.orderId, event.data);
        return;
      case 'OrderPaid':
        this.billable.delete(event.data.orderId);
        return;
      case 'OrderShipped':
        this.reversible.delete(event.data.orderId);
        return;
      case 'OrderCancelled':
        this.billable.delete(event.data.orderId);
        this.reversible.delete(event.data.orderId);
        return;
      case 'InvoiceIssued':
        this.issued('invoice', event.data.invoiceNumber, event.data.orderId, INVOICED);
        this.reversible.set(event.data.orderId, event.data);
        return;
      case 'CreditNoteIssued':
        this.issued('creditNote', event.data.creditNoteNumber, event.data.orderId, CREDITED);
        this.reversible.delete(event.data.orderId);
        return;
      default:
        return;
    }
  }

  clear(): void {
    this.billable.clear();
    this.reversible.clear();
    this.sequences.clear();
    this.flags = new Uint8Array(FIRST_ROWS);
  }

  billableOrder(orderId: string): BillableOrder | undefined {
    return this.billable.get(orderId);
  }

  reversibleInvoice(orderId: string): Invoice | undefined {
    return this.reversible.get(orderId);
  }

  lastSequence(kind: DocumentKind, year: number): number {
    return this.sequences.get(`${kind}/${year}`) ?? 0;
  }

  /** Whether the order was ever invoiced (its "paid" e-mail has been owed). */
  hasInvoice(orderId: string): boolean {
    return this.flagged(orderId, INVOICED);
  }

  /** Whether the order's invoice was ever reversed. */
  hasCreditNote(orderId: string): boolean {
    return this.flagged(orderId, CREDITED);
  }

  private issued(kind: DocumentKind, documentNumber: string, orderId: string, flag: number): void {
    // The contract lets only well-formed numbers of their kind into the log.
    const parts = documentNumberParts(documentNumber);
    if (parts?.kind === kind) {
      const key = `${kind}/${parts.year}`;
      this.sequences.set(key, Math.max(this.sequences.get(key) ?? 0, parts.sequence));
    }
    const row = this.orders.rowOf(orderId);
    if (row === undefined) return;
    if (row >= this.flags.length) {
      const larger = new Uint8Array(Math.max(this.flags.length * 2, row + 1));
      larger.set(this.flags);
      this.flags = larger;
    }
    this.flags[row] = this.flags[row]! | flag;
  }

  private flagged(orderId: string, flag: number): boolean {
    const row = this.orders.rowOf(orderId);
    return row !== undefined && row < this.flags.length && (this.flags[row]! & flag) !== 0;
  }
}
