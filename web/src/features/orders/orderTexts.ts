/** The order page's own texts where the spec has none. */
export const ORDER_NOT_ACKNOWLEDGED = 'Your order was not placed. Please try again.';
export const OUT_OF_STOCK = 'Out of stock: fewer than the minimum order are left.';
