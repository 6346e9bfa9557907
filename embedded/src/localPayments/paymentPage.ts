import { createHash } from 'node:crypto';
import { formatAmount } from './amounts.js';
import type { CheckoutSession, LineItem } from './objects.js';
import { TEST_CARDS, groupedNumber } from './testCards.js';

/** Every text put into the page, escaped: the line items' names come from the shop, and through it from anyone. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1a1a1a; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
.note { margin: 0 0 1rem; padding: .5rem .75rem; background: #fff4cc; border-radius: 4px; font-weight: 600; }
ul.items { padding: 0; list-style: none; }
label { display: block; margin-top: .75rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border: 1px solid #767676; border-radius: 4px; }
.row { display: flex; gap: 1rem; } .row > div { flex: 1; }
button { margin-top: 1.25rem; width: 100%; padding: .75rem; font-size: 1rem; font-weight: 600; color: #fff; background: #1d4ed8; border: 0; border-radius: 4px; }
[role=alert] { margin: 1rem 0 0; padding: .5rem .75rem; color: #8a1c1c; background: #fde8e8; border-radius: 4px; }
a { color: #1d4ed8; }
`;

/**
 * The page's headers: nothing but its own inline style runs or loads (no script at all), no page may
 * frame it, no address leaks onwards, and no cache keeps it. No form-action: the payment's redirect
 * to the shop's success page would fall under it.
 */
export const PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

/** Which field a refusal is about, so that the page marks that input. */
export type CardField = 'card' | 'expiry' | 'cvc';

export interface PageProblem {
  readonly message: string;
  readonly field?: CardField;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="note">ToolForge test payments — development only</p>
${body}
</main>
</body>
</html>
`;
}

/** Where the customer goes once paid: Stripe fills in the session's id where the address asks for it. */
export const successUrl = (session: CheckoutSession) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

const link = (href: string | null, text: string) => (href ? `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>` : '');

/** An open session's page: what is paid for, the card's fields, and the outcome of the last attempt, if it failed. */
export function paymentPage(session: CheckoutSession, lineItems: readonly LineItem[], problem?: PageProblem): string {
  const amount = formatAmount(session.amount_total, session.currency);
  const money = (minor: number) => escapeHtml(formatAmount(minor, session.currency));
  const items = lineItems
    .map(
      (item) =>
        `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''} — ${money(item.unitAmount * item.quantity)}</li>`,
    )
    .join('\n');
  const field = (name: CardField, label: string, attributes: string) => {
    const invalid = problem?.field === name ? ' aria-invalid="true" aria-describedby="problem"' : '';
    return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" required ${attributes}${invalid}></div>`;
  };
  const cards = TEST_CARDS.map((card) => `<li><code>${groupedNumber(card.number)}</code> ${escapeHtml(card.does)}</li>`).join('\n');
  return layout(
    `Pay ${amount}`,
    `<h1>Pay ${escapeHtml(amount)}</h1>
<ul class="items">
${items}
</ul>
${session.customer_email ? `<p>Receipt to ${escapeHtml(session.customer_email)}</p>` : ''}
${problem ? `<p role="alert" id="problem">${escapeHtml(problem.message)}</p>` : ''}
<form method="post" action="/pay/${encodeURIComponent(session.id)}">
${field('card', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="40"')}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}
${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"')}
</div>
<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
${link(session.cancel_url, 'Return to the shop')}
<details><summary>Test cards</summary>
<p>Any future expiry date and any three digits as the CVC.</p>
<ul>
${cards}
</ul>
</details>`,
  );
}

/** A session that takes no more payments: paid, or expired. */
export function closedPage(session: CheckoutSession): string {
  return session.status === 'complete'
    ? layout('Paid', `<h1>This payment is complete</h1>\n<p>Nothing more to pay.</p>\n${link(successUrl(session), 'Return to the shop')}`)
    : layout(
        'Expired',
        `<h1>This payment page has expired</h1>\n<p>Nothing was paid here.</p>\n${link(session.cancel_url, 'Return to the shop')}`,
      );
}

export function missingPage(): string {
  return layout('No such payment page', '<h1>No such payment page</h1>\n<p>Return to the shop and pay the order from there.</p>');
}
