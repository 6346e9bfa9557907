import { describe, expect, it } from 'vitest';
import { ORDER_EMAILS, mailMessages, messages, type OrderEmail } from '@toolforge/contracts';
import { CommandRejected } from '../shared/decider.js';
import { decideResend, type OrderEmailGrounds } from './decide.js';

const pending: OrderEmailGrounds = { status: 'pending', invoiced: false, refunded: false };

/** Which e-mails an order with these grounds may have sent again. */
const resendable = (order: OrderEmailGrounds): OrderEmail[] =>
  ORDER_EMAILS.filter((email) => {
    try {
      return decideResend({ orderId: 'o-1', email }, order).length === 1;
    } catch (error) {
      expect(error).toMatchObject({ reason: 'conflict', message: mailMessages.emailNeverSent });
      return false;
    }
  });

describe('mail: an admin resends an order’s e-mail', () => {
  it('decides the resend of an e-mail the order had cause for', () => {
    expect(decideResend({ orderId: 'o-1', email: 'placed' }, pending)).toEqual([
      { type: 'OrderEmailResendRequested', data: { orderId: 'o-1', email: 'placed' } },
    ]);
  });

  it('allows each e-mail once the order had its fact, and refuses the rest (409)', () => {
    expect(resendable(pending)).toEqual(['placed']);
    expect(resendable({ status: 'paid', invoiced: true, refunded: false })).toEqual(['placed', 'paid']);
    // Paid before the shop issued invoices: there is no invoice to send with a "paid" e-mail.
    expect(resendable({ status: 'paid', invoiced: false, refunded: false })).toEqual(['placed']);
    expect(resendable({ status: 'shipped', invoiced: true, refunded: false })).toEqual(['placed', 'paid', 'shipped']);
    expect(resendable({ status: 'delivered', invoiced: true, refunded: false })).toEqual(['placed', 'paid', 'shipped', 'delivered']);
    expect(resendable({ status: 'cancelled', invoiced: false, refunded: false })).toEqual(['placed', 'cancelled']);
    expect(resendable({ status: 'cancelled', invoiced: true, refunded: true })).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
  });

  it('refuses an order the shop does not know (404)', () => {
    expect(() => decideResend({ orderId: 'nope', email: 'placed' }, undefined)).toThrow(CommandRejected);
    expect(() => decideResend({ orderId: 'nope', email: 'placed' }, undefined)).toThrow(messages.orderNotFound);
  });
});
