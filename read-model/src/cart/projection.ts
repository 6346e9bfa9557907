import { LIMITS, type CartEvent, type OrderPlaced } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { CartWrite } from './writes.js';

/**
 * sales.carts → cart_lines: a line set is in the customer's cart at its quantity, a line removed is
 * out of it.
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
            setAt: event.meta.occurredAt,
            offset: event.position.offset,
          },
        },
      ];
    }
    case 'CartLineRemoved':
      return [
        { kind: 'removeCartLine', userId: idField('userId', event.data.userId), productId: idField('productId', event.data.productId) },
      ];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * sales.orders → cart_lines: an order checked out from the cart empties the customer's lines of its
 * products, as of when it was placed. The orders feature projects the order itself; an order placed
 * on its own (the spec's POST /order) leaves the cart as it is.
 */
export function projectCheckout(event: StoredEvent<OrderPlaced>): CartWrite[] {
  const { fromCart, userId, lines } = event.data;
  if (fromCart !== true) return [];
  // A product once, however many of the order's lines name it: the statement changes each row once.
  const productIds = [...new Set(lines.map((line) => idField('productId', line.productId)))];
  return [{ kind: 'emptyCart', userId: idField('userId', userId), productIds, at: event.meta.occurredAt }];
}

/** An id the row is keyed by: anything but text is refused (to the dead letters) rather than stored as something else. */
function idField(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`a cart line's ${field} is no text`);
  return value;
}
