import { LIMITS, type CartEvent, type OrderPlaced } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { CartWrite } from './writes.js';

/**
 * sales.carts → cart_lines: a line set is in the customer's cart at its quantity, a line removed is
 * out of it, each at its version of the customer's cart stream (its stream position).
 */
export function projectCartEvent(event: StoredEvent<CartEvent>): CartWrite[] {
  switch (event.type) {
    case 'CartLineSet': {
      const { userId, productId, quantity } = event.data;
      // A quantity the integer column would round, or refuse inside the batch, is set aside as a dead letter instead.
      if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > LIMITS.maxQuantity)
        throw new Error(`CartLineSet puts no whole quantity in the cart (${String(quantity)})`);
      return [
        {
          kind: 'setCartLine',
          line: {
            userId: idField('userId', userId),
            productId: idField('productId', productId),
            quantity,
            version: event.streamPosition,
          },
        },
      ];
    }
    case 'CartLineRemoved':
      return [
        {
          kind: 'removeCartLine',
          userId: idField('userId', event.data.userId),
          productId: idField('productId', event.data.productId),
          version: event.streamPosition,
        },
      ];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * sales.orders → cart_lines: an order checked out from the cart empties the customer's cart of every
 * line set at or before the cart's version it names. It ordered every line the cart held then, so
 * those are the lines of its products. The orders feature projects the order itself; an order placed
 * on its own (the spec's POST /order) leaves the cart as it is.
 */
export function projectCheckout(event: StoredEvent<OrderPlaced>): CartWrite[] {
  const { cartVersion, userId, lines } = event.data;
  if (cartVersion === null) return [];
  // Compared with the versions of the cart's rows: anything but a version is refused (to the dead letters).
  if (!Number.isSafeInteger(cartVersion) || cartVersion <= 0) throw new Error(`OrderPlaced names no cart version (${String(cartVersion)})`);
  // A product once, however many of the order's lines name it: the statement changes each row once.
  const productIds = [...new Set(lines.map((line) => idField('productId', line.productId)))];
  return [{ kind: 'emptyCart', userId: idField('userId', userId), productIds, cartVersion }];
}

/** An id the row is keyed by: anything but text is refused (to the dead letters) rather than stored as something else. */
function idField(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`a cart line's ${field} is no text`);
  return value;
}
