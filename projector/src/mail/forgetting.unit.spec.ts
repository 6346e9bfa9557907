import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, type ShopEvent } from '@toolforge/contracts';
import { creditNoteIssued, invoiceIssued, orderCancelled, orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { emailFacts, foldOrderMail, type OrderMailState, type OwedMessage } from './decisions.js';
import { forgottenMessage, forgottenOrderMail } from './forgetting.js';
import type { OutboxMessage } from './outbox.js';

const hammer = productAdded().data;
const ada = { userId: 'uid-ada', userName: 'Ada Lovelace', shippingAddress: '12 Analytical Row, London' };

/** Folds `events` in turn: the order as it ends, and the last e-mail owed. */
function fold(events: readonly ShopEvent[]): { state: OrderMailState; last: OwedMessage } {
  let state: OrderMailState | undefined;
  let last: OwedMessage | undefined;
  for (const event of events) {
    const next = foldOrderMail(state, event);
    state = next.state;
    last = next.owes ?? last;
  }
  return { state: state!, last: last! };
}

describe('an erased customer’s e-mails', () => {
  const placed = orderPlaced(hammer, ada);
  const invoice = invoiceIssued(placed.data);
  const creditNote = creditNoteIssued(invoice.data, { reason: 'Bought for my late aunt' });
  const { state, last } = fold([placed, invoice, orderCancelled(placed.data, { reason: 'My aunt passed away' }), creditNote]);

  it('fold their order without their name, address, the documents’ buyer and their words, marked forgotten; figures and lines kept', () => {
    const forgotten = forgottenOrderMail(state);
    expect(forgotten).toEqual({
      ...state,
      customerName: FORMER_CUSTOMER,
      shippingAddress: '',
      invoice: { ...invoice.data, buyer: { ...invoice.data.buyer, name: FORMER_CUSTOMER, address: '' } },
      creditNotes: [{ ...creditNote.data, buyer: { ...creditNote.data.buyer, name: FORMER_CUSTOMER, address: '' }, reason: '' }],
      owed: {
        placed: { attachment: null },
        paid: {
          attachment: { kind: 'invoice', data: { ...invoice.data, buyer: { ...invoice.data.buyer, name: FORMER_CUSTOMER, address: '' } } },
        },
        cancelled: { reason: '', attachment: null },
      },
      forgotten: true,
    });
    expect(JSON.stringify(forgotten)).not.toMatch(/Ada|Analytical|aunt/);
  });

  it('keep no address and nothing of them in a stored message; one never addressed stays without one', () => {
    const message: OutboxMessage = {
      to: { address: 'ada@example.test', name: 'Ada Lovelace' },
      facts: emailFacts(state, last, 'https://shop.test'),
      attachment: { kind: 'creditNote', data: creditNote.data },
    };
    const forgotten = forgottenMessage(message);
    expect(forgotten.to).toEqual({ address: '', name: FORMER_CUSTOMER });
    expect(forgotten.facts).toEqual({ ...message.facts, customerName: FORMER_CUSTOMER, shippingAddress: '', reason: '' });
    expect(forgotten.attachment).toEqual({
      kind: 'creditNote',
      data: { ...creditNote.data, buyer: { ...creditNote.data.buyer, name: FORMER_CUSTOMER, address: '' }, reason: '' },
    });
    expect(JSON.stringify(forgotten)).not.toMatch(/Ada|Analytical|aunt/);
    expect(forgottenMessage({ ...message, to: null }).to).toBeNull();
  });
});
