import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditNote, invoice, lines, manyLines, seller } from '../test/fixtures.js';
import { pdfPages } from '../test/pdfText.js';
import { renderCreditNote, renderInvoice } from './render.js';

/** The whole document's text, whitespace folded (pdfjs splits wrapped cells into items). */
async function textOf(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join(' ').replace(/\s+/g, ' ');
}

/** The PDF's own syntax (dictionaries are not compressed, only streams). */
const syntaxOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('renderInvoice', () => {
  it('prints the number, the date (UTC), the order, both parties, every line, the totals and the payment', async () => {
    const text = await textOf(await renderInvoice(invoice()));
    expect(text).toContain('Invoice no. INV-2026-000042');
    // 23:59:58 UTC on the 4th: the 4th, whatever the machine's zone.
    expect(text).toContain('Date 2026-03-04');
    expect(text).toContain('Order order-7f3a');
    expect(text).toContain('ToolForge Ltd 1 Forge Lane Sheffield S1 2AB United Kingdom VAT ID GB123456789');
    expect(text).toContain('Ada Lovelace 12 St James Square London SW1Y 4JH');
    expect(text).toContain('Product Quantity Unit price Tier Line total');
    expect(text).toContain('Claw hammer 2 $12.50 — $25.00');
    expect(text).toContain('Cordless drill 18V 10 $89.99 10+ $899.90');
    expect(text).toContain('Subtotal $924.90 Tax (5%) $46.25 Shipping $50.00 Total $1021.15');
    expect(text).toContain('Paid by card (payment pi_3Nabc123)');
    expect(text).toContain('Page 1 of 1');
  });

  it('says an offline payment was by bank transfer with its reference, and nothing when the event names no payment', async () => {
    const offline = await textOf(await renderInvoice(invoice({ payment: { method: 'offline', reference: 'BANK-2026-17' } })));
    expect(offline).toContain('Paid by bank transfer (reference BANK-2026-17)');
    const unknown = await textOf(await renderInvoice(invoice({ payment: null })));
    expect(unknown).not.toContain('Paid');
    expect(unknown).toContain('Total $1021.15');
  });

  it('prints no VAT ID line for a seller without one', async () => {
    const text = await textOf(await renderInvoice(invoice({ seller: { ...seller, vatId: '' } })));
    expect(text).toContain('United Kingdom');
    expect(text).not.toContain('VAT ID');
  });

  it('embeds DejaVu Sans and refers to no standard font', async () => {
    const syntax = syntaxOf(await renderInvoice(invoice()));
    expect(syntax).toContain('/FontFile2');
    expect(syntax).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(syntax).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\n/);
    expect(syntax).not.toContain('/Type1');
    expect(syntax).not.toMatch(/Helvetica|Times|Courier/);
  });

  it('runs 50 lines over several pages, the table header on each, every line present', async () => {
    const pages = await pdfPages(await renderInvoice(invoice({ lines: manyLines(50) })));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('Product');
      expect(page).toContain('Line total');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const line of manyLines(50)) {
      expect(text).toContain(`${line.productName} ${line.quantity} $`);
    }
    expect(text.match(/Product number \d+ with/g)).toHaveLength(50);
    expect(pages.at(-1)?.replace(/\s+/g, ' ')).toContain('Total $1021.15');
  });
});

describe('renderCreditNote', () => {
  it('prints its number, the invoice it reverses, the reason, and every amount negative', async () => {
    const text = await textOf(await renderCreditNote(creditNote()));
    expect(text).toContain('Credit note Credit note no. CN-2026-000007');
    expect(text).toContain('Date 2026-03-06');
    expect(text).toContain('Claw hammer 2 -$12.50 — -$25.00');
    expect(text).toContain('Cordless drill 18V 10 -$89.99 10+ -$899.90');
    expect(text).toContain('Subtotal -$924.90 Tax (5%) -$46.25 Shipping -$50.00 Total -$1021.15');
    expect(text).toContain('Reverses invoice INV-2026-000042.');
    expect(text).toContain('Reason: Customer changed their mind');
    expect(text).not.toContain('Paid');
  });
});

describe('the same bytes at every render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is dated by its issuedAt, not by the clock, and renders the same bytes later', async () => {
    const first = await renderInvoice(invoice());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2091-07-01T12:00:00.000Z'));
    const later = await renderInvoice(invoice());
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(true);
    const syntax = syntaxOf(first);
    // CreationDate and ModDate, the only dates in the file.
    expect(syntax.match(/\(D:\d+Z\)/g)).toEqual(['(D:20260304235958Z)', '(D:20260304235958Z)']);
    expect(syntax).toContain('(ToolForge)');
  });

  it('renders the same bytes in another process', async () => {
    const child = fileURLToPath(new URL('../test/renderInChild.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [child], {
      timeout: 30_000,
      maxBuffer: 8 * 1024 * 1024,
      env: { ...process.env, TZ: 'Pacific/Kiritimati' },
    });
    const here = await renderInvoice(invoice());
    expect(Buffer.from(stdout, 'base64').equals(Buffer.from(here))).toBe(true);
  });
});

describe('hostile values', () => {
  const hostile = {
    word: 'W'.repeat(100),
    script: '<script>alert(1)</script>',
    syntax: 'Bolt ) \\ ( /Type /Catalog >> endobj',
    rtl: 'מברגה مفك',
    emoji: 'Hammer 🔨🛠️',
  };

  it('never breaks the file: long words wrap, markup and PDF syntax print as text, glyphs the font lacks do not crash', async () => {
    const names = Object.values(hostile);
    const bytes = await renderInvoice(
      invoice({
        lines: names.map((productName, index) => ({ ...lines[0]!, productId: `p-${index}`, productName })),
        buyer: { userId: 'user-1', name: hostile.syntax, address: `${hostile.word} ${hostile.script}\n${hostile.rtl}` },
        payment: { method: 'offline', reference: `${hostile.syntax} %%EOF` },
      }),
    );
    const text = await textOf(bytes);
    expect(text).toContain(`${hostile.script} 2 $12.50`);
    expect(text).toContain(`${hostile.syntax} 2 $12.50`);
    expect(text).toContain(`Paid by bank transfer (reference ${hostile.syntax} %%EOF)`);
    // The 100 W's are broken over lines of their cell, not drawn across the next columns.
    expect(text.replace(/ /g, '')).toContain(hostile.word);
    expect(text).toContain('Total $1021.15');
    expect(syntaxOf(bytes).match(/%%EOF/g)).toHaveLength(1);
  });

  it('flows a 500-character address of short lines onto further pages', async () => {
    const address = Array.from({ length: 250 }, () => 'x')
      .join('\n')
      .slice(0, 500);
    const pages = await pdfPages(
      await renderInvoice(invoice({ buyer: { userId: 'user-1', name: 'Ada', address }, seller: { ...seller, address } })),
    );
    expect(pages.length).toBeGreaterThan(2);
    const text = pages.join(' ');
    expect(text.match(/\bx\b/g)).toHaveLength(500);
    expect(text).toContain('Claw hammer');
    expect(pages.at(-1)).toContain('Total');
  });
});
