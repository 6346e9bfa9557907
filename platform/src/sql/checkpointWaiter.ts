import type { LogPosition } from '@toolforge/contracts';
import { Sleepers } from '../timing/sleepers.js';
import type { Checkpoint, CheckpointsReader } from './readStore.js';

export interface CheckpointWaiterOptions {
  /** How often the checkpoints are read while someone waits and nothing wakes the watcher. */
  pollIntervalMs?: number;
  /** How many requests may wait at once; one more is answered at once as 'busy'. */
  maxWaiters?: number;
}

/**
 * How a wait ended: the read model passed every position, the bound ran out, too many already
 * wait, or the caller gave up on it (its signal).
 */
export type WaitOutcome = 'passed' | 'timed-out' | 'busy' | 'canceled';

export const DEFAULT_CHECKPOINT_POLL_MS = 25;
export const DEFAULT_MAX_WAITERS = 1000;

interface Waiter {
  readonly positions: readonly LogPosition[];
  settle(outcome: WaitOutcome): void;
}

const key = (topic: string, partition: number) => `${topic}/${partition}`;

/**
 * Read-your-writes: requests wait, bounded, until the read model has passed given log positions
 * (each partition's checkpoint beyond the position's offset). One watcher serves every waiting
 * request: while anyone waits it reads all checkpoints in one query per tick (`pollIntervalMs`),
 * or at once when woken (an in-process projector calls `wake()` after each commit), and releases
 * every waiter those checkpoints have passed. Nobody waiting, nothing is read. So a thousand waits
 * cost the database what one does, and the number of waits is bounded too.
 */
export class CheckpointWaiter {
  private readonly pollIntervalMs: number;
  private readonly maxWaiters: number;
  private readonly sleepers = new Sleepers();
  private readonly waiters = new Set<Waiter>();
  private known = new Map<string, number>();
  /** When `known` was read; it is trusted for one tick, as a read under way would be. */
  private knownAt = Number.NEGATIVE_INFINITY;
  private watching = false;
  private woken = false;

  constructor(
    private readonly reader: CheckpointsReader,
    options: CheckpointWaiterOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_CHECKPOINT_POLL_MS;
    this.maxWaiters = options.maxWaiters ?? DEFAULT_MAX_WAITERS;
  }

  /**
   * Resolves once the read model has passed every position, after `timeoutMs`, at once when too
   * many wait, or when `signal` aborts (the waiter then leaves at once, freeing its place).
   */
  waitFor(positions: readonly LogPosition[], timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    if (Date.now() - this.knownAt < this.pollIntervalMs && this.hasPassed(positions)) return Promise.resolve('passed');
    if (signal?.aborted) return Promise.resolve('canceled');
    if (this.waiters.size >= this.maxWaiters) return Promise.resolve('busy');
    return new Promise((resolve) => {
      const cancel = () => waiter.settle('canceled');
      const waiter: Waiter = {
        positions,
        settle: (outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', cancel);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => waiter.settle('timed-out'), Math.max(0, timeoutMs));
      signal?.addEventListener('abort', cancel, { once: true });
      this.waiters.add(waiter);
      this.watch();
    });
  }

  /** Something may have moved: read the checkpoints again now (if anyone waits). */
  wake(): void {
    this.woken = true;
    this.sleepers.wakeAll();
  }

  /** How many requests wait now. */
  get waiting(): number {
    return this.waiters.size;
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    void this.loop().finally(() => {
      this.watching = false;
      // A waiter that came while the loop was ending starts it again.
      if (this.waiters.size > 0) this.watch();
    });
  }

  private async loop(): Promise<void> {
    while (this.waiters.size > 0) {
      this.woken = false;
      try {
        this.remember(await this.reader.checkpoints());
      } catch {
        // The read model did not answer: the waiters go on waiting, bounded, and the next tick tries again.
      }
      for (const waiter of [...this.waiters]) {
        if (this.hasPassed(waiter.positions)) waiter.settle('passed');
      }
      if (this.waiters.size === 0) break;
      // Woken during the read: the checkpoints may have moved since it began.
      if (!this.woken) await this.sleepers.sleep(this.pollIntervalMs);
    }
  }

  private remember(checkpoints: readonly Checkpoint[]): void {
    this.known = new Map(checkpoints.map((checkpoint) => [key(checkpoint.topic, checkpoint.partition), checkpoint.nextOffset]));
    this.knownAt = Date.now();
  }

  private hasPassed(positions: readonly LogPosition[]): boolean {
    return positions.every((position) => (this.known.get(key(position.topic, position.partition)) ?? 0) > position.offset);
  }
}
