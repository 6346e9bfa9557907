import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_TRANSITIONS, type OrderDto, type OrderStatus } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { shortOrderId } from '../orders/shortOrderId';
import { config } from '../../config';
import { PayNowButton } from '../payments/PayNowButton';
import { CancelOrderDialog } from './CancelOrderDialog';
import { MarkPaidDialog } from './MarkPaidDialog';
import { orderCancelRequested, orderStatusRequested, selectMovingOrders, type OrderAdvance } from './orderLifecycleSlice';
import { orderHistoryPath, type OrderViewer } from './viewer';

export const ADVANCE_LABELS: Record<OrderAdvance, string> = {
  paid: 'Mark paid',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

const isAdvance = (status: OrderStatus): status is OrderAdvance => status in ADVANCE_LABELS;

function cancellable(order: OrderDto, viewer: OrderViewer): boolean {
  return viewer === 'admin' ? ORDER_TRANSITIONS[order.status].includes('cancelled') : order.status === 'pending';
}

/** The moves that ask something first, each in its dialog: a cancel's reason, an offline payment's reference. */
type Asking = 'cancel' | 'paid' | null;

/**
 * One order row's buttons: the customer's Pay now while it awaits payment, the moves its status
 * allows (Mark paid behind the payment's reference), Cancel behind a reason dialog, its timeline, and
 * what another feature's page adds after them (`more`: Manage Orders' Resend e-mail).
 */
export function OrderActions({ order, viewer, more }: { order: OrderDto; viewer: OrderViewer; more?: ReactNode }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectMovingOrders).includes(order._id);
  const [asking, setAsking] = useState<Asking>(null);
  const close = useCallback(() => setAsking(null), []);
  const name = `order ${shortOrderId(order._id)}`;
  const advances = viewer === 'admin' ? ORDER_TRANSITIONS[order.status].filter(isAdvance) : [];

  return (
    <div className="row-actions">
      {viewer === 'customer' && order.status === 'pending' && config.cardPayments && <PayNowButton orderId={order._id} disabled={busy} />}
      {advances.map((status) => (
        <button
          key={status}
          type="button"
          className="button button--primary button--small"
          aria-label={`${ADVANCE_LABELS[status]} ${name}`}
          disabled={busy}
          onClick={() => (status === 'paid' ? setAsking('paid') : dispatch(orderStatusRequested({ orderId: order._id, status })))}
        >
          {ADVANCE_LABELS[status]}
        </button>
      ))}
      {cancellable(order, viewer) && (
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Cancel ${name}`}
          disabled={busy}
          onClick={() => setAsking('cancel')}
        >
          Cancel
        </button>
      )}
      <Link className="button button--small" to={orderHistoryPath(viewer, order._id)} aria-label={`History of ${name}`}>
        History
      </Link>
      {more}
      {asking === 'cancel' && (
        <CancelOrderDialog
          orderId={order._id}
          onClose={close}
          onCancel={(reason) => {
            dispatch(orderCancelRequested({ orderId: order._id, reason }));
            setAsking(null);
          }}
        />
      )}
      {asking === 'paid' && (
        <MarkPaidDialog
          orderId={order._id}
          onClose={close}
          onMarkPaid={(reference) => {
            dispatch(orderStatusRequested({ orderId: order._id, status: 'paid', reference }));
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
