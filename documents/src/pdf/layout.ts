/**
 * The page furniture every document shares: the heading facts, the seller's and the buyer's blocks,
 * the notes, and on every page the shop's band and "Page i of n". Text is always written into a given
 * width so pdfkit wraps it (a long word is broken, never drawn off the page), and long blocks flow
 * onto new pages.
 */
import { SHOP_NAME, THEME } from '../theme.js';
import { FONTS } from './fonts.js';
import { PAGE } from './document.js';
import type { Paper } from './paper.js';

/** The printable width between the side margins. */
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BAND_HEIGHT = 72;

/** Starts a new page unless `height` more points fit on this one; true when it did. */
export function makeRoom(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= PAGE.height - PAGE.bottom) return false;
  doc.addPage();
  return true;
}

/** The document's title, then its number, date and order, one labelled row each. */
export function drawHeading(doc: PDFKit.PDFDocument, paper: Paper, rows: readonly (readonly [string, string])[]): void {
  doc.font(FONTS.bold).fontSize(22).fillColor(THEME.ink);
  doc.text(paper.title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(FONTS.regular).fontSize(10).fillColor(THEME.muted);
    doc.text(label, PAGE.margin, y, { width: 90 });
    doc.font(FONTS.regular).fontSize(10).fillColor(THEME.ink);
    doc.text(value, PAGE.margin + 90, y, { width: CONTENT_WIDTH - 90 });
  }
  doc.moveDown(1);
}

/** A party's block: a caption, the name in bold, then its lines (an address's own line breaks kept). */
export interface Party {
  readonly caption: string;
  readonly name: string;
  readonly lines: readonly string[];
}

const PARTY_GAP = 25;
const PARTY_WIDTH = (CONTENT_WIDTH - PARTY_GAP) / 2;

/** The seller's and the buyer's blocks side by side, or one under the other when they would not fit on this page. */
export function drawParties(doc: PDFKit.PDFDocument, seller: Party, buyer: Party): void {
  const height = Math.max(partyHeight(doc, seller), partyHeight(doc, buyer));
  if (doc.y + height <= PAGE.height - PAGE.bottom) {
    const top = doc.y;
    drawParty(doc, seller, PAGE.margin, top, PARTY_WIDTH);
    drawParty(doc, buyer, PAGE.margin + PARTY_WIDTH + PARTY_GAP, top, PARTY_WIDTH);
    doc.y = top + height;
  } else {
    // Too tall for the page (a long address): full width, and pdfkit flows them onto the next pages.
    drawParty(doc, seller, PAGE.margin, doc.y, CONTENT_WIDTH);
    doc.moveDown(1);
    makeRoom(doc, 40);
    drawParty(doc, buyer, PAGE.margin, doc.y, CONTENT_WIDTH);
  }
  doc.x = PAGE.margin;
  doc.moveDown(1.5);
}

function partyHeight(doc: PDFKit.PDFDocument, party: Party): number {
  let height = 0;
  doc.font(FONTS.bold).fontSize(8);
  height += doc.heightOfString(party.caption, { width: PARTY_WIDTH }) + 2;
  doc.font(FONTS.bold).fontSize(10);
  height += doc.heightOfString(party.name || ' ', { width: PARTY_WIDTH });
  doc.font(FONTS.regular).fontSize(10);
  for (const line of party.lines) height += doc.heightOfString(line || ' ', { width: PARTY_WIDTH });
  return height;
}

function drawParty(doc: PDFKit.PDFDocument, party: Party, x: number, y: number, width: number): void {
  doc.font(FONTS.bold).fontSize(8).fillColor(THEME.muted);
  doc.text(party.caption.toUpperCase(), x, y, { width });
  doc.moveDown(0.2);
  doc.font(FONTS.bold).fontSize(10).fillColor(THEME.ink);
  doc.text(party.name || ' ', x, doc.y, { width });
  doc.font(FONTS.regular).fontSize(10).fillColor(THEME.ink);
  for (const line of party.lines) doc.text(line || ' ', x, doc.y, { width });
}

/** The sentences under the totals, full width. */
export function drawNotes(doc: PDFKit.PDFDocument, notes: readonly string[]): void {
  doc.font(FONTS.regular).fontSize(10).fillColor(THEME.ink);
  for (const note of notes) {
    makeRoom(doc, 14);
    doc.text(note, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
  }
}

/**
 * The band (the shop's name, the document's kind and number) and "Page i of n" on every page, drawn
 * once all pages exist: drawn as each page is added, they would change the font and colour of text
 * that pdfkit is flowing onto that new page.
 */
export function drawFurniture(doc: PDFKit.PDFDocument, heading: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Above and below the margins: without lifting the bottom one pdfkit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(THEME.band);
    doc.rect(0, BAND_HEIGHT, PAGE.width, 4).fill(THEME.accent);
    doc.font(FONTS.bold).fontSize(20).fillColor(THEME.paper);
    doc.text(SHOP_NAME, PAGE.margin, 26, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.font(FONTS.bold).fontSize(12).fillColor(THEME.accent);
    doc.text(heading, PAGE.margin + CONTENT_WIDTH / 2, 31, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
    doc.font(FONTS.regular).fontSize(8).fillColor(THEME.muted);
    doc.text(`Page ${index - start + 1} of ${count}`, PAGE.margin, PAGE.height - 40, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** A multi-line text's lines (an address or a reason as typed, \r\n or \n). */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}
