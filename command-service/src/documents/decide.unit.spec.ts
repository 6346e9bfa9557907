import { describe, expect, it } from 'vitest';
import type { OrderCancelled, OrderPaid, SellerBlock, ShopEvent } from '@toolforge/contracts';
import {
  TEST_SELLER,
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPlaced,
  orderPlacedOf,
  productAdded,
} from '@toolforge/contracts/testing';
import { orderStates } from '../orders/orderStates.js';
import type { Decided } from '../shared/decider.js';
import { creditNoteFor, invoiceFor } from './decide.js';
import { DocumentStates } from './documentStates.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill 18V', priceCents: 10_00 });
const placed = orderPlaced(drill.data, { orderId: 'o-1', quantity: 10, userName: 'Ada Customer', shippingAddress: '1 Forge Lane' });
const other = orderPlaced(drill.data, { orderId: 'o-2', quantity: 5 });
const paidOffline = orderMoved(placed.data, 'OrderPaid') as OrderPaid;
const NOW = '2026-03-14T09:26:53.589Z';

/** Given: the write model's orders and documents folded from `events`. */
function given(events: readonly ShopEvent[]) {
  const orders = orderStates();
  const documents = new DocumentStates(orders);
  for (const [index, event] of events.entries()) {
    const folded = {
      ...event,
      streamId: String((event.data as { orderId?: string }).orderId),
      streamPosition: index + 1,
      position: undefined,
    };
    orders.apply(folded);
    documents.apply(folded);
  }
  return documents;
}

/** When: `fact` is decided at `now` (alone in its append unless `earlier` says more), by the seller `seller`. */
const context = (fact: Decided, now = NOW, { earlier = [], seller = TEST_SELLER }: { earlier?: Decided[]; seller?: SellerBlock } = {}) => ({
  now: new Date(now),
  earlier: [...earlier, fact],
  seller,
});
const invoiceOf = (documents: DocumentStates, paid: Decided<OrderPaid>, now = NOW, options?: Parameters<typeof context>[2]) =>
  invoiceFor(paid, context(paid, now, options), documents);
const creditNoteOf = (documents: DocumentStates, cancelled: Decided<OrderCancelled>, now = NOW, options?: Parameters<typeof context>[2]) =>
  creditNoteFor(cancelled, context(cancelled, now, options), documents);
const numbersOf = (facts: readonly Decided[]) =>
  facts.map((fact) =>
    fact.type === 'CreditNoteIssued' ? fact.data.creditNoteNumber : fact.type === 'InvoiceIssued' ? fact.data.invoiceNumber : '',
  );

describe('documents: the invoice an order’s payment owes', () => {
  it('states the order as placed, for its total, paid offline with the transfer’s reference, numbered first of the year', () => {
    const [invoice] = invoiceOf(given([placed]), paidOffline);
    const expected = invoiceIssued(placed.data, { sequence: 1, issuedAt: NOW, payment: { method: 'offline', reference: 'TRANSFER-o-1' } });
    expect(invoice).toEqual({ type: 'InvoiceIssued', data: expected.data });
    expect(invoice!.data).toMatchObject({
      invoiceNumber: 'INV-2026-000001',
      buyer: { userId: placed.data.userId, name: 'Ada Customer', address: '1 Forge Lane' },
      // 10 x 10.00 = 100.00, + 5.00, + 50.00: the order's own total.
      subtotalCents: 100_00,
      totalCents: placed.data.totalCostCents,
    });
  });

  it('names the provider’s payment of a card payment, and no payment when the order says none', () => {
    const byCard = orderPaidByCard(placed.data, { paymentId: 'pi_42' });
    expect(invoiceOf(given([placed]), byCard)[0]!.data.payment).toEqual({ method: 'card', reference: 'pi_42' });
    const unsaid: Decided<OrderPaid> = { type: 'OrderPaid', data: { orderId: 'o-1', payment: null } };
    expect(invoiceOf(given([placed]), unsaid)[0]!.data.payment).toBeNull();
  });

  it('prints the ladder step each line reached, null at the base price', () => {
    const tiered = productAdded({
      productId: 'p-saw',
      name: 'Panel Saw',
      priceCents: 25_00,
      priceTiers: [{ minQuantity: 10, unitPriceCents: 20_00 }],
    });
    const lines = [{ ...orderLine(tiered.data, 10), tierMinQuantity: 10 }, orderLine(drill.data, 5)];
    const order = orderPlacedOf(lines, { orderId: 'o-3' });
    const [invoice] = invoiceOf(given([order]), orderMoved(order.data, 'OrderPaid') as OrderPaid);
    expect(invoice!.data.lines.map((line) => [line.productId, line.unitPriceCents, line.tierMinQuantity])).toEqual([
      ['p-saw', 20_00, 10],
      ['p-drill', 10_00, null],
    ]);
  });

  it('numbers on from the last invoice of the year in the log, and from one taken earlier in the same append', () => {
    const documents = given([other, invoiceIssued(other.data, { sequence: 41, issuedAt: '2026-01-02T00:00:00.000Z' }), placed]);
    expect(numbersOf(invoiceOf(documents, paidOffline))).toEqual(['INV-2026-000042']);
    const takenAlready = invoiceIssued(other.data, { sequence: 42, issuedAt: NOW });
    expect(numbersOf(invoiceOf(documents, paidOffline, NOW, { earlier: [takenAlready] }))).toEqual(['INV-2026-000043']);
  });

  it('starts each year (UTC) at 000001 again: the last instant of Dec 31 is the old year’s, the first of Jan 1 the new one’s', () => {
    const documents = given([other, invoiceIssued(other.data, { sequence: 7, issuedAt: '2026-12-31T23:59:59.000Z' }), placed]);
    expect(numbersOf(invoiceOf(documents, paidOffline, '2026-12-31T23:59:59.999Z'))).toEqual(['INV-2026-000008']);
    const [newYear] = invoiceOf(documents, paidOffline, '2027-01-01T00:00:00.000Z');
    expect(newYear!.data).toMatchObject({ invoiceNumber: 'INV-2027-000001', issuedAt: '2027-01-01T00:00:00.000Z' });
    // Past midnight in Tokyo, still Dec 31 in UTC: the year is UTC's.
    expect(numbersOf(invoiceOf(documents, paidOffline, '2026-12-31T23:30:00+09:00'))).toEqual(['INV-2026-000008']);
  });

  it('keeps each kind’s own sequence: credit notes do not move the invoices’ numbers, nor invoices theirs', () => {
    const invoice = invoiceIssued(other.data, { sequence: 3, issuedAt: NOW });
    const documents = given([other, invoice, creditNoteIssued(invoice.data, { sequence: 1, issuedAt: NOW }), placed]);
    expect(numbersOf(invoiceOf(documents, paidOffline))).toEqual(['INV-2026-000004']);
  });

  it('never issues a second invoice: not for an order paid already, nor twice in one append, nor for an order never placed', () => {
    const invoiced = given([placed, paidOffline, invoiceIssued(placed.data, { sequence: 1, issuedAt: NOW })]);
    expect(invoiceOf(invoiced, paidOffline)).toEqual([]);
    const [first] = invoiceOf(given([placed]), paidOffline);
    expect(invoiceOf(given([placed]), paidOffline, NOW, { earlier: [paidOffline, first!] })).toEqual([]);
    expect(invoiceOf(given([]), paidOffline)).toEqual([]);
    // An order placed, then cancelled unpaid: nothing to invoice.
    expect(invoiceOf(given([placed, orderCancelled(placed.data)]), paidOffline)).toEqual([]);
  });
});

