import { formatPosition, type OrderStatus, type ShopEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';

/** What the first answer to an order command said, besides its position. */
export type ReceiptAnswer =
  /** An order placed: its total. */
  | { readonly kind: 'placed'; readonly totalCostCents: number }
  /** An order moved on or cancelled: the status it was left in. */
  | { readonly kind: 'moved'; readonly status: OrderStatus };

/** The first answer to an order command, kept so a retry with the same Idempotency-Key gets it again. */
export interface CommandReceipt {
  readonly answer: ReceiptAnswer;
  /** What the command asked for, to tell a true retry from a different command under the same key. */
  readonly fingerprint: string;
  /** The order it was about: the receipt takes the position of that order's event once its batch is stored. */
  readonly orderId: string;
  /** Where the event is in the log; undefined while its batch is being written (group commit). */
  position: string | undefined;
}

/** The status each event that moves an order on leaves it in. */
const MOVED_TO = { OrderPaid: 'paid', OrderShipped: 'shipped', OrderDelivered: 'delivered', OrderCancelled: 'cancelled' } as const;

/**
 * The write model's receipts of order commands (placing, moving on, cancelling), by caller and
 * command id (a command's id is its Idempotency-Key when it came with one), rebuilt from the log
 * like every other state. The shop's own cancellations (expired, no caller) answer no one.
 */
export class OrderReceipts implements WriteModelPart {
  private readonly receipts = new Map<string, CommandReceipt>();

  apply(event: ModelEvent): void {
    const caller = callerOf(event);
    if (caller === undefined || !isOrderCommandEvent(event)) return;
    const { answer, fingerprint } = whatItAnswered(event);
    const position = event.position && formatPosition(event.position);
    this.receipts.set(receiptKey(caller, event.meta.commandId), { answer, fingerprint, orderId: event.data.orderId, position });
  }

  stored(event: StoredEvent): void {
    const caller = callerOf(event);
    if (caller === undefined) return;
    const receipt = this.receipts.get(receiptKey(caller, event.meta.commandId));
    // One command id of one caller answers one event: of the order it names.
    if (isOrderCommandEvent(event) && receipt?.orderId === event.data.orderId) receipt.position = formatPosition(event.position);
  }

  clear(): void {
    this.receipts.clear();
  }

  /** The answer already given to this caller's command under this Idempotency-Key, if any. */
  of(caller: string, idempotencyKey: string): CommandReceipt | undefined {
    return this.receipts.get(receiptKey(caller, idempotencyKey));
  }
}

export function orderFingerprint(order: { productId: string; quantity: number; shippingAddress: string; totalCostCents: number }): string {
  return JSON.stringify(['place', order.productId, order.quantity, order.shippingAddress, order.totalCostCents]);
}

/** A move of an order to `status`; a cancellation's reason is part of what was asked. */
export function moveFingerprint(move: { orderId: string; status: OrderStatus; reason?: string }): string {
  return JSON.stringify(['move', move.orderId, move.status, move.reason ?? null]);
}

/** The events that answer an order command: a placement, a move on, a cancellation. */
type OrderCommandEvent = Extract<ShopEvent, { type: 'OrderPlaced' | keyof typeof MOVED_TO }>;

function isOrderCommandEvent(event: ShopEvent): event is OrderCommandEvent {
  return event.type === 'OrderPlaced' || event.type in MOVED_TO;
}

/** Whose command an event answers: none for the shop's own (an expired reservation) and for other events. */
function callerOf(event: ShopEvent): string | undefined {
  if (!isOrderCommandEvent(event)) return undefined;
  return event.type === 'OrderPlaced' ? event.data.userId : (event.meta.actor ?? undefined);
}

function whatItAnswered(event: OrderCommandEvent): Pick<CommandReceipt, 'answer' | 'fingerprint'> {
  if (event.type === 'OrderPlaced') {
    return { answer: { kind: 'placed', totalCostCents: event.data.totalCostCents }, fingerprint: orderFingerprint(event.data) };
  }
  const status = MOVED_TO[event.type];
  const reason = event.type === 'OrderCancelled' ? event.data.reason : undefined;
  return { answer: { kind: 'moved', status }, fingerprint: moveFingerprint({ orderId: event.data.orderId, status, reason }) };
}

const receiptKey = (caller: string, idempotencyKey: string) => `${caller}\u0000${idempotencyKey}`;
