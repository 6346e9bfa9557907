import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import type { OrderState } from './order.js';

/**
 * The orders whose reservation may still run out, in the order they were placed: the sweeper looks
 * only at the head, so a sweep costs what it expires, not the number of orders (a million of them).
 * An order leaves the queue once it reaches the head and is no longer pending (paid, cancelled).
 * A write model part: rebuilt from the log with the orders' states, after them. It keeps only the
 * orders' ids: when each was placed is in its state (an object per entry weighed on the shop's heap
 * at a million pending orders: docs/architecture.md#4-the-command-side, the write model).
 */
export class ReservationQueue implements WriteModelPart {
  private entries: string[] = [];
  /** Where the queue starts in `entries`: taking from the head moves it rather than shifting the array. */
  private head = 0;
  /** False once an order came in placed before the one at the tail: sorted (once) before the head is next read. */
  private inOrder = true;
  private listener: ((placedAt: number) => void) | undefined;

  constructor(private readonly orders: { get(orderId: string): OrderState | undefined }) {}

  apply(event: ModelEvent): void {
    if (event.type !== 'OrderPlaced') return;
    const placedAt = Date.parse(event.meta.occurredAt);
    // Orders are placed one after another, so almost always at the tail. Not so when the log is read
    // back at a start: each partition in turn, so every partition after the first starts earlier
    // than the one before ended, and a writer whose clock ran behind (before a restart) adds more.
    // Putting each where its time says cost a walk back over a partition's orders per order: with a
    // million orders in the log the command service's start grew with the square of a partition's
    // orders. They are sorted once instead.
    const tail = this.entries.at(-1);
    if (tail !== undefined && this.entries.length > this.head && this.placedAt(tail) > placedAt) this.inOrder = false;
    this.entries.push(event.data.orderId);
    this.listener?.(placedAt);
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.inOrder = true;
  }

  /** Hears when each order from now on was placed (one listener: the sweeper's). */
  onPlaced(listener: ((placedAt: number) => void) | undefined): void {
    this.listener = listener;
  }

  /** When the earliest order still pending was placed (ms since the epoch); undefined when none is. */
  earliestPending(): number | undefined {
    this.dropSettled();
    return this.head < this.entries.length ? this.placedAt(this.entries[this.head]!) : undefined;
  }

  /** The pending orders placed at or before `placedBy`, earliest first, at most `limit` of them. */
  pendingPlacedBy(placedBy: number, limit: number): string[] {
    this.dropSettled();
    const due: string[] = [];
    for (let at = this.head; at < this.entries.length && due.length < limit; at += 1) {
      const orderId = this.entries[at]!;
      if (this.placedAt(orderId) > placedBy) break;
      if (this.isPending(orderId)) due.push(orderId);
    }
    return due;
  }

  /** How many orders the queue holds, settled ones not yet at its head included. */
  get size(): number {
    return this.entries.length - this.head;
  }

  private dropSettled(): void {
    if (!this.inOrder) {
      // Only the pending ones (a settled order never is again), in placement order; the sort is
      // stable, so orders placed in the same millisecond keep the log's order.
      this.entries = this.entries
        .slice(this.head)
        .filter((orderId) => this.isPending(orderId))
        .map((orderId) => ({ orderId, placedAt: this.placedAt(orderId) }))
        .sort((a, b) => a.placedAt - b.placedAt)
        .map((entry) => entry.orderId);
      this.head = 0;
      this.inOrder = true;
    }
    while (this.head < this.entries.length && !this.isPending(this.entries[this.head]!)) this.head += 1;
    // Now and then the taken part goes, so the array does not keep every order ever placed.
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** An order in the queue has a state: the orders' part folds each event before this one does. */
  private placedAt(orderId: string): number {
    return this.orders.get(orderId)?.placedAt ?? Number.NEGATIVE_INFINITY;
  }

  private isPending(orderId: string): boolean {
    return this.orders.get(orderId)?.status === 'pending';
  }
}
