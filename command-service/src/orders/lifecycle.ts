import {
  EXPIRED_REASON,
  ORDER_TRANSITIONS,
  messages,
  paymentMessages,
  type OrderCancelled,
  type OrderDelivered,
  type OrderPaid,
  type OrderShipped,
  type OrderStatus,
} from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveOrder, type OrderFact, type OrderState } from './order.js';

/**
 * An admin moves an order on: shipped or delivered, or paid offline (a bank transfer: `reference`
 * names it; card payments are the provider's webhook's, payments/).
 */
export type MarkOrder = { type: 'MarkOrder'; data: { orderId: string; status: MarkableStatus; reference?: string } };
/**
 * The customer who placed it, or an admin, cancels an order. `callerIsAdmin` is the caller's role
 * at the command's turn.
 */
export type CancelOrder = {
  type: 'CancelOrder';
  data: { orderId: string; caller: string; callerIsAdmin: boolean; reason: string };
};
/** The shop cancels an order whose reservation ran out unpaid: `now` is the shop's clock, `ttlMs` RESERVATION_TTL. */
export type ExpireOrder = { type: 'ExpireOrder'; data: { orderId: string; now: number; ttlMs: number } };
export type OrderLifecycleCommand = MarkOrder | CancelOrder | ExpireOrder;

export type MarkableStatus = 'paid' | 'shipped' | 'delivered';
export type OrderLifecycleEvent = Decided<OrderPaid | OrderShipped | OrderDelivered | OrderCancelled>;

const EVENT_OF: Record<Exclude<MarkableStatus, 'paid'>, 'OrderShipped' | 'OrderDelivered'> = {
  shipped: 'OrderShipped',
  delivered: 'OrderDelivered',
};

/** Why the shop does not expire an order that is still within its time (never shown to a user). */
export const NOT_DUE_YET = 'The order’s reservation has not run out yet';

/**
 * An order's life after it is placed (docs/architecture.md#9-the-products-rules): pending → paid → shipped →
 * delivered, cancelled from pending or paid. A customer may cancel their own order while it is
 * pending; an admin any order ORDER_TRANSITIONS lets be cancelled; the shop an unpaid pending order
 * once its reservation has run out.
 */
export function decideLifecycle(command: OrderLifecycleCommand, state: OrderState | undefined): OrderLifecycleEvent[] {
  if (!state) throw new CommandRejected('not-found', messages.orderNotFound);
  const { orderId } = command.data;
  switch (command.type) {
    case 'MarkOrder': {
      const { status, reference } = command.data;
      mayMove(state.status, status);
      if (status !== 'paid') return [{ type: EVENT_OF[status], data: { orderId } }];
      // The schema requires it; a command without one is no offline payment.
      if (!reference) throw new CommandRejected('bad-request', paymentMessages.referenceRequired);
      return [{ type: 'OrderPaid', data: { orderId, payment: { method: 'offline', reference, amountCents: state.totalCostCents } } }];
    }
    case 'CancelOrder': {
      const { caller, callerIsAdmin, reason } = command.data;
      const theirs = caller === state.userId;
      if (!callerIsAdmin && !theirs) throw new CommandRejected('forbidden', messages.forbiddenOtherOrder);
      // An admin's rights apply to whoever has them; a pending order of their own they cancel as its customer.
      if (callerIsAdmin) mayMove(state.status, 'cancelled');
      else if (state.status !== 'pending') throw new CommandRejected('conflict', messages.customerCancelNotPending);
      const by = theirs && state.status === 'pending' ? 'customer' : 'admin';
      return [cancelled(orderId, state, reason, by)];
    }
    case 'ExpireOrder': {
      // Pending is unpaid: a payment moves the order on to paid.
      if (state.status !== 'pending') throw new CommandRejected('conflict', messages.orderTransition(state.status, 'cancelled'));
      if (state.placedAt + command.data.ttlMs > command.data.now) throw new CommandRejected('conflict', NOT_DUE_YET);
      return [cancelled(orderId, state, EXPIRED_REASON, null)];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

function mayMove(from: OrderStatus, to: OrderStatus): void {
  if (!ORDER_TRANSITIONS[from].includes(to)) throw new CommandRejected('conflict', messages.orderTransition(from, to));
}

/** The cancellation gives every line's quantity back to its product: the fact carries what that takes. */
function cancelled(orderId: string, order: OrderState, reason: string, by: OrderCancelled['data']['by']): OrderLifecycleEvent {
  const { userId, lines } = order;
  return { type: 'OrderCancelled', data: { orderId, userId, lines: [...lines], reason, by } };
}

/** An order after it is placed: decided on its own stream's state. */
export const orderLifecycleDecider: Decider<OrderState | undefined, OrderLifecycleCommand, OrderLifecycleEvent, OrderFact> = {
  decide: decideLifecycle,
  evolve: evolveOrder,
  initialState: () => undefined,
};
