/**
 * The HTML part of an order e-mail, in the shop's look: the dark band with the orange accent, a
 * white card, the lines and totals in a table, and a button to My Orders. Tables and inline styles
 * only, since e-mail clients drop stylesheets and most of CSS layout. Every value is escaped here,
 * once, at the point it enters the markup (escape.ts).
 */
import { SHOP_NAME, THEME } from '../theme.js';
import type { OrderEmailFacts } from './compose.js';
import { escapeHtml as e } from './escape.js';
import { myOrdersUrl, summaryOf, type SummaryLine } from './summary.js';
import type { Wording } from './wording.js';

const FONT = 'font-family:Helvetica,Arial,sans-serif;';
const CELL = `${FONT}font-size:14px;color:${THEME.ink};padding:8px 6px;border-bottom:1px solid ${THEME.rule};`;
const HEAD = `${FONT}font-size:12px;color:${THEME.muted};padding:8px 6px;background:${THEME.shade};text-align:left;`;

export function emailHtml(facts: OrderEmailFacts, wording: Wording): string {
  const summary = summaryOf(facts);
  const url = myOrdersUrl(facts.shopUrl);
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${e(wording.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${THEME.shade};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${THEME.shade};">`,
    '<tr><td align="center" style="padding:24px 12px;">',
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:${THEME.paper};">`,
    `<tr><td style="background:${THEME.band};border-bottom:4px solid ${THEME.accent};padding:20px 24px;${FONT}font-size:22px;font-weight:bold;color:${THEME.paper};">${e(SHOP_NAME)}</td></tr>`,
    `<tr><td style="padding:24px;">`,
    `<h1 style="${FONT}font-size:22px;color:${THEME.ink};margin:0 0 16px;">${e(wording.headline)}</h1>`,
    `<p style="${FONT}font-size:14px;color:${THEME.ink};margin:0 0 12px;">Hello ${e(facts.customerName)},</p>`,
    ...wording.paragraphs.map(
      (paragraph) => `<p style="${FONT}font-size:14px;color:${THEME.ink};margin:0 0 12px;">${multiline(paragraph)}</p>`,
    ),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">`,
    `<tr><th style="${HEAD}">Product</th><th style="${HEAD}text-align:right;">Quantity</th><th style="${HEAD}text-align:right;">Unit price</th><th style="${HEAD}text-align:right;">Line total</th></tr>`,
    ...summary.lines.map(lineRow),
    ...summary.totals.map(([label, amount], index) => totalRow(label, amount, index === summary.totals.length - 1)),
    '</table>',
    `<p style="${FONT}font-size:12px;color:${THEME.muted};margin:16px 0 4px;text-transform:uppercase;">Shipping address</p>`,
    `<p style="${FONT}font-size:14px;color:${THEME.ink};margin:0 0 20px;">${multiline(facts.shippingAddress)}</p>`,
    `<p style="margin:24px 0 0;"><a href="${e(url)}" style="${FONT}display:inline-block;background:${THEME.accent};color:${THEME.ink};font-size:14px;font-weight:bold;text-decoration:none;padding:10px 18px;border-radius:4px;">View your orders</a></p>`,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;${FONT}font-size:12px;color:${THEME.muted};border-top:1px solid ${THEME.rule};">${e(SHOP_NAME)} · <a href="${e(url)}" style="color:${THEME.muted};">${e(url)}</a></td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

function lineRow(line: SummaryLine): string {
  return (
    `<tr><td style="${CELL}">${e(line.product)}</td><td style="${CELL}text-align:right;">${e(line.quantity)}</td>` +
    `<td style="${CELL}text-align:right;">${e(line.unitPrice)}</td><td style="${CELL}text-align:right;">${e(line.lineTotal)}</td></tr>`
  );
}

function totalRow(label: string, amount: string, grand: boolean): string {
  const style = `${FONT}font-size:${grand ? 16 : 14}px;${grand ? 'font-weight:bold;' : ''}color:${THEME.ink};padding:6px;text-align:right;`;
  return `<tr><td colspan="3" style="${style}">${e(label)}</td><td style="${style}">${e(amount)}</td></tr>`;
}

/** Escaped text whose own line breaks (an address, a reason) become <br>. */
function multiline(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => e(line))
    .join('<br>');
}
