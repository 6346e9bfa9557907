import type { CartLine, CartLineRemoved, CartLineSet, OrderPlaced } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** A line of a cart, with the versions of the cart's stream it depends on. */
export interface HeldLine extends CartLine {
  /** The version of the CartLineSet that set its quantity: the line is gone once a checkout reaches it. */
  readonly setVersion: number;
  /** The version of the CartLineSet that put it in the cart: the lines keep the order they went in. */
  readonly placedVersion: number;
}

/** A customer's cart as the command side keeps it. */
export interface CartState {
  /** Its lines, in the order their products went in. */
  readonly lines: readonly HeldLine[];
  /** The version of the cart's stream as of its last event folded here: what a checkout now would empty. */
  readonly version: number;
  /**
   * The cart version of a checkout read before the cart's events up to it: each of them read later
   * that sets a line at or before it sets a line already gone. 0 when no checkout is ahead.
   */
  readonly checkoutAhead: number;
}

/** The cart of a customer who has none: one shared value, so an empty cart is kept for no one. */
export const EMPTY_CART: CartState = Object.freeze({ lines: Object.freeze([]), version: 0, checkoutAhead: 0 });

/** A cart's own event, at its version of the cart's stream (its stream position). */
export type CartEventAt = Decided<CartLineSet | CartLineRemoved> & { readonly streamPosition: number };

/**
 * What a cart is folded from: its own events, and the customer's orders, of which one checked out
 * from the cart (`cartVersion`) empties it of every line set up to that version.
 */
export type CartFact = CartEventAt | Decided<OrderPlaced>;

/*
 * The cart's events are one stream, folded in their order; a checkout's OrderPlaced is on the orders'
 * topic, which the model reads before, between or after them (it reads the log topic by topic at a
 * start). Versions make the fold the same either way: a line is in the cart when it was set after
 * the last checkout's version, whichever of the two comes first.
 */
export function evolveCart(cart: CartState, fact: CartFact): CartState {
  switch (fact.type) {
    case 'CartLineSet':
      return settled(lineSet(cart, fact.data, fact.streamPosition), fact.streamPosition, cart.checkoutAhead);
    case 'CartLineRemoved':
      return settled(
        cart.lines.filter((line) => line.productId !== fact.data.productId),
        fact.streamPosition,
        cart.checkoutAhead,
      );
    case 'OrderPlaced': {
      const { cartVersion } = fact.data;
      if (cartVersion === null || cartVersion <= cart.checkoutAhead) return cart;
      return settled(checkedOut(cart.lines, cartVersion), cart.version, cartVersion);
    }
    default: {
      const unknown: never = fact;
      return unknown;
    }
  }
}

/** The lines once `quantity` of the product was set at `version`. */
function lineSet(cart: CartState, { productId, quantity }: CartLineSet['data'], version: number): readonly HeldLine[] {
  const at = cart.lines.findIndex((line) => line.productId === productId);
  // A set that a checkout read before it already emptied leaves the product out, as the set it follows was.
  if (version <= cart.checkoutAhead) return at < 0 ? cart.lines : cart.lines.toSpliced(at, 1);
  // A product already in the cart keeps its place: the customer changed how many, not the order of the lines.
  if (at >= 0) return cart.lines.with(at, { ...cart.lines[at]!, quantity, setVersion: version });
  return [...cart.lines, { productId, quantity, setVersion: version, placedVersion: version }];
}

/**
 * The lines a checkout of `cartVersion` leaves: those set after it. A line put in before it and set
 * again since (read before the checkout) is in the cart again from that set, at its place.
 */
function checkedOut(lines: readonly HeldLine[], cartVersion: number): readonly HeldLine[] {
  const kept = lines
    .filter((line) => line.setVersion > cartVersion)
    .map((line) => (line.placedVersion > cartVersion ? line : { ...line, placedVersion: line.setVersion }));
  return kept.toSorted((a, b) => a.placedVersion - b.placedVersion);
}

/**
 * The cart of these lines at `version`. A checkout is remembered only while it is ahead of the
 * cart's events read so far: those read later come after it. So the cart is the same whichever was
 * read first, and the empty one, kept for no one, once no line is left and no checkout is ahead.
 */
function settled(lines: readonly HeldLine[], version: number, checkout: number): CartState {
  const checkoutAhead = checkout > version ? checkout : 0;
  if (lines.length === 0 && checkoutAhead === 0) return EMPTY_CART;
  return { lines, version, checkoutAhead };
}
