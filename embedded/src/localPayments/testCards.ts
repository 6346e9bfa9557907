/**
 * What each test card does on the hosted page (docs/payments.md#test-cards): Stripe's own test
 * numbers and messages, so a test written against the local provider reads like one against Stripe.
 */
export type CardOutcome =
  /** Paid; `late`: its payment_intent.succeeded is delivered twice, both late. */
  | { readonly kind: 'pays'; readonly late: boolean }
  | { readonly kind: 'declined'; readonly declineCode: 'generic_decline' | 'insufficient_funds'; readonly message: string }
  /** No such test card: the page asks again, nothing happens. */
  | { readonly kind: 'incorrect'; readonly message: string };

export interface TestCard {
  readonly number: string;
  /** What the page's list of test cards says it does. */
  readonly does: string;
  readonly outcome: CardOutcome;
}

/** The card that pays, as the banner and the docs offer it. */
export const PAYING_CARD = '4242424242424242';

export const TEST_CARDS: readonly TestCard[] = [
  { number: PAYING_CARD, does: 'pays', outcome: { kind: 'pays', late: false } },
  {
    number: '4000000000000002',
    does: 'is declined',
    outcome: { kind: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  {
    number: '4000000000009995',
    does: 'has insufficient funds',
    outcome: { kind: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  { number: '4000000000000077', does: 'pays; its webhook arrives twice, late', outcome: { kind: 'pays', late: true } },
];

const INCORRECT: CardOutcome = { kind: 'incorrect', message: 'Your card number is incorrect.' };

/** The outcome of a card number as typed (spaces and dashes allowed, as on a card). */
export function cardOutcome(typed: string): CardOutcome {
  const digits = typed.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits)?.outcome ?? INCORRECT;
}

/** "4242 4242 4242 4242": a number in groups of four, as printed on a card. */
export const groupedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
