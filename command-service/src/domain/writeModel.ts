import {
  ALL_TOPICS,
  formatPosition,
  type EventLog,
  type StoredEvent,
  type Topic,
} from '@toolforge/contracts';
import { evolveOrder, type OrderState } from './order/order.js';
import { evolveProduct, type ProductState } from './product/product.js';
import { evolveUser, type UserState } from './user/user.js';

/** The first answer to an order, kept so a retry with the same Idempotency-Key gets it again. */
export interface PlacedOrderReceipt {
  readonly orderId: string;
  readonly position: string;
  readonly totalCostCents: number;
  /** What the order asked for, to tell a true retry from a different order under the same key. */
  readonly fingerprint: string;
}

const READ_BATCH = 500;

/**
 * The command side's state (DESIGN §4): every aggregate folded from the log, kept in memory,
 * rebuilt at start by reading each topic partition to its end and then kept current by applying
 * each appended event. Never the read model.
 */
export class WriteModel {
  readonly products = new Map<string, ProductState>();
  readonly orders = new Map<string, OrderState>();
  readonly users = new Map<string, UserState>();
  private readonly uidByEmail = new Map<string, string>();
  private readonly receipts = new Map<string, PlacedOrderReceipt>();
  private readonly versions = new Map<string, number>();
  private readonly nextOffsets = new Map<string, number>();

  /** Reads whatever the log holds past what this model has applied. */
  async catchUp(log: EventLog): Promise<void> {
    for (const topic of ALL_TOPICS) {
      for (const partition of await log.partitions(topic)) {
        for (;;) {
          const from = this.nextOffsets.get(`${topic}/${partition}`) ?? 0;
          const events = await log.read(topic, partition, from, READ_BATCH);
          for (const event of events) this.apply(event);
          if (events.length < READ_BATCH) break;
        }
      }
    }
  }

  apply(event: StoredEvent): void {
    const { topic, partition, offset } = event.position;
    const partitionKey = `${topic}/${partition}`;
    // Re-delivered events (a catch-up racing an append) are applied once.
    if (offset < (this.nextOffsets.get(partitionKey) ?? 0)) return;
    this.nextOffsets.set(partitionKey, offset + 1);
    this.versions.set(streamKey(topic as Topic, event.streamId), event.streamPosition);

    switch (event.type) {
      case 'ProductAdded':
      case 'ProductDeleted':
        this.setOrDelete(this.products, event.data.productId, evolveProduct(this.products.get(event.data.productId), event));
        return;
      case 'OrderPlaced': {
        const { data, meta } = event;
        this.orders.set(data.orderId, evolveOrder(this.orders.get(data.orderId), event));
        this.setOrDelete(this.products, data.productId, evolveProduct(this.products.get(data.productId), event));
        this.receipts.set(receiptKey(data.userId, meta.commandId), {
          orderId: data.orderId,
          position: formatPosition(event.position),
          totalCostCents: data.totalCostCents,
          fingerprint: orderFingerprint(data),
        });
        return;
      }
      case 'UserSignedIn':
      case 'UserSignedOut':
      case 'AdminGranted': {
        const user = evolveUser(this.users.get(event.data.uid), event);
        this.users.set(user.uid, user);
        if (user.email) this.uidByEmail.set(user.email.toLowerCase(), user.uid);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }

  /** How many events of this stream the model has applied: the expected version of the next append. */
  version(topic: Topic, streamId: string): number {
    return this.versions.get(streamKey(topic, streamId)) ?? 0;
  }

  isAdmin(uid: string): boolean {
    return this.users.get(uid)?.admin ?? false;
  }

  uidOfEmail(email: string): string | undefined {
    return this.uidByEmail.get(email.toLowerCase());
  }

  /** The answer already given to this user's order under this Idempotency-Key, if any. */
  receipt(userId: string, idempotencyKey: string): PlacedOrderReceipt | undefined {
    return this.receipts.get(receiptKey(userId, idempotencyKey));
  }

  private setOrDelete<T>(map: Map<string, T>, key: string, value: T | undefined): void {
    if (value === undefined) map.delete(key);
    else map.set(key, value);
  }
}

export function orderFingerprint(order: { productId: string; quantity: number; shippingAddress: string; totalCostCents: number }): string {
  return JSON.stringify([order.productId, order.quantity, order.shippingAddress, order.totalCostCents]);
}

const streamKey = (topic: Topic, streamId: string) => `${topic}\u0000${streamId}`;
const receiptKey = (userId: string, idempotencyKey: string) => `${userId}\u0000${idempotencyKey}`;