describe('documents: the credit note a paid order’s cancellation owes', () => {
  const invoice = invoiceIssued(placed.data, { sequence: 5, issuedAt: '2026-03-01T10:00:00.000Z' });
  const cancelledByAdmin = orderCancelled(placed.data, { reason: 'Out of stock at the supplier', by: 'admin' });

  it('reverses the invoice in full, with the cancellation’s reason, the seller as now, numbered first of the year', () => {
    const sellerNow: SellerBlock = { name: 'ToolForge Works Ltd', address: '2 Anvil Road', vatId: 'GB999' };
    const [note] = creditNoteOf(given([placed, paidOffline, invoice]), cancelledByAdmin, NOW, { seller: sellerNow });
    const expected = creditNoteIssued(invoice.data, { sequence: 1, issuedAt: NOW, reason: 'Out of stock at the supplier' });
    expect(note).toEqual({ type: 'CreditNoteIssued', data: { ...expected.data, seller: sellerNow } });
    expect(note!.data).toMatchObject({
      creditNoteNumber: 'CN-2026-000001',
      invoiceNumber: 'INV-2026-000005',
      totalCents: invoice.data.totalCents,
    });
  });

  it('numbers on from the last credit note of the year', () => {
    const earlierNote = creditNoteIssued(invoiceIssued(other.data, { sequence: 1, issuedAt: NOW }).data, { sequence: 12, issuedAt: NOW });
    const documents = given([other, earlierNote, placed, paidOffline, invoice]);
    expect(numbersOf(creditNoteOf(documents, cancelledByAdmin))).toEqual(['CN-2026-000013']);
  });

  it('owes none for an order cancelled unpaid, one without an invoice, one reversed already, or one shipped', () => {
    expect(creditNoteOf(given([placed]), cancelledByAdmin)).toEqual([]);
    // Paid before the shop issued invoices: nothing to reverse.
    expect(creditNoteOf(given([placed, paidOffline]), cancelledByAdmin)).toEqual([]);
    const reversed = creditNoteIssued(invoice.data, { sequence: 1, issuedAt: NOW });
    expect(creditNoteOf(given([placed, paidOffline, invoice, cancelledByAdmin, reversed]), cancelledByAdmin)).toEqual([]);
    const shipped = orderMoved(placed.data, 'OrderShipped');
    expect(creditNoteOf(given([placed, paidOffline, invoice, shipped]), cancelledByAdmin)).toEqual([]);
    const [first] = creditNoteOf(given([placed, paidOffline, invoice]), cancelledByAdmin);
    expect(creditNoteOf(given([placed, paidOffline, invoice]), cancelledByAdmin, NOW, { earlier: [cancelledByAdmin, first!] })).toEqual([]);
  });

  it('remembers which orders were ever invoiced and reversed, after their documents’ data is gone', () => {
    const reversed = creditNoteIssued(invoice.data, { sequence: 1, issuedAt: NOW });
    const documents = given([placed, paidOffline, invoice, cancelledByAdmin, reversed, other]);
    expect([documents.hasInvoice('o-1'), documents.hasCreditNote('o-1'), documents.reversibleInvoice('o-1')]).toEqual([
      true,
      true,
      undefined,
    ]);
    expect([documents.hasInvoice('o-2'), documents.hasCreditNote('o-2'), documents.hasInvoice('never-placed')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
