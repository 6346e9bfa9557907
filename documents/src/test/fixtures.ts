/** Documents' data as their events carry them, for the documents' specs. */
import type { CreditNoteIssued, DocumentLine, InvoiceIssued } from '@toolforge/contracts';

export const seller = { name: 'ToolForge Ltd', address: '1 Forge Lane\nSheffield S1 2AB\nUnited Kingdom', vatId: 'GB123456789' };

export const lines: DocumentLine[] = [
  { productId: 'p-hammer', productName: 'Claw hammer', quantity: 2, unitPriceCents: 1250, tierMinQuantity: null, lineTotalCents: 2500 },
  {
    productId: 'p-drill',
    productName: 'Cordless drill 18V',
    quantity: 10,
    unitPriceCents: 8999,
    tierMinQuantity: 10,
    lineTotalCents: 89990,
  },
];

export function invoice(overrides: Partial<InvoiceIssued['data']> = {}): InvoiceIssued['data'] {
  return {
    orderId: 'order-7f3a',
    invoiceNumber: 'INV-2026-000042',
    issuedAt: '2026-03-04T23:59:58.123Z',
    seller,
    buyer: { userId: 'user-1', name: 'Ada Lovelace', address: '12 St James Square\nLondon SW1Y 4JH' },
    lines,
    subtotalCents: 92490,
    surchargeCents: 4625,
    shippingCents: 5000,
    totalCents: 102115,
    payment: { method: 'card', reference: 'pi_3Nabc123' },
    ...overrides,
  };
}

export function creditNote(overrides: Partial<CreditNoteIssued['data']> = {}): CreditNoteIssued['data'] {
  const { payment: _payment, ...body } = invoice();
  return {
    ...body,
    issuedAt: '2026-03-06T10:00:00.000Z',
    creditNoteNumber: 'CN-2026-000007',
    reason: 'Customer changed their mind',
    ...overrides,
  };
}

/** n lines, each a different product, named so a test can find every one. */
export function manyLines(n: number): DocumentLine[] {
  return Array.from({ length: n }, (_, index) => ({
    productId: `p-${index + 1}`,
    productName: `Product number ${index + 1} with a name long enough to wrap onto a second line of its cell`,
    quantity: index + 1,
    unitPriceCents: 100 + index,
    tierMinQuantity: index % 2 === 0 ? null : index,
    lineTotalCents: (index + 1) * (100 + index),
  }));
}
