import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_TRANSITIONS, type OrderDto, type OrderStatus } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { shortOrderId } from '../orders/shortOrderId';
import { CancelOrderDialog } from './CancelOrderDialog';
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

/** One order row's buttons: the moves its status allows, Cancel behind a reason dialog, and its timeline. */
export function OrderActions({ order, viewer }: { order: OrderDto; viewer: OrderViewer }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectMovingOrders).includes(order._id);
  const [asking, setAsking] = useState(false);
  const close = useCallback(() => setAsking(false), []);
  const name = `order ${shortOrderId(order._id)}`;
  const advances = viewer === 'admin' ? ORDER_TRANSITIONS[order.status].filter(isAdvance) : [];

  return (
    <div className="row-actions">
      {advances.map((status) => (
        <button
          key={status}
          type="button"
          className="button button--primary button--small"
          aria-label={`${ADVANCE_LABELS[status]} ${name}`}
          disabled={busy}
          onClick={() => dispatch(orderStatusRequested({ orderId: order._id, status }))}
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
          onClick={() => setAsking(true)}
        >
          Cancel
        </button>
      )}
      <Link className="button button--small" to={orderHistoryPath(viewer, order._id)} aria-label={`History of ${name}`}>
        History
      </Link>
      {asking && (
        <CancelOrderDialog
          orderId={order._id}
          onClose={close}
          onCancel={(reason) => {
            dispatch(orderCancelRequested({ orderId: order._id, reason }));
            setAsking(false);
          }}
        />
      )}
    </div>
  );
}
