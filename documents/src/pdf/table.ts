/**
 * The lines' table and the totals under it. A row is as tall as its tallest wrapped cell; a row that
 * does not fit starts a new page, which repeats the table's header, so 50 lines read as one table.
 */
import type { DocumentLine } from '@toolforge/contracts';
import { dollars, tierLabel } from '../money.js';
import { THEME } from '../theme.js';
import { FONTS } from './fonts.js';
import { PAGE } from './document.js';
import { CONTENT_WIDTH, makeRoom } from './layout.js';

interface Column {
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly cell: (line: DocumentLine, sign: 1 | -1) => string;
}

const COLUMNS: readonly Column[] = [
  { title: 'Product', width: CONTENT_WIDTH - 300, align: 'left', cell: (line) => line.productName },
  { title: 'Quantity', width: 60, align: 'right', cell: (line) => String(line.quantity) },
  { title: 'Unit price', width: 80, align: 'right', cell: (line, sign) => dollars(sign * line.unitPriceCents) },
  { title: 'Tier', width: 60, align: 'right', cell: (line) => tierLabel(line.tierMinQuantity) },
  { title: 'Line total', width: 100, align: 'right', cell: (line, sign) => dollars(sign * line.lineTotalCents) },
];

const PAD = 4;
const FONT_SIZE = 9;

/** The table of lines, its header repeated on every page it runs onto. */
export function drawLines(doc: PDFKit.PDFDocument, lines: readonly DocumentLine[], sign: 1 | -1): void {
  drawRow(
    doc,
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const line of lines) {
    const cells = COLUMNS.map((column) => column.cell(line, sign));
    if (makeRoom(doc, rowHeight(doc, cells)))
      drawRow(
        doc,
        COLUMNS.map((column) => column.title),
        true,
      );
    drawRow(doc, cells, false);
  }
  doc.moveDown(0.8);
}

function rowHeight(doc: PDFKit.PDFDocument, cells: readonly string[], header = false): number {
  doc.font(header ? FONTS.bold : FONTS.regular).fontSize(FONT_SIZE);
  const heights = cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: columnWidth(index) - 2 * PAD }));
  return Math.max(...heights) + 2 * PAD;
}

function columnWidth(index: number): number {
  return COLUMNS[index]?.width ?? 0;
}

function drawRow(doc: PDFKit.PDFDocument, cells: readonly string[], header: boolean): void {
  const height = rowHeight(doc, cells, header);
  const top = doc.y;
  if (header) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill(THEME.shade);
  doc
    .font(header ? FONTS.bold : FONTS.regular)
    .fontSize(FONT_SIZE)
    .fillColor(header ? THEME.muted : THEME.ink);
  let x = PAGE.margin;
  cells.forEach((cell, index) => {
    const column = COLUMNS[index];
    if (column === undefined) return;
    doc.text(cell || ' ', x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.align });
    x += column.width;
  });
  doc
    .moveTo(PAGE.margin, top + height)
    .lineTo(PAGE.margin + CONTENT_WIDTH, top + height)
    .lineWidth(0.5)
    .stroke(THEME.rule);
  doc.x = PAGE.margin;
  doc.y = top + height;
}

/** A total's label and amount. */
export interface Total {
  readonly label: string;
  readonly cents: number;
  /** The last one, the sum: in bold over a rule. */
  readonly grand?: boolean;
}

const LABEL_WIDTH = 150;
const AMOUNT_WIDTH = 100;

/** The totals, right-aligned under the table's amounts. */
export function drawTotals(doc: PDFKit.PDFDocument, totals: readonly Total[]): void {
  makeRoom(doc, totals.length * 18 + 10);
  const amountX = PAGE.margin + CONTENT_WIDTH - AMOUNT_WIDTH;
  const labelX = amountX - LABEL_WIDTH;
  for (const total of totals) {
    if (total.grand) {
      doc
        .moveTo(labelX, doc.y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
        .lineWidth(1)
        .stroke(THEME.ink);
      doc.moveDown(0.3);
    }
    const y = doc.y;
    doc
      .font(total.grand ? FONTS.bold : FONTS.regular)
      .fontSize(total.grand ? 11 : 10)
      .fillColor(THEME.ink);
    doc.text(total.label, labelX, y, { width: LABEL_WIDTH - PAD, align: 'right' });
    const labelEnd = doc.y;
    doc.text(dollars(total.cents), amountX, y, { width: AMOUNT_WIDTH - PAD, align: 'right' });
    doc.y = Math.max(labelEnd, doc.y) + 2;
  }
  doc.x = PAGE.margin;
  doc.moveDown(1);
}
