import { describe, expect, it } from 'vitest';
import { documentNumber, documentNumberParts, documentYear } from './numbers.js';
import { documentEvents } from './events.js';
import { creditNoteIssued, invoiceIssued, orderPlaced, productAdded } from '../testing/index.js';

describe('document numbers', () => {
  it('spell a year and a sequence of six digits at least, and read back', () => {
    expect(documentNumber({ kind: 'invoice', year: 2026, sequence: 1 })).toBe('INV-2026-000001');
    expect(documentNumber({ kind: 'creditNote', year: 2027, sequence: 1_234_567 })).toBe('CN-2027-1234567');
    expect(documentNumberParts('INV-2026-000042')).toEqual({ kind: 'invoice', year: 2026, sequence: 42 });
    expect(documentNumberParts('CN-2027-1234567')).toEqual({ kind: 'creditNote', year: 2027, sequence: 1_234_567 });
  });

  it('have one spelling: other text is no number', () => {
    for (const text of [
      'INV-2026-00001',
      'INV-2026-0000001',
      'INV-2026-000000',
      'inv-2026-000001',
      'INV-26-000001',
      'INV-2026-00000a',
      'INV-2026-000001-1',
      'XX-2026-000001',
      ' INV-2026-000001',
      'INV-2026-+00001',
    ]) {
      expect(documentNumberParts(text), text).toBeUndefined();
    }
  });

  it('refuse a sequence below 1 or a year that is not four digits', () => {
    expect(() => documentNumber({ kind: 'invoice', year: 2026, sequence: 0 })).toThrow(RangeError);
    expect(() => documentNumber({ kind: 'invoice', year: 20260, sequence: 1 })).toThrow(RangeError);
  });

  it('are numbered in the UTC year of the document', () => {
    expect(documentYear(new Date('2026-12-31T23:59:59.999Z'))).toBe(2026);
    expect(documentYear(new Date('2027-01-01T00:00:00.000Z'))).toBe(2027);
  });
});

describe('the documents’ events', () => {
  const order = orderPlaced(productAdded({ priceCents: 2500 }).data).data;
  const invoice = invoiceIssued(order, { sequence: 7, issuedAt: '2026-11-28T08:00:00.000Z' }).data;

  it('hold an invoice and its credit note as the builders make them', () => {
    expect(documentEvents.schemas.InvoiceIssued.safeParse(invoice).error?.issues).toBeUndefined();
    const credit = creditNoteIssued(invoice, { issuedAt: '2026-11-29T08:00:00.000Z' }).data;
    expect(documentEvents.schemas.CreditNoteIssued.safeParse(credit).success).toBe(true);
  });

  it('refuse a number of the other kind, and a date in another spelling', () => {
    expect(documentEvents.schemas.InvoiceIssued.safeParse({ ...invoice, invoiceNumber: 'CN-2026-000007' }).success).toBe(false);
    expect(documentEvents.schemas.InvoiceIssued.safeParse({ ...invoice, issuedAt: '2026-11-28T08:00:00Z' }).success).toBe(false);
  });
});
