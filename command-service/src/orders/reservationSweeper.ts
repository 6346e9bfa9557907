import type { LogWriterStatus } from '@toolforge/platform';
import { CommandRejected } from '../shared/decider.js';
import type { Orders } from './orders.js';
import type { ReservationQueue } from './reservationQueue.js';

export interface ReservationSweeperDeps {
  orders: Pick<Orders, 'expireOrder'>;
  queue: ReservationQueue;
  /** RESERVATION_TTL: how long an order may stay pending and unpaid before the shop cancels it. */
  ttlMs: number;
  clock: () => Date;
  /** Whether this process is still the log's writer: one that is not must not decide anything. */
  writer?: LogWriterStatus;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/**
 * Expirations decided at once: they share the group commit's batches, and leave the command queue
 * (COMMAND_QUEUE_LIMIT) room for the customers' own commands while many expire together.
 */
export const SWEEP_CHUNK = 32;
/** The longest the sweeper sleeps, even with nothing due: a clock that jumped is noticed within it. */
export const LONGEST_SLEEP_MS = 60_000;
/** After a sweep that could not expire what was due (the shop busy, a failed batch): the next try. */
export const RETRY_AFTER_MS = 1_000;

/**
 * Cancels each unpaid pending order RESERVATION_TTL after it was placed (OrderCancelled {reason:
 * 'expired', by: null}, by the shop: actor null). Decided like any command, through the command
 * handler, so group commit, fencing and retries apply, and exactly once: an expiry is decided only on
 * an order still pending, one at a time with every other command. It sweeps at start (orders that
 * ran out while the service was down) and then wakes when the earliest pending order is due.
 */
export class ReservationSweeper {
  private timer: NodeJS.Timeout | undefined;
  private wakeAt = Number.POSITIVE_INFINITY;
  private sweeping: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: ReservationSweeperDeps) {}

  /** Sweeps now, then whenever the next order is due. */
  start(): void {
    this.deps.queue.onPlaced((placedAt) => this.wakeBy(placedAt + this.deps.ttlMs));
    this.wakeBy(this.now());
  }

  /** Stops waking; resolves once a sweep under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.queue.onPlaced(undefined);
    clearTimeout(this.timer);
    await this.sweeping;
  }

  /** Expires every order due now; resolves to how many it cancelled. */
  async sweep(): Promise<number> {
    const { orders, queue, ttlMs, writer, logger } = this.deps;
    let expired = 0;
    while (!this.stopped && !writer?.writerLost) {
      const now = this.now();
      const due = queue.pendingPlacedBy(now - ttlMs, SWEEP_CHUNK);
      if (due.length === 0) break;
      const outcomes = await Promise.allSettled(due.map((orderId) => orders.expireOrder(orderId, now, ttlMs)));
      const failures = outcomes.flatMap((outcome) =>
        // Refused: the order moved on (paid, cancelled) since it was picked; it leaves the queue.
        outcome.status === 'rejected' && !(outcome.reason instanceof CommandRejected) ? [outcome.reason as unknown] : [],
      );
      expired += outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      if (failures.length > 0) {
        logger.warn({ err: failures[0], failed: failures.length }, 'could not cancel every reservation that ran out; trying again shortly');
        throw new SweepIncomplete();
      }
    }
    if (expired > 0) logger.info({ expired }, 'cancelled the orders whose reservation ran out unpaid');
    return expired;
  }

  private wakeBy(at: number): void {
    if (this.stopped || at >= this.wakeAt) return;
    clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => this.wake(), Math.max(0, at - this.now()));
    // A process with nothing else to do ends: the sweeper never keeps it alive.
    this.timer.unref();
  }

  private wake(): void {
    this.wakeAt = Number.POSITIVE_INFINITY;
    // A sweep under way wakes the sweeper again when it ends.
    if (this.sweeping) return;
    let retry = false;
    this.sweeping = this.sweep()
      .then(
        () => undefined,
        (error: unknown) => {
          retry = true;
          if (!(error instanceof SweepIncomplete)) this.deps.logger.warn({ err: error }, 'the reservation sweep failed');
        },
      )
      .finally(() => {
        this.sweeping = undefined;
        // A process that is no longer the writer decides nothing more: it is on its way out.
        if (!this.deps.writer?.writerLost) this.wakeBy(this.nextWake(retry));
      });
  }

  private nextWake(retry: boolean): number {
    const now = this.now();
    const earliest = this.deps.queue.earliestPending();
    const due = earliest === undefined ? Number.POSITIVE_INFINITY : earliest + this.deps.ttlMs;
    return Math.min(Math.max(due, retry ? now + RETRY_AFTER_MS : now), now + LONGEST_SLEEP_MS);
  }

  private now(): number {
    return this.deps.clock().getTime();
  }
}

/** Some of what was due could not be cancelled this time. */
class SweepIncomplete extends Error {
  constructor() {
    super('some reservations that ran out could not be cancelled');
    this.name = 'SweepIncomplete';
  }
}
