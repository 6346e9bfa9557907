import type { CartLine, CartLineRemoved, CartLineSet, OrderPlaced } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** A customer's cart as the command side keeps it: its lines, in the order their products went in. */
export type CartState = readonly CartLine[];

/** The cart of a customer who has none: one shared value, so an empty cart is kept for no one. */
export const EMPTY_CART: CartState = Object.freeze([]);

/**
 * What a cart is folded from: its own events, and the customer's orders, of which one checked out
 * from the cart (`fromCart`) empties it of the products it ordered.
 */
export type CartFact = Decided<CartLineSet | CartLineRemoved | OrderPlaced>;

export function evolveCart(cart: CartState, event: CartFact): CartState {
  switch (event.type) {
    case 'CartLineSet': {
      const { productId, quantity } = event.data;
      const at = cart.findIndex((line) => line.productId === productId);
      // A product already in the cart keeps its place: the customer changed how many, not the order of the lines.
      return at < 0 ? [...cart, { productId, quantity }] : cart.with(at, { productId, quantity });
    }
    case 'CartLineRemoved':
      return without(cart, (line) => line.productId === event.data.productId);
    case 'OrderPlaced': {
      if (!event.data.fromCart) return cart;
      // Only the products ordered leave the cart: when the model reads the log again, a line put in
      // after the checkout (on the carts' topic) may come before the order (on the orders' topic).
      const ordered = new Set(event.data.lines.map((line) => line.productId));
      return without(cart, (line) => ordered.has(line.productId));
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The cart without the lines `dropped` picks: the same cart when there are none, the empty one when none are left. */
function without(cart: CartState, dropped: (line: CartLine) => boolean): CartState {
  const kept = cart.filter((line) => !dropped(line));
  if (kept.length === cart.length) return cart;
  return kept.length === 0 ? EMPTY_CART : kept;
}
