import { describe, expect, it } from 'vitest';
import type { InvoiceIssued } from '@toolforge/contracts';
import { creditNoteIssued, invoiceIssued, orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { project, projectOrRefuse } from '../projection.js';

const product = productAdded({ productId: 'p-1', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
const order = orderPlaced(product, { orderId: 'o-1', userId: 'u-1', quantity: 4 }).data;
const invoice = invoiceIssued(order, { sequence: 7, issuedAt: '2026-03-01T10:00:00.000Z' });
const at = (offset: number) => ({ partition: 0, offset });

describe('documents projection', () => {
  it('keeps an invoice as its event issued it, and names it on its order in a move that leaves the status as it was', () => {
    expect(project(stored(invoice, 6))).toEqual([
      {
        kind: 'moveOrder',
        move: { orderId: 'o-1', status: null, paid: false, document: { kind: 'invoiced', number: 'INV-2026-000007' }, logPosition: at(6) },
      },
      { kind: 'issueDocument', document: { orderId: 'o-1', kind: 'invoice', number: 'INV-2026-000007', data: invoice.data } },
    ]);
  });

  it('keeps a credit note the same way, adding its number to the order’s', () => {
    const creditNote = creditNoteIssued(invoice.data, { sequence: 2, issuedAt: '2026-03-02T10:00:00.000Z' });
    expect(project(stored(creditNote, 9))).toEqual([
      {
        kind: 'moveOrder',
        move: { orderId: 'o-1', status: null, paid: false, document: { kind: 'credited', number: 'CN-2026-000002' }, logPosition: at(9) },
      },
      { kind: 'issueDocument', document: { orderId: 'o-1', kind: 'creditNote', number: 'CN-2026-000002', data: creditNote.data } },
    ]);
  });

  it('refuses a document that breaks its contract: it would be printed, and its number keys it', () => {
    const withMarkup = { ...invoice, data: { ...invoice.data, invoiceNumber: '<b>INV</b>' } };
    expect(projectOrRefuse(stored(withMarkup as InvoiceIssued, 6))).toMatchObject({
      writes: [],
      refused: expect.stringContaining('InvoiceIssued data.invoiceNumber'),
    });
    const negative = { ...invoice, data: { ...invoice.data, totalCents: -1 } };
    expect(projectOrRefuse(stored(negative, 6))).toMatchObject({ writes: [], refused: expect.stringContaining('data.totalCents') });
  });
});
