import type { OrderStatus } from './constants.js';

/** Every command acknowledgement carries the consistency token of its last event (docs/architecture.md#4-the-command-side). */
export interface Acknowledgement {
  acknowledged: true;
  position: string;
}

export interface ApiUser {
  uid: string;
  name: string;
  email: string;
  admin: boolean;
}

export interface LoginResponse extends Acknowledgement {
  accessToken: string;
  user: ApiUser;
}

export interface AddProductResponse extends Acknowledgement {
  productId: string;
}

export interface PlaceOrderResponse extends Acknowledgement {
  orderId: string;
  totalCost: number;
  /** Where to pay it (the provider's hosted page); null when the provider could not be reached (payments/payments.ts). */
  payment: { url: string } | null;
}

/** The error body of every 4xx and 5xx (docs/architecture.md#8-bad-input-and-errors). */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  /** Every field message of a rejected body, for forms. */
  fields?: Record<string, string>;
}

/** One line of an order as the API answers it: amounts with two decimals. */
export interface OrderLineDto {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/**
 * An order as GET /orders/:uid and /allorders answer it. The spec's fields describe a one-line order
 * as they always did; an order of several lines names its first line's product, and its
 * orderQuantity is every line's quantity together. `lines` holds each line, in the order placed.
 */
export interface OrderDto {
  _id: string;
  productId: string;
  productName: string;
  userId: string;
  userName: string;
  orderQuantity: number;
  totalCost: number;
  shippingAddress: string;
  status: OrderStatus;
  payment: boolean;
  placedAt: string;
  lines: OrderLineDto[];
  /** How it was paid: by card through the payment provider, offline, or null (unpaid, or marked paid before the shop took payments). */
  paidWith: 'card' | 'offline' | null;
  /** The provider's payment id of a card payment, or an offline payment's reference. */
  paymentReference: string | null;
  /** Why the last attempt to pay failed, while the order is still pending; null otherwise. */
  paymentFailure: string | null;
  /** What has been refunded of it, with two decimals (0 when nothing). */
  refunded: number;
  /** Its invoice's number once it is paid (GET /orders/:id/invoice.pdf); null before. */
  invoiceNumber: string | null;
  /** Its credit notes' numbers, in the order issued (the nth is GET /orders/:id/credit-notes/n.pdf). */
  creditNoteNumbers: string[];
}

/**
 * One event of an order's history (GET /orders/:id/history), read from the log itself: what
 * happened, when, by whom, the status it left the order in, and what it changed.
 */
export interface OrderHistoryEntry {
  /** The event's position in the log (sales.orders/0/41). */
  position: string;
  type:
    | 'OrderPlaced'
    | 'OrderPaid'
    | 'OrderShipped'
    | 'OrderDelivered'
    | 'OrderCancelled'
    | 'OrderPaymentFailed'
    | 'PaymentNotApplied'
    | 'OrderRefunded'
    | 'InvoiceIssued'
    | 'CreditNoteIssued'
    | 'OrderEmailResendRequested';
  occurredAt: string;
  /** The uid that caused it; null for the shop itself. */
  actor: string | null;
  /** The customer who placed the order, an admin, or the shop itself (an expired reservation). */
  by: 'customer' | 'admin' | 'shop';
  /** The order's status after this event. */
  status: OrderStatus;
  /** What the event recorded, by field: the order as placed; a cancellation's reason and returned stock. */
  details: Record<string, string | number | boolean>;
}
export interface OrderHistoryResponse {
  orderId: string;
  entries: OrderHistoryEntry[];
}

export interface CountResponse {
  count: number;
}

/** Header names of docs/architecture.md#4-the-command-side. */
export const READ_AFTER_HEADER = 'x-read-after';
/** Answered with X-Read-After: "true" once the read model had passed the token, "false" after the bounded wait. */
export const READ_AFTER_SATISFIED_HEADER = 'x-read-after-satisfied';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
