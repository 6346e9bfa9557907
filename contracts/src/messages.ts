import { LIMITS, PASSWORD_SYMBOLS, PRODUCT_CATEGORIES, PRODUCT_SORTS } from './constants.js';
import { formatCents } from './money.js';
import { REVIEW_LIMITS } from './reviews/limits.js';
import { SALES_MAX_DAYS } from './sales/limits.js';

/**
 * Every user-facing message of the product, word for word (the spec's validation and error texts,
 * and the shop's own where the spec has none). Forms, server and tests import them from here so the
 * product's texts have one definition; a message that names a limit is built from LIMITS.
 */
export const messages = {
  required: 'This field is required',
  productNameMax: `Max length is ${LIMITS.productName} chars`,
  productModelMax: `Max length is ${LIMITS.productModel} chars`,
  imageUrlMax: `Max length is ${LIMITS.imageUrl} chars`,
  imageUrlFormat: 'Enter an http(s) address or a path starting with /',
  price: 'price should be positive integer or decimal number',
  priceTooHigh: `Price should be at most ${formatCents(LIMITS.maxPriceCents)}`,
  stock: 'Quantity should not be negative',
  minOrder: 'Minimum order quantity should not be negative',
  quantityTooHigh: `Quantity should be at most ${LIMITS.maxQuantity}`,
  descriptionMin: `Must be at least ${LIMITS.descriptionMin} chars. long`,
  descriptionMax: `Should be less than ${LIMITS.descriptionMax} chars.`,
  minOrderAboveStock: 'Minimum order quantity should not be more than the stock',
  category: 'Choose hand-tool, machine-tool or power-tool',

  loginEmail: 'Enter a valid email',
  password: `Password should be at least ${LIMITS.passwordMin} chars long`,
  passwordHint: `At least ${LIMITS.passwordMin} characters: letters, digits and ${PASSWORD_SYMBOLS}`,
  registerEmail: 'Enter a valid email address',
  fullName: `Full name should be ${LIMITS.fullNameMin} to ${LIMITS.fullNameMax} chars long`,
  passwordMismatch: "password didn't match",

  minOrderQuantity: (n: number) => `Minimum order quantity is ${n}`,
  maxOrderQuantity: (n: number) => `Maximum order quantity is ${n}`,
  wholeQuantity: 'Quantity should be a whole number',
  shippingAddressMax: `Max length ${LIMITS.shippingAddress} chars`,

  productNotAdded: 'Product was not added successfully!! Try again later.',
  productNotDeleted: 'Error occured!! Not Deleted.',
  confirmDelete: 'Are you sure to delete item?',
  syncFailed: 'Something went wrong!! Please reload the page',
  productLoadFailed: 'Please login and try again',
  resetLinkSent: 'Sending password reset link to your email',
  noUserLoggedIn: 'No user is logged in',
  loggingIn: 'Logging in...',
  orderInProgress: 'Your Order Is Being generated...',
  addProductInProgress: 'Please wait. Loading...',
  notFound: 'Not Found',

  // Server answers where the spec is silent.
  unauthenticated: 'Sign in to continue',
  tooManyRequests: 'Too many requests. Please wait a minute and try again',
  readAfterToken: 'X-Read-After should be a position token such as sales.orders/0/41',
  readAfterBeyondLog: 'X-Read-After names a position the log has not reached',
  invalidIdentityToken: 'Your sign-in could not be verified. Please sign in again',
  forbiddenAdmin: 'Only an admin can do this',
  forbiddenOtherUser: 'You can only act for your own account',
  emailMismatch: 'The email does not match the signed-in account',
  emailMissing: 'The signed-in account has no email address',
  eraseNeedsRecentSignIn: 'Sign in again to erase your account',
  eraseWithOpenOrders: 'Your account can be erased once every order is delivered or cancelled',
  accountErased: 'Your account and your personal data were erased',
  accountForgotten: 'This account was erased',
  /** What the sign-in form says when the identity provider refuses a disabled (so an erased) account. */
  accountDisabled: 'This account was erased and can no longer sign in',
  accountNotFound: 'The shop knows no account with that id',
  unrecordableValue: 'The request holds a value the shop cannot record',
  unusableIdentityClaim: (claim: string) => `The identity provider's ${claim} claim cannot be used by the shop`,
  orderNeedsEmail: 'Add an email address to your account to place orders',
  verifyEmailToOrderMore: (allowed: number) =>
    allowed > 0
      ? `Maximum order quantity is ${allowed} until you verify your email address`
      : 'Verify your email address to order this product',
  productNotFound: 'Product not found',
  productUnavailable: 'This product is no longer available',
  totalCostMismatch: (expected: string) => `Total cost should be ${expected}`,
  newOrderStatus: "A new order's status is pending",
  newOrderPayment: 'A new order is unpaid',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  idempotencyKeyFormat: `Idempotency-Key should be 1 to ${LIMITS.idempotencyKey} visible characters`,
  userNotFound: 'No account uses that email',
  alreadyAdmin: 'That account is already an admin',
  adminEmailUnverified: 'That account has not verified its email address yet; it can be made an admin once it has',
  notAdmin: 'That account is not an admin',
  lastAdmin: 'The shop needs at least one admin: make another account an admin before revoking this one',
  sessionEnded: 'Your session has ended. Please sign in again',
  concurrentUpdate: 'The shop was busy with another change; please try again',
  hiddenCharacters: (field: string, multiline: boolean) =>
    `${field} must not contain control or invisible characters${multiline ? '' : ', tabs or line breaks'}`,
  // The order lifecycle and product edits (docs/architecture.md#9-the-products-rules).
  orderNotFound: 'Order not found',
  orderStatus: 'Status should be paid, shipped, delivered or cancelled',
  orderTransition: (from: string, to: string) => `An order that is ${from} cannot be marked ${to}`,
  customerCancelNotPending: 'You can cancel an order only while it is pending',
  forbiddenOtherOrder: 'You can only see or change your own orders',
  reasonMax: `Reason should be at most ${LIMITS.reason} chars`,
  restockQuantity: 'Quantity should be a whole number other than 0',
  stockBelowReserved: (available: number) => `Stock can be lowered by at most ${available}: the rest is reserved by orders`,
  productDeletedNoChange: 'A deleted product cannot be changed',
  minOrderAboveStockOnHand: (stock: number) => `Minimum order quantity should not be more than the stock (${stock})`,
  // Catalogue search, filter and sort (GET /products, /productscount).
  categoryFilter: `category should be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  searchTextMax: `q should be at most ${LIMITS.searchText} characters`,
  searchTextPlain: 'q should be plain text on one line',
  productSort: `sort should be one of ${PRODUCT_SORTS.join(', ')}`,
  // Verified reviews (issue 15).
  reviewRating: `Rating should be a whole number of stars from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax}`,
  reviewTextLength: `Review should be ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax} chars long`,
  reviewRemovalReason: 'Give a reason for removing the review',
  reviewNotDelivered: 'You can review a product once an order of it has been delivered to you',
  reviewNotFound: 'Review not found',
  reviewPosted: 'Thank you! Your review is posted',
  writerFenced: 'Another server has taken over the shop’s orders; please try again in a moment',
  // The admins' sales report (issue 41).
  salesInstant: (field: string) => `${field} should be an ISO date or a date-time with its offset, e.g. 2026-11-01 or 2026-11-01T00:00:00Z`,
  salesPeriodOrder: 'to should be after from',
  salesPeriodTooLong: `The period should be at most ${SALES_MAX_DAYS} days long`,
} as const;
