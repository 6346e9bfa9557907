import type { LogPosition } from '@toolforge/contracts';
import { Sleepers } from '../timing/sleepers.js';
import type { CheckpointReader } from './readStore.js';

export interface CheckpointWaiterOptions {
  /** How often the checkpoints are read again while nothing wakes the waiter. */
  pollIntervalMs?: number;
}

/**
 * Read-your-writes (DESIGN §4): waits, bounded, until the read model has passed given log
 * positions, that is until each partition's checkpoint is beyond the position's offset. It reads
 * the checkpoints again on every `wake()` (an in-process projector calls it after each commit) and
 * otherwise every `pollIntervalMs`, so it also works when the projector runs elsewhere.
 */
export class CheckpointWaiter {
  private readonly pollIntervalMs: number;
  private readonly sleepers = new Sleepers();

  constructor(
    private readonly checkpoints: CheckpointReader,
    options: CheckpointWaiterOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
  }

  /** Whether the read model has passed every position. */
  async hasPassed(positions: readonly LogPosition[]): Promise<boolean> {
    for (const position of positions) {
      if ((await this.checkpoints.nextOffset(position.topic, position.partition)) <= position.offset) return false;
    }
    return true;
  }

  /** Resolves true once the read model has passed every position, or false after `timeoutMs`. */
  async waitFor(positions: readonly LogPosition[], timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.hasPassed(positions)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.sleepers.sleep(Math.min(left, this.pollIntervalMs));
    }
  }

  /** Something may have moved: every waiter reads the checkpoints again now. */
  wake(): void {
    this.sleepers.wakeAll();
  }
}
