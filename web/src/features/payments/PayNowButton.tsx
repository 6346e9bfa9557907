import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { payNowRequested, selectOpeningPayments } from './paymentsSlice';
import { payNowLabel } from './paymentTexts';

/** A pending order's "Pay now" (its customer's): a new page on the provider's site, where the browser goes. */
export function PayNowButton({ orderId, disabled = false }: { orderId: string; disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const opening = useAppSelector(selectOpeningPayments).includes(orderId);
  return (
    <button
      type="button"
      className="button button--primary button--small"
      aria-label={payNowLabel(orderId)}
      disabled={disabled || opening}
      onClick={() => dispatch(payNowRequested({ orderId }))}
    >
      Pay now
    </button>
  );
}
