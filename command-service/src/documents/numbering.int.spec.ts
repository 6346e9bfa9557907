import { describe, expect, it } from 'vitest';
import { documentNumber, type CreditNoteIssued, type InvoiceIssued, type OrderPlaced } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { readEvents } from '@toolforge/platform/testing';
import { useShop } from '../test/harness.js';

const ORDERS = 40;
const CANCELLED = 10;

/**
 * The numbers the one writer decides (docs/documents.md), through the HTTP routes on the embedded
 * log: orders paid all at once are invoiced 1..N in their year without a gap or a repeat, each once
 * for its total; paid orders cancelled at once get credit notes 1..M, each reversing its invoice.
 */
describe('invoice and credit-note numbers under concurrent commands', () => {
  const given = useShop();

  it('numbers every invoice and credit note once, contiguously, each for its own order', { timeout: 90_000 }, async () => {
    const { shop, admin, customer } = given;
    const productId = await shop.addProduct(admin, { stock: '10000', minOrder: '1' });
    const orderIds: string[] = [];
    for (let index = 0; index < ORDERS; index += 1) orderIds.push(await shop.placeOrder(customer, productId, 1 + (index % 3)));
    const command = (orderId: string, url: string, payload: object) =>
      shop.send({ method: 'POST', url: `/orders/${orderId}/${url}`, token: admin.accessToken, payload });

    const paid = await Promise.all(
      orderIds.map((orderId, index) => command(orderId, 'status', { status: 'paid', reference: `TRANSFER-${index}` })),
    );
    expect(paid.map((answer) => answer.statusCode)).toEqual(orderIds.map(() => 200));
    const cancelledIds = orderIds.filter((_, index) => index % 4 === 0).slice(0, CANCELLED);
    const cancelled = await Promise.all(cancelledIds.map((orderId) => command(orderId, 'cancel', { reason: 'Out of stock' })));
    expect(cancelled.map((answer) => answer.statusCode)).toEqual(cancelledIds.map(() => 200));

    const events = (await readEvents(shop.log)).filter((event) => orderIds.includes(event.streamId));
    const invoices = events.filter((event): event is StoredEvent<InvoiceIssued> => event.type === 'InvoiceIssued');
    const notes = events.filter((event): event is StoredEvent<CreditNoteIssued> => event.type === 'CreditNoteIssued');
    const year = new Date(invoices[0]!.data.issuedAt).getUTCFullYear();
    const numbers = (kind: 'invoice' | 'creditNote', count: number) =>
      Array.from({ length: count }, (_, index) => documentNumber({ kind, year, sequence: index + 1 }));

    // In log order: 1..N, no gap, no repeat.
    expect(invoices.map((event) => event.data.invoiceNumber)).toEqual(numbers('invoice', ORDERS));
    expect(notes.map((event) => event.data.creditNoteNumber)).toEqual(numbers('creditNote', CANCELLED));
    for (const orderId of orderIds) {
      const stream = events.filter((event) => event.streamId === orderId);
      const placed = stream.find((event): event is StoredEvent<OrderPlaced> => event.type === 'OrderPlaced')!;
      const own = invoices.filter((event) => event.streamId === orderId);
      expect(own, orderId).toHaveLength(1);
      expect(own[0]!.data).toMatchObject({ orderId, totalCents: placed.data.totalCostCents, payment: { method: 'offline' } });
      // Right after its payment, in the same append: the same command, the same instant.
      const payment = stream.find((event) => event.type === 'OrderPaid')!;
      expect(own[0]!.streamPosition).toBe(payment.streamPosition + 1);
      expect(own[0]!.meta).toMatchObject({ commandId: payment.meta.commandId, occurredAt: payment.meta.occurredAt });
      const reversal = notes.filter((event) => event.streamId === orderId);
      expect(
        reversal.map((event) => event.data.invoiceNumber),
        orderId,
      ).toEqual(cancelledIds.includes(orderId) ? [own[0]!.data.invoiceNumber] : []);
    }
  });
});
