import { StatesById } from '../shared/statesById.js';
import { EMPTY_CART, evolveCart, type CartFact, type CartState } from './cart.js';

/**
 * The write model's carts, by customer: what setting, removing and checking out lines is decided on.
 * Only customers with something in their cart, or a checkout read ahead of their cart's events (a
 * start reads the log topic by topic), are kept; a checkout that empties a cart forgets it.
 */
export type CartStates = StatesById<CartState, CartFact>;

export function cartStates(): CartStates {
  // A customer's cart and their orders name them alike: the order checked out from it empties it. Each
  // of the cart's events comes with its stream position, the cart's version that a checkout names.
  return new StatesById(['CartLineSet', 'CartLineRemoved', 'OrderPlaced'], (fact) => fact.data.userId, {
    evolve: evolveCart,
    initialState: () => EMPTY_CART,
  });
}
