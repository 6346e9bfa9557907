import type { CartDto, CartLineCommand, CheckoutCommand, PlaceOrderResponse } from '@toolforge/contracts';
import type { Acknowledged } from '../../api/commandClient';
import { command } from '../../api/command';

/** A change of the cart answers the cart as it now stands; without a position when nothing changed. */
export type CartChanged = Acknowledged & CartDto;

const linePath = (productId: string) => `/cart/lines/${encodeURIComponent(productId)}`;

/** The customer's cart: a product's line set or removed, and the checkout of every line into one order. */
export const cartCommands = {
  setCartLine: command<[productId: string, body: CartLineCommand], CartChanged>((productId, body) => ({
    method: 'PUT',
    path: linePath(productId),
    body,
  })),
  removeCartLine: command<[productId: string], CartChanged>((productId) => ({ method: 'DELETE', path: linePath(productId) })),
  /** Placed once however often it is sent: the answer names the order, as POST /order's does. */
  checkout: command<[body: CheckoutCommand, idempotencyKey: string], PlaceOrderResponse>((body, idempotencyKey) => ({
    method: 'POST',
    path: '/checkout',
    body,
    idempotencyKey,
  })),
};
