/** Business constants of docs/architecture.md#9-the-products-rules, defined once for the web, the services and the tests. */

export const PRODUCT_CATEGORIES = ['hand-tool', 'machine-tool', 'power-tool'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The orders a product list may be read in (GET /products?sort=…); the first is the default. */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PAGE_SIZES = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The API accepts any size in this range; the web offers PAGE_SIZES. */
export const MAX_PAGE_SIZE = 100;
/** How many of the newest products the home page shows. */
export const HOME_PRODUCT_COUNT = 6;
/** Pages shown on each side of the current one in the pagination bar (docs/architecture.md#9-the-products-rules). */
export const PAGINATION_WINDOW = 4;

export const NEW_ORDER_STATUS = 'pending' as const;
export const NEW_ORDER_PAYMENT = false as const;
/** An order's life (docs/architecture.md#9-the-products-rules): pending → paid → shipped → delivered; cancelled from pending or paid. */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses an admin may move an order to, and the ones each status may move to. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
export const SETTABLE_ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled'] as const;
export type SettableOrderStatus = (typeof SETTABLE_ORDER_STATUSES)[number];
/** Who cancelled an order; the shop itself (an expired reservation) is null. */
export type OrderCanceller = 'customer' | 'admin';
/** The reason of a cancellation the shop decided because the order stayed unpaid too long. */
export const EXPIRED_REASON = 'expired';
/** RESERVATION_TTL's default: an unpaid pending order gives its stock back after this long. */
export const DEFAULT_RESERVATION_TTL_MS = 30 * 60 * 1000;

/** Total cost = price x quantity, + TAX_PERCENT of that, + FLAT_FEE (docs/architecture.md#9-the-products-rules). */
export const TAX_PERCENT = 5;
export const FLAT_FEE_CENTS = 50_00;

export const LIMITS = {
  productName: 100,
  productModel: 50,
  imageUrl: 1500,
  descriptionMin: 30,
  descriptionMax: 500,
  shippingAddress: 500,
  fullNameMin: 2,
  fullNameMax: 50,
  passwordMin: 6,
  displayName: 100,
  email: 254,
  /** Largest unit price: keeps price x quantity within exact integer cents. */
  maxPriceCents: 9_999_999_99,
  /** Largest stock or minimum order: keeps price x quantity within exact integer cents. */
  maxQuantity: 999_999,
  idempotencyKey: 200,
  /** Firebase uids are at most 128 characters. */
  uid: 128,
  productId: 100,
  /** A cancellation's or a stock adjustment's reason. */
  reason: 200,
  /** The catalogue search box's text (GET /products?q=…). */
  searchText: 100,
  /** The most lines a cart, and so an order, may hold. */
  cartLines: 50,
  /**
   * The most an order's lines may come to: fifty lines at the largest price and quantity would pass
   * the integers JavaScript counts exactly, this keeps every sum of cents exact.
   */
  maxOrderSubtotalCents: 999_999_999_999_99,
} as const;

/** The symbols a password may hold besides letters and digits. */
export const PASSWORD_SYMBOLS = '@#$%&!';

/**
 * What the forms call the fields a refusal names ("Shipping address must not contain …"): the web's
 * labels and the schemas' refusals use the same words.
 */
export const FIELD_LABELS = {
  productName: 'Name',
  model: 'Model',
  imageUrl: 'Image URL',
  description: 'Description',
  fullName: 'Full name',
  shippingAddress: 'Shipping address',
} as const;

/**
 * One customer's unpaid orders may hold at most this share of a product's stock (and never less than
 * its minimum order), so one pending order cannot take a product away from every other customer.
 */
export const CUSTOMER_RESERVATION_SHARE_PERCENT = 50;

/**
 * Accounts that have not proved they own their e-mail address cost nothing to make: together, their
 * unpaid orders may hold at most this share of a product's stock, so that a few throw-away accounts
 * cannot take a product away from every other customer (docs/security.md, "Stock held unpaid").
 */
export const UNVERIFIED_RESERVATION_SHARE_PERCENT = 20;

/**
 * The most of a product the unpaid open orders of unverified accounts may hold together: the share,
 * or one minimum order where the share is less, and never more than half the stock on hand, so
 * that such accounts can never empty a product between them.
 */
export function unverifiedReservationLimit(product: { readonly stock: number; readonly minOrder: number }): number {
  const share = Math.max(product.minOrder, Math.floor((product.stock * UNVERIFIED_RESERVATION_SHARE_PERCENT) / 100));
  return Math.min(share, Math.floor(product.stock / 2));
}

/** The most of a product one customer's open orders may hold together. */
export function customerReservationLimit(product: { readonly stock: number; readonly minOrder: number }): number {
  return Math.max(product.minOrder, Math.floor((product.stock * CUSTOMER_RESERVATION_SHARE_PERCENT) / 100));
}

export const TOAST_AUTO_CLOSE_MS = 5000;

export const HOME_STATISTICS = [
  { label: 'Countries', value: '45' },
  { label: 'Tools sold', value: '15M' },
  { label: 'Annual revenue', value: '450M' },
  { label: 'Customers', value: '1M' },
] as const;

export const COMPANY_NAME = 'ToolForge';
export const COPYRIGHT_LINE = `Copyright © 2022 ${COMPANY_NAME} Inc.`;
