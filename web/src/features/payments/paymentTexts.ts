import { formatPrice } from '../catalog/price';
import { shortOrderId } from '../orders/shortOrderId';

/** The payments' own texts where contracts have none (contracts' paymentMessages has the server's). */
export const PAYMENT_PAGE_OPENING = 'Taking you to the payment page…';
export const PAYMENT_NOT_OPENED = 'The payment page did not open. Please try again.';

export const payNowLabel = (orderId: string) => `Pay now for order ${shortOrderId(orderId)}`;
export const paymentFailedText = (reason: string) => `Payment failed: ${reason}`;
export const refundedText = (amount: number) => `Refunded ${formatPrice(amount)}`;
export const paidByCardText = 'By card';
export const paidOfflineText = (reference: string | null) => (reference ? `Offline, ref. ${reference}` : 'Offline');

/** Back from the provider's page (/myorders?paid=<orderId>), while the webhook that says so is on its way. */
export const confirmingPaymentText = (orderId: string) => `Payment received — confirming order ${shortOrderId(orderId)}…`;
export const paymentConfirmedText = (orderId: string) => `Order ${shortOrderId(orderId)} is paid. Thank you!`;
export const paymentNotConfirmedYetText = (orderId: string) =>
  `The payment for order ${shortOrderId(orderId)} is not confirmed yet: it shows here once it is (reload the page to check).`;
export const paidAfterCancelText = (orderId: string) =>
  `Order ${shortOrderId(orderId)} was cancelled before the payment arrived: the payment will be refunded.`;
