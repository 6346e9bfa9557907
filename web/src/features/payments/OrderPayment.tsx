import type { OrderDto } from '@toolforge/contracts';
import { paidByCardText, paidOfflineText, paymentFailedText, refundedText } from './paymentTexts';

/**
 * An order's money, as the order lists show it in its Payment column: paid or unpaid, how it was
 * paid, why the last attempt failed while it still awaits payment, and what was refunded.
 */
export function OrderPayment({ order }: { order: OrderDto }) {
  const how = order.paidWith === 'card' ? paidByCardText : order.paidWith === 'offline' ? paidOfflineText(order.paymentReference) : null;
  return (
    <>
      <span className={order.payment ? 'status status--paid' : 'status status--unpaid'}>{order.payment ? 'paid' : 'unpaid'}</span>
      {order.payment && how && <span className="payment-note">{how}</span>}
      {order.status === 'pending' && order.paymentFailure && (
        <span className="payment-note payment-note--failed">{paymentFailedText(order.paymentFailure)}</span>
      )}
      {order.refunded > 0 && <span className="payment-note">{refundedText(order.refunded)}</span>}
    </>
  );
}
