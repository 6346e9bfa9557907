import { shortOrderId } from '../orders/shortOrderId';

/** The cart's own texts where contracts have none. */
export const CART_NOT_CHANGED = 'Your cart was not changed. Please try again.';
export const CHECKOUT_NOT_ACKNOWLEDGED = 'Your order was not placed. Please try again.';
/** A line whose product can be ordered by no one now: out of stock, or deleted since it went into the cart. */
export const NOT_AVAILABLE = 'Not available now';
/** The name of a line whose product the shop no longer sells. */
export const PRODUCT_GONE = 'A product no longer sold';

export const addedToCartText = (productName: string, quantity: number) => `${productName} is in your cart (${quantity})`;
export const removedFromCartText = (productName: string) => `${productName} was removed from your cart`;
export const checkedOutText = (orderId: string) => `Order ${shortOrderId(orderId)} was placed`;
export const onlyAvailableText = (available: number) => `Only ${available} can be ordered now`;

/** The navigation's cart link, as a screen reader says it: "Cart, 3 items". */
export const cartLinkLabel = (lines: number | undefined) =>
  lines === undefined ? 'Cart' : `Cart, ${lines} ${lines === 1 ? 'item' : 'items'}`;
