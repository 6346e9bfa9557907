import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../components/forms/FormMessage';
import { useUserOrdersQuery } from '../orders/ordersApi';
import { PAID_PARAM } from './paymentPage';
import { confirmingPaymentText, paidAfterCancelText, paymentConfirmedText, paymentNotConfirmedYetText } from './paymentTexts';

/** How often My Orders is read again while a payment is being confirmed, and for how long at most. */
export const CONFIRM_POLL_MS = 1000;
export const CONFIRM_WAIT_MS = 30_000;

type Confirmation = 'loading' | 'confirming' | 'slow' | 'paid' | 'cancelled' | 'unknown';

/**
 * A payment made on the provider's page reaches the shop by the provider's webhook, which may come
 * after the customer is back: until the order shows paid, My Orders is read again every second, for
 * half a minute at most (then a quieter notice says it is not confirmed yet).
 */
function PaymentConfirmation({ uid, orderId, onSettled }: { uid: string; orderId: string; onSettled: () => void }) {
  const [gaveUp, setGaveUp] = useState(false);
  const [settled, setSettled] = useState(false);
  const { confirmation } = useUserOrdersQuery(uid, {
    pollingInterval: gaveUp || settled ? 0 : CONFIRM_POLL_MS,
    selectFromResult: ({ data }): { confirmation: Confirmation } => {
      if (!data) return { confirmation: 'loading' };
      const order = data.find((each) => each._id === orderId);
      // An id that is none of the customer's orders (a stale or made-up link) is not named on the page.
      if (!order) return { confirmation: 'unknown' };
      if (order.status === 'cancelled') return { confirmation: 'cancelled' };
      return { confirmation: order.status === 'pending' ? 'confirming' : 'paid' };
    },
  });
  const shown: Confirmation = confirmation === 'confirming' && gaveUp ? 'slow' : confirmation;

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const done = shown !== 'loading' && shown !== 'confirming';
  // Once settled, the polling stops for good (from the next render on).
  if (done && !settled) setSettled(true);
  useEffect(() => {
    if (done) onSettled();
  }, [done, onSettled]);

  switch (shown) {
    case 'confirming':
      return <FormMessage kind="progress">{confirmingPaymentText(orderId)}</FormMessage>;
    case 'slow':
      return (
        <p className="payment-note" role="status">
          {paymentNotConfirmedYetText(orderId)}
        </p>
      );
    case 'paid':
      return <FormMessage kind="success">{paymentConfirmedText(orderId)}</FormMessage>;
    case 'cancelled':
      return <FormMessage kind="error">{paidAfterCancelText(orderId)}</FormMessage>;
    default:
      return null;
  }
}

/**
 * My Orders back from the provider's page (`?paid=<orderId>`): says the payment is being confirmed,
 * then that it is, and takes the parameter off the address once settled, so a reload or a link
 * copied later does not say it again.
 */
export function PaymentReturnNotice({ uid }: { uid: string }) {
  const [params, setParams] = useSearchParams();
  const returned = params.get(PAID_PARAM);
  // Kept past the parameter's removal: the notice says how it ended.
  const [orderId, setOrderId] = useState(returned);
  if (returned && returned !== orderId) setOrderId(returned);
  const removeParam = useCallback(
    () =>
      setParams(
        (current) => {
          current.delete(PAID_PARAM);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  if (!orderId) return null;
  return <PaymentConfirmation key={orderId} uid={uid} orderId={orderId} onSettled={removeParam} />;
}
