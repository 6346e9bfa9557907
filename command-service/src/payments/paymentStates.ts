import type { StoredEvent } from '@toolforge/platform';
import type { OrderState } from '../orders/order.js';
import { StatesById } from '../shared/statesById.js';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import { PAYMENT_FACT_TYPES, evolvePayments, owedPayments, type OrderPayments, type PaymentFact } from './orderPayments.js';

/** A payment the shop owes back: the refunder's work. */
export interface OwedRefund {
  readonly orderId: string;
  readonly paymentId: string;
  readonly amountCents: number;
}

/** The events after which an order may owe a refund, or owe one no more. */
const OWING_TYPES: ReadonlySet<string> = new Set(['OrderPaid', 'PaymentNotApplied', 'OrderRefunded', 'OrderCancelled']);

/**
 * The write model's payments, by order: what the provider's webhooks and the refunds are decided on,
 * kept only for the orders the provider reported on. It reads each order's status from the orders'
 * states, which apply every event before it (the payments feature is built after the orders').
 *
 * It also keeps what the shop owes back, by order, as each event makes it owed or refunded, so
 * the refunder never walks every order ever paid. An owed refund is handed out only once the events
 * of its order are in the log: one decided on its way there (group commit) may yet fail, and money
 * sent back for a cancellation that never happened would not come back.
 */
export class PaymentStates implements WriteModelPart {
  private readonly byOrder = new StatesById<OrderPayments | undefined, PaymentFact>(PAYMENT_FACT_TYPES, (fact) => fact.data.orderId, {
    evolve: evolvePayments,
    initialState: () => undefined,
  });
  private readonly owed = new Map<string, OwedRefund[]>();
  /** Events of orders with payments still on their way to the log: their order's refunds wait for them. */
  private readonly inFlight = new Map<string, string>();
  private listener: (() => void) | undefined;

  constructor(private readonly orders: { get(orderId: string): OrderState | undefined }) {}

  apply(event: ModelEvent): void {
    this.byOrder.apply(event);
    if (!OWING_TYPES.has(event.type)) return;
    const { orderId } = event.data as { orderId: string };
    if (!this.byOrder.has(orderId)) return;
    const owed = owedPayments(this.byOrder.get(orderId), this.orders.get(orderId)?.status === 'cancelled');
    if (owed.length === 0) this.owed.delete(orderId);
    else
      this.owed.set(
        orderId,
        owed.map(({ paymentId, amountCents }) => ({ orderId, paymentId, amountCents })),
      );
    if (event.position === undefined) this.inFlight.set(event.meta.eventId, orderId);
    else if (owed.length > 0) this.listener?.();
  }

  stored(event: StoredEvent): void {
    const orderId = this.inFlight.get(event.meta.eventId);
    if (orderId === undefined) return;
    this.inFlight.delete(event.meta.eventId);
    if (this.owed.has(orderId)) this.listener?.();
  }

  clear(): void {
    this.byOrder.clear();
    this.owed.clear();
    this.inFlight.clear();
  }

  /** An order's payments; undefined for an order the provider never reported on. */
  get(orderId: string): OrderPayments | undefined {
    return this.byOrder.get(orderId);
  }

  /** The refunds owed now whose grounds are in the log. */
  owedRefunds(): OwedRefund[] {
    const waiting = new Set(this.inFlight.values());
    return [...this.owed].filter(([orderId]) => !waiting.has(orderId)).flatMap(([, refunds]) => refunds);
  }

  /** Hears when a refund may be owed: its grounds just reached the log (one listener: the refunder's). */
  onOwed(listener: (() => void) | undefined): void {
    this.listener = listener;
  }
}
