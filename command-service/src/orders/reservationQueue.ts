import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import type { OrderState } from './order.js';

/**
 * The orders whose reservation may still run out, in the order they were placed: the sweeper looks
 * only at the head, so a sweep costs what it expires, not the number of orders (a million of them).
 * An order leaves the queue once it reaches the head and is no longer pending (paid, cancelled).
 * A write model part: rebuilt from the log with the orders' states.
 */
export class ReservationQueue implements WriteModelPart {
  private orderIds: string[] = [];
  /** Where the queue starts in `orderIds`: taking from the head moves it rather than shifting the array. */
  private head = 0;
  private listener: ((placedAt: number) => void) | undefined;

  constructor(private readonly orders: { get(orderId: string): OrderState | undefined }) {}

  apply(event: ModelEvent): void {
    if (event.type !== 'OrderPlaced') return;
    const placedAt = Date.parse(event.meta.occurredAt);
    // Orders are placed one after another, so almost always at the tail; one whose clock ran behind
    // (another writer's, before a restart) is put where its time says.
    let at = this.orderIds.length;
    while (at > this.head && this.placedAt(this.orderIds[at - 1]!) > placedAt) at -= 1;
    this.orderIds.splice(at, 0, event.data.orderId);
    this.listener?.(placedAt);
  }

  clear(): void {
    this.orderIds = [];
    this.head = 0;
  }

  /** Hears when each order from now on was placed (one listener: the sweeper's). */
  onPlaced(listener: ((placedAt: number) => void) | undefined): void {
    this.listener = listener;
  }

  /** When the earliest order still pending was placed (ms since the epoch); undefined when none is. */
  earliestPending(): number | undefined {
    this.dropSettled();
    return this.head < this.orderIds.length ? this.placedAt(this.orderIds[this.head]!) : undefined;
  }

  /** The pending orders placed at or before `placedBy`, earliest first, at most `limit` of them. */
  pendingPlacedBy(placedBy: number, limit: number): string[] {
    this.dropSettled();
    const due: string[] = [];
    for (let at = this.head; at < this.orderIds.length && due.length < limit; at += 1) {
      const orderId = this.orderIds[at]!;
      const order = this.orders.get(orderId);
      if (!order) continue;
      if (order.placedAt > placedBy) break;
      if (order.status === 'pending') due.push(orderId);
    }
    return due;
  }

  /** How many orders the queue holds, settled ones not yet at its head included. */
  get size(): number {
    return this.orderIds.length - this.head;
  }

  private dropSettled(): void {
    while (this.head < this.orderIds.length && this.orders.get(this.orderIds[this.head]!)?.status !== 'pending') this.head += 1;
    // Now and then the taken part goes, so the array does not keep every order ever placed.
    if (this.head > 1024 && this.head * 2 > this.orderIds.length) {
      this.orderIds = this.orderIds.slice(this.head);
      this.head = 0;
    }
  }

  private placedAt(orderId: string): number {
    return this.orders.get(orderId)?.placedAt ?? Number.NEGATIVE_INFINITY;
  }
}
