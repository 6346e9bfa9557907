import { formatPosition } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';

/** The first answer to an order, kept so a retry with the same Idempotency-Key gets it again. */
export interface PlacedOrderReceipt {
  readonly orderId: string;
  /** Where the order is in the log; undefined while its batch is being written (group commit). */
  position: string | undefined;
  readonly totalCostCents: number;
  /** What the order asked for, to tell a true retry from a different order under the same key. */
  readonly fingerprint: string;
}

/**
 * The write model's receipts of placed orders, by customer and command id (an order's command id
 * is its Idempotency-Key when it came with one), rebuilt from the log like every other state.
 */
export class OrderReceipts implements WriteModelPart {
  private readonly receipts = new Map<string, PlacedOrderReceipt>();

  apply(event: ModelEvent): void {
    if (event.type !== 'OrderPlaced') return;
    const { data, meta } = event;
    this.receipts.set(receiptKey(data.userId, meta.commandId), {
      orderId: data.orderId,
      position: event.position && formatPosition(event.position),
      totalCostCents: data.totalCostCents,
      fingerprint: orderFingerprint(data),
    });
  }

  stored(event: StoredEvent): void {
    if (event.type !== 'OrderPlaced') return;
    const receipt = this.receipts.get(receiptKey(event.data.userId, event.meta.commandId));
    if (receipt?.orderId === event.data.orderId) receipt.position = formatPosition(event.position);
  }

  clear(): void {
    this.receipts.clear();
  }

  /** The answer already given to this user's order under this Idempotency-Key, if any. */
  of(userId: string, idempotencyKey: string): PlacedOrderReceipt | undefined {
    return this.receipts.get(receiptKey(userId, idempotencyKey));
  }
}

export function orderFingerprint(order: { productId: string; quantity: number; shippingAddress: string; totalCostCents: number }): string {
  return JSON.stringify([order.productId, order.quantity, order.shippingAddress, order.totalCostCents]);
}

const receiptKey = (userId: string, idempotencyKey: string) => `${userId}\u0000${idempotencyKey}`;
