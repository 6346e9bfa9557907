import { createHash } from 'node:crypto';
import {
  formatPosition,
  isOrderEvent,
  orderStatusAfter,
  TOPICS,
  type LogPosition,
  type OrderEvent,
  type OrderPlaced,
  type OrderStatus,
  type ShopEvent,
} from '@toolforge/contracts';
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
  /** The order it was about. */
  readonly orderId: string;
  /** Where the event is in the log; undefined while its batch is being written (group commit). */
  readonly position: string | undefined;
  /** Whether the command with this fingerprint is the one answered: a true retry, not a different command under the same key. */
  answers(fingerprint: string): boolean;
}

/**
 * A receipt as the write model keeps it: one per order command ever answered, so a million of them
 * for a million orders, and kept small (kept as texts, the receipts weighed heavily on the embedded
 * shop's retained heap at a million orders: docs/architecture.md#4-the-command-side, the write model;
 * and the collector's pauses under load grow with the objects it marks). What was asked is kept as a
 * digest of its fingerprint in two small whole numbers, the answer as the total or the status, the
 * position as two numbers.
 */
class KeptReceipt implements CommandReceipt {
  /** -1 until the event's batch is stored. */
  partition = -1;
  offset = -1;
  /** Another caller's receipt under the same command id (each caller's keys are its own). */
  sameKey: KeptReceipt | undefined = undefined;
  private readonly askedHigh: number;
  private readonly askedLow: number;

  constructor(
    readonly caller: string,
    readonly orderId: string,
    /** The total in cents of an order placed, or the status an order was moved to. */
    private readonly answered: number | OrderStatus,
    fingerprint: string,
  ) {
    [this.askedHigh, this.askedLow] = digestOf(fingerprint);
  }

  get answer(): ReceiptAnswer {
    return typeof this.answered === 'number' ? { kind: 'placed', totalCostCents: this.answered } : { kind: 'moved', status: this.answered };
  }

  /** An order command's event is in the orders' topic. */
  get position(): string | undefined {
    return this.partition < 0 ? undefined : formatPosition({ topic: TOPICS.orders, partition: this.partition, offset: this.offset });
  }

  answers(fingerprint: string): boolean {
    const [high, low] = digestOf(fingerprint);
    return high === this.askedHigh && low === this.askedLow;
  }
}

/**
 * A fingerprint's digest: the first 48 bits of its SHA-256, as two 24-bit whole numbers (small
 * integers are no objects of their own to the collector). Two different commands of one caller
 * under one key pass for the same with a chance of one in 2^48; the caller's own keys are all that
 * a collision could confuse.
 */
function digestOf(fingerprint: string): [number, number] {
  const digest = createHash('sha256').update(fingerprint).digest();
  return [digest.readUIntBE(0, 3), digest.readUIntBE(3, 3)];
}

/**
 * The write model's receipts of order commands (placing, moving on, cancelling), by command id and
 * caller (a command's id is its Idempotency-Key when it came with one), rebuilt from the log like
 * every other state. The shop's own cancellations (expired, no caller) answer no one. Kept by
 * command id alone, each receipt naming its caller, and chained in the rare case that two callers
 * chose the same key: a key joined of the two texts cost two more objects a receipt.
 */
export class OrderReceipts implements WriteModelPart {
  private readonly receipts = new Map<string, KeptReceipt>();

  apply(event: ModelEvent): void {
    if (event.position) this.followed(event, event.position);
    const caller = callerOf(event);
    if (caller === undefined || !isOrderCommandEvent(event)) return;
    const { answered, fingerprint } = whatItAnswered(event);
    const receipt = new KeptReceipt(caller, event.data.orderId, answered, fingerprint);
    if (event.position) this.place(receipt, event.position);
    this.keep(event.meta.commandId, receipt);
  }

  stored(event: StoredEvent): void {
    this.followed(event, event.position);
    const caller = callerOf(event);
    if (caller === undefined) return;
    const receipt = this.find(caller, event.meta.commandId);
    // One command id of one caller answers one event: of the order it names.
    if (isOrderCommandEvent(event) && receipt?.orderId === event.data.orderId) this.place(receipt, event.position);
  }

  clear(): void {
    this.receipts.clear();
  }

