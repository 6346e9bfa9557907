import type { Acknowledgement, CancelOrderInput, OrderStatus, OrderStatusCommand } from '@toolforge/contracts';
import { command } from '../../api/command';

/** An order moved on (a status set by an admin, or a cancel): the status it is in now. */
export interface OrderMoved extends Acknowledgement {
  status: OrderStatus;
}

const orderPath = (orderId: string, move: 'status' | 'cancel') => `/orders/${encodeURIComponent(orderId)}/${move}`;

/** An order's moves, each done once however often it is sent. */
export const orderLifecycleCommands = {
  setOrderStatus: command<[orderId: string, body: OrderStatusCommand, idempotencyKey: string], OrderMoved>(
    (orderId, body, idempotencyKey) => ({ method: 'POST', path: orderPath(orderId, 'status'), body, idempotencyKey }),
  ),
  cancelOrder: command<[orderId: string, body: CancelOrderInput, idempotencyKey: string], OrderMoved>((orderId, body, idempotencyKey) => ({
    method: 'POST',
    path: orderPath(orderId, 'cancel'),
    body,
    idempotencyKey,
  })),
};
