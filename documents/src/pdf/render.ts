/**
 * An invoice or a credit note as PDF, from its event's data alone (docs/documents.md): each says how
 * it fills the one paper (paper.ts) and the paper is laid out the same way for both, the same bytes
 * every time it is rendered (document.ts).
 */
import { TAX_PERCENT, type CreditNoteIssued, type InvoiceIssued } from '@toolforge/contracts';
import { openPdf, pdfBytes } from './document.js';
import { drawFurniture, drawHeading, drawNotes, drawParties, linesOf } from './layout.js';
import { printedDate, type Paper } from './paper.js';
import { drawLines, drawTotals } from './table.js';

/** An invoice as PDF. */
export function renderInvoice(invoice: InvoiceIssued['data']): Promise<Uint8Array> {
  return renderPaper({ ...bodyOf(invoice), title: 'Invoice', number: invoice.invoiceNumber, sign: 1, notes: paymentNote(invoice.payment) });
}

/** A credit note as PDF: its invoice reversed, every amount negative. */
export function renderCreditNote(creditNote: CreditNoteIssued['data']): Promise<Uint8Array> {
  return renderPaper({
    ...bodyOf(creditNote),
    title: 'Credit note',
    number: creditNote.creditNoteNumber,
    sign: -1,
    notes: [`Reverses invoice ${creditNote.invoiceNumber}.`, `Reason: ${creditNote.reason}`],
  });
}

type Body = InvoiceIssued['data'] | CreditNoteIssued['data'];

function bodyOf(data: Body): Omit<Paper, 'title' | 'number' | 'sign' | 'notes'> {
  const { orderId, issuedAt, seller, buyer, lines, subtotalCents, surchargeCents, shippingCents, totalCents } = data;
  return { orderId, issuedAt, seller, buyer, lines, subtotalCents, surchargeCents, shippingCents, totalCents };
}

/** How the invoiced order was paid, when its event says. */
function paymentNote(payment: InvoiceIssued['data']['payment']): string[] {
  if (payment === null) return [];
  return payment.method === 'card'
    ? [`Paid by card (payment ${payment.reference})`]
    : [`Paid by bank transfer (reference ${payment.reference})`];
}

async function renderPaper(paper: Paper): Promise<Uint8Array> {
  const heading = `${paper.title} ${paper.number}`;
  const doc = openPdf({ title: heading, issuedAt: paper.issuedAt });
  drawHeading(doc, paper, [
    [`${paper.title} no.`, paper.number],
    ['Date', printedDate(paper.issuedAt)],
    ['Order', paper.orderId],
  ]);
  const { seller, buyer } = paper;
  drawParties(
    doc,
    { caption: 'Seller', name: seller.name, lines: [...linesOf(seller.address), ...(seller.vatId ? [`VAT ID ${seller.vatId}`] : [])] },
    { caption: 'Billed to', name: buyer.name, lines: linesOf(buyer.address) },
  );
  drawLines(doc, paper.lines, paper.sign);
  drawTotals(doc, [
    { label: 'Subtotal', cents: paper.sign * paper.subtotalCents },
    { label: `Tax (${TAX_PERCENT}%)`, cents: paper.sign * paper.surchargeCents },
    { label: 'Shipping', cents: paper.sign * paper.shippingCents },
    { label: 'Total', cents: paper.sign * paper.totalCents, grand: true },
  ]);
  drawNotes(doc, paper.notes);
  drawFurniture(doc, heading);
  return pdfBytes(doc);
}
