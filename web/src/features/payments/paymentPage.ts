import { paymentMessages, type PaymentStart, type PlaceOrderResponse } from '@toolforge/contracts';
import { toastShown } from '../../components/toasts/toastSlice';
import { config } from '../../config';
import { PAYMENT_PAGE_OPENING } from './paymentTexts';

/** The query parameter of My Orders the provider sends a customer back with after paying (`/myorders?paid=<orderId>`). */
export const PAID_PARAM = 'paid';

/**
 * The provider's page to send the browser to, or null when there is none. The address comes from
 * the command service, but it is the provider's: only a web address is followed, never a
 * `javascript:` or `data:` one, which would run in the shop's own page.
 */
export function paymentPageUrl(payment: PaymentStart | null | undefined): string | null {
  if (!payment || typeof payment.url !== 'string') return null;
  try {
    const { protocol } = new URL(payment.url);
    return protocol === 'https:' || protocol === 'http:' ? payment.url : null;
  } catch {
    return null;
  }
}

/**
 * How placing an order ends (the order page's Confirm Order and the cart's checkout alike):
 * the customer is sent to the provider's page to pay it, or, when the shop could
 * not open one, told that My Orders takes the payment later (the order stands either way). A shop
 * without card payments says neither: its orders are paid offline, and My Orders offers no Pay now.
 */
export const placedOrderPayment = {
  notices: (answer: PlaceOrderResponse) =>
    config.cardPayments
      ? [toastShown({ kind: 'info', text: paymentPageUrl(answer.payment) ? PAYMENT_PAGE_OPENING : paymentMessages.providerUnavailable })]
      : [],
  leaveFor: (answer: PlaceOrderResponse) => paymentPageUrl(answer.payment),
};