  /**
   * An event that followed an order command's event in its append (its consequence: the invoice
   * after a payment, the credit note after a cancellation) by the same caller, command and order:
   * the command's first answer named the append's last position, so a retry names it again.
   */
  private followed(event: ShopEvent, position: LogPosition): void {
    const { actor, commandId } = event.meta;
    if (actor === null || position.topic !== TOPICS.orders || isOrderCommandEvent(event)) return;
    const orderId = (event.data as { orderId?: unknown }).orderId;
    const receipt = this.find(actor, commandId);
    if (receipt !== undefined && receipt.orderId === orderId && receipt.partition >= 0) this.place(receipt, position);
  }

  /** The answer already given to this caller's command under this Idempotency-Key, if any. */
  of(caller: string, idempotencyKey: string): CommandReceipt | undefined {
    return this.find(caller, idempotencyKey);
  }

  private find(caller: string, commandId: string): KeptReceipt | undefined {
    let receipt = this.receipts.get(commandId);
    while (receipt && receipt.caller !== caller) receipt = receipt.sameKey;
    return receipt;
  }

  /** First under its command id, in place of any receipt of the same caller there. */
  private keep(commandId: string, receipt: KeptReceipt): void {
    receipt.sameKey = withoutCaller(this.receipts.get(commandId), receipt.caller);
    this.receipts.set(commandId, receipt);
  }

  private place(receipt: KeptReceipt, { partition, offset }: { partition: number; offset: number }): void {
    receipt.partition = partition;
    receipt.offset = offset;
  }
}

/** The receipts chained from `first`, less the one of `caller`. */
function withoutCaller(first: KeptReceipt | undefined, caller: string): KeptReceipt | undefined {
  if (!first) return undefined;
  if (first.caller === caller) return first.sameKey;
  first.sameKey = withoutCaller(first.sameKey, caller);
  return first;
}

/** The spec's order of one product: what it asked for, the total the customer was shown included. */
export function orderFingerprint(order: { productId: string; quantity: number; shippingAddress: string; totalCostCents: number }): string {
  return JSON.stringify(['place', order.productId, order.quantity, order.shippingAddress, order.totalCostCents]);
}

/**
 * A checkout of the cart: where to ship is all it asks, what it orders is the cart at its turn (which
 * the order empties, so a retry could not name its lines again).
 */
export function checkoutFingerprint(checkout: { shippingAddress: string }): string {
  return JSON.stringify(['checkout', checkout.shippingAddress]);
}

/** What the command that placed an order asked, as the order says it. */
function placementFingerprint(order: OrderPlaced['data']): string {
  if (order.cartVersion !== null) return checkoutFingerprint(order);
  // The spec's order is of one product: its one line.
  const [line] = order.lines;
  return orderFingerprint({ ...order, productId: line!.productId, quantity: line!.quantity });
}

/** A move of an order to `status`; a cancellation's reason, an offline payment's reference, are part of what was asked. */
export function moveFingerprint(move: { orderId: string; status: OrderStatus; reason?: string; reference?: string }): string {
  return JSON.stringify(['move', move.orderId, move.status, move.reason ?? null, move.reference ?? null]);
}

/** The events that answer an order command: a placement, a move on, a cancellation (every event of an order's life). */
type OrderCommandEvent = Extract<ShopEvent, { type: OrderEvent['type'] }>;

function isOrderCommandEvent(event: ShopEvent): event is OrderCommandEvent {
  return isOrderEvent(event);
}

/** Whose command an event answers: none for the shop's own (an expired reservation) and for other events. */
function callerOf(event: ShopEvent): string | undefined {
  if (!isOrderCommandEvent(event)) return undefined;
  return event.type === 'OrderPlaced' ? event.data.userId : (event.meta.actor ?? undefined);
}

function whatItAnswered(event: OrderCommandEvent): { answered: number | OrderStatus; fingerprint: string } {
  if (event.type === 'OrderPlaced') return { answered: event.data.totalCostCents, fingerprint: placementFingerprint(event.data) };
  const status = orderStatusAfter(event);
  const reason = event.type === 'OrderCancelled' ? event.data.reason : undefined;
  const reference = event.type === 'OrderPaid' && event.data.payment?.method === 'offline' ? event.data.payment.reference : undefined;
  return { answered: status, fingerprint: moveFingerprint({ orderId: event.data.orderId, status, reason, reference }) };
}
