/**
 * A pdfkit document that is the same bytes at every render: pdfkit stamps a document with the
 * clock (CreationDate) and derives its trailer ID from its info dictionary, and names each embedded
 * font's subset from the font's id in the document (F1, F2: the order fonts are first used). So the
 * info is fixed here, dated by the document's own issuedAt, and nothing else varies
 * (docs/documents.md: a document renders from its event alone, the same every time).
 */
import PDFDocument from 'pdfkit';
import { FONTS } from './fonts.js';

/** A4, in points. */
export const PAGE = { width: 595.28, height: 841.89, margin: 50, top: 112, bottom: 64 } as const;

/** What the PDF's info dictionary says: its title (the document's kind and number) and date. */
export interface PdfInfo {
  readonly title: string;
  readonly issuedAt: string;
}

/** A new A4 document, pages buffered (the footers are written once the page count is known). */
export function openPdf({ title, issuedAt }: PdfInfo): PDFKit.PDFDocument {
  const date = new Date(issuedAt);
  return new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    // pdfkit loads Helvetica, a standard font, unless told its default font.
    font: FONTS.regular,
    bufferPages: true,
    info: { Title: title, Producer: 'ToolForge', Creator: 'ToolForge', CreationDate: date, ModDate: date },
  });
}

/** Ends the document and gives its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}
