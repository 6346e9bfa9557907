import { EXPIRED_REASON, ORDER_EMAILS } from '@toolforge/contracts';
import { describe, expect, it } from 'vitest';
import { composeOrderEmail, type OrderEmailFacts } from './compose.js';

function facts(overrides: Partial<OrderEmailFacts> = {}): OrderEmailFacts {
  return {
    email: 'placed',
    orderId: 'order-7f3a',
    customerName: 'Ada Lovelace',
    lines: [
      { productName: 'Claw hammer', quantity: 2, unitPriceCents: 1250, lineTotalCents: 2500 },
      { productName: 'Cordless drill 18V', quantity: 10, unitPriceCents: 8999, lineTotalCents: 89990 },
    ],
    subtotalCents: 92490,
    surchargeCents: 4625,
    shippingCents: 5000,
    totalCents: 102115,
    shippingAddress: '12 St James Square\nLondon SW1Y 4JH',
    shopUrl: 'https://shop.example/',
    ...overrides,
  };
}

describe('composeOrderEmail', () => {
  it.each([
    ['placed', 'Your ToolForge order order-7f3a is confirmed', 'We have received your order order-7f3a.'],
    ['paid', 'Your ToolForge order order-7f3a is paid', 'We have received the payment for your order order-7f3a.'],
    ['shipped', 'Your ToolForge order order-7f3a has shipped', 'Your order order-7f3a has left our warehouse'],
    ['delivered', 'Your ToolForge order order-7f3a was delivered', 'Your order order-7f3a was delivered.'],
    ['cancelled', 'Your ToolForge order order-7f3a is cancelled', 'Your order order-7f3a is cancelled.'],
    ['refunded', 'Your ToolForge order order-7f3a is refunded', 'for your order order-7f3a.'],
  ] as const)(
    '%s: its subject names the order, both parts tell the fact, the lines, the totals and the way to My Orders',
    (email, subject, sentence) => {
      const composed = composeOrderEmail(facts({ email }));
      expect(composed.subject).toBe(subject);
      for (const part of [composed.html, composed.text]) {
        expect(part).toContain(sentence);
        expect(part).toContain('Ada Lovelace');
        expect(part).toContain('Cordless drill 18V');
        expect(part).toContain('$899.90');
        expect(part).toContain('$1021.15');
        expect(part).toContain('https://shop.example/myorders');
      }
      expect(composed.html).toContain('href="https://shop.example/myorders"');
      expect(composed.html).toContain('12 St James Square<br>London SW1Y 4JH');
    },
  );

  it('has a subject of its own for every e-mail', () => {
    const subjects = ORDER_EMAILS.map((email) => composeOrderEmail(facts({ email })).subject);
    expect(new Set(subjects).size).toBe(ORDER_EMAILS.length);
  });

  it('paid: says the invoice is attached, with its number', () => {
    const { html, text } = composeOrderEmail(facts({ email: 'paid', documentNumber: 'INV-2026-000042' }));
    expect(text).toContain('Your invoice INV-2026-000042 is attached.');
    expect(html).toContain('Your invoice INV-2026-000042 is attached.');
  });

  it('cancelled: gives the reason, and the shop’s own reason for an unpaid order in words', () => {
    const byCustomer = composeOrderEmail(facts({ email: 'cancelled', reason: 'Ordered the wrong size' }));
    expect(byCustomer.text).toContain('Reason: Ordered the wrong size');
    expect(byCustomer.html).toContain('Reason: Ordered the wrong size');
    expect(composeOrderEmail(facts({ email: 'cancelled', reason: EXPIRED_REASON })).text).toContain('Reason: it was not paid in time');
  });

  it('refunded: the amount refunded and the credit note attached, when there is one', () => {
    const withNote = composeOrderEmail(facts({ email: 'refunded', refundedCents: 102115, documentNumber: 'CN-2026-000007' }));
    expect(withNote.text).toContain('We have refunded $1021.15 for your order order-7f3a.');
    expect(withNote.text).toContain('Our credit note CN-2026-000007 is attached.');
    expect(withNote.html).toContain('Our credit note CN-2026-000007 is attached.');
    // A payment that paid no order is refunded without a credit note.
    const without = composeOrderEmail(facts({ email: 'refunded', refundedCents: 500 }));
    expect(without.text).toContain('We have refunded $5.00');
    expect(without.text).not.toContain('credit note');
  });

  it('the text part lists every line and every total', () => {
    const { text } = composeOrderEmail(facts());
    expect(text).toContain('- Claw hammer: 2 x $12.50 = $25.00');
    expect(text).toContain('- Cordless drill 18V: 10 x $89.99 = $899.90');
    expect(text).toContain('Subtotal: $924.90\nTax (5%): $46.25\nShipping: $50.00\nTotal: $1021.15');
    expect(text).toContain('Shipping address:\n12 St James Square\nLondon SW1Y 4JH');
  });

  it('escapes every typed value in the HTML: a product, a name, an address, a reason show as text, never as markup', () => {
    const attack = '<img src=x onerror=alert(1)>';
    const { html, text } = composeOrderEmail(
      facts({
        email: 'cancelled',
        customerName: '<b>Mallory</b> & co',
        lines: [{ productName: attack, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 }],
        shippingAddress: "\"><script>alert(2)</script>\n'quoted'",
        reason: '</p><a href="javascript:alert(3)">refund here</a>',
      }),
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt; &amp; co');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;<br>&#39;quoted&#39;');
    expect(html).toContain('&lt;/p&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;refund here&lt;/a&gt;');
    expect(html).not.toMatch(/<img|<script|<b>|javascript:alert\(3\)"/);
    // The plain text part is text: the values as typed.
    expect(text).toContain(attack);
  });

  it('keeps the subject one header line without typed text: no name, and no line break smuggled in an order id', () => {
    const { subject } = composeOrderEmail(facts({ orderId: 'order-1\r\nBcc: victim@example.com', customerName: 'Ada' }));
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Your ToolForge order order-1 Bcc: victim@example.com is confirmed');
    expect(subject).not.toContain('Ada');
  });
});
