import { ALL_TOPICS, type EventLog, type Topic } from '@toolforge/contracts';
import { Sleepers, type Cache } from '@toolforge/platform';
import { ReadModelUpdater, type Committed, type ProjectorLogger, type ProjectorStore } from './readModelUpdater.js';

export interface ProjectorDeps {
  log: EventLog;
  store: ProjectorStore;
  /** Told which areas went stale after each commit, and given the hot answers; absent when nothing caches reads. */
  cache?: Cache;
  topics?: readonly Topic[];
  /** Events read and applied per transaction. */
  batchSize?: number;
  /** How long the running projector waits for a wake-up before it reads the log again anyway. */
  pollIntervalMs?: number;
  /** The longest pause after failures, which back off from pollIntervalMs. */
  maxBackoffMs?: number;
  logger?: ProjectorLogger;
}

/**
 * Consumes the log from the read model's checkpoints and applies each batch with its checkpoint in
 * one transaction (DESIGN §6). Running, it catches up whenever woken (an in-process log calls
 * `wake()` on append) and polls as a fallback; a failed batch is retried with backoff, from the
 * checkpoint, so nothing is applied twice or skipped.
 */
export class Projector {
  private readonly topics: readonly Topic[];
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly updater: ReadModelUpdater;
  private pass: Promise<number> = Promise.resolve(0);
  private running: Promise<void> | undefined;
  private stopping = false;
  /** The wait between polls: a wake-up or stop() ends it. */
  private readonly polls = new Sleepers();
  /** The wait after a failed pass: only stop() ends it; retrying at once would only fail again. */
  private readonly backoffs = new Sleepers();
  private woken = false;

  constructor(private readonly deps: ProjectorDeps) {
    this.topics = deps.topics ?? ALL_TOPICS;
    this.batchSize = deps.batchSize ?? 500;
    this.pollIntervalMs = deps.pollIntervalMs ?? 1000;
    this.maxBackoffMs = deps.maxBackoffMs ?? 30_000;
    this.updater = new ReadModelUpdater(deps);
  }

  /** Applies everything the log holds past the checkpoints; resolves the number of events applied. */
  catchUp(): Promise<number> {
    // One pass at a time: a pass started while another runs begins after it, from its checkpoints.
    const next = this.pass.catch(() => 0).then(() => this.catchUpOnce());
    this.pass = next;
    return next;
  }

  /** Called after each commit, with where that partition now stands. */
  onCommitted(listener: (committed: Committed) => void): () => void {
    return this.updater.onCommitted(listener);
  }

  /** Runs until stop(): catch up, then wait for a wake-up or the poll interval. */
  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Something was appended: catch up now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.polls.wakeAll();
  }

  /** Resolves when the cache holds the hot answers of every commit so far (or failed to take them). */
  cacheRefreshed(): Promise<void> {
    return this.updater.settled();
  }

  /** Stops the loop after the batch in hand commits or rolls back, and the cache refresh under way ends. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.polls.wakeAll();
    this.backoffs.wakeAll();
    await this.running;
    this.running = undefined;
    await this.pass.catch(() => undefined);
    await this.updater.settled();
    // Stopped, it still catches up when asked to (catchUp), and can be started again.
    this.stopping = false;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      this.woken = false;
      try {
        await this.catchUp();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.deps.logger?.error({ err: error, failures }, 'projector batch failed; retrying from the checkpoint');
      }
      if (this.stopping) break;
      if (failures === 0) {
        // Woken during the pass: there is more to apply already.
        if (!this.woken) await this.polls.sleep(this.pollIntervalMs);
      } else {
        await this.backoffs.sleep(Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** (failures - 1)));
      }
    }
  }

  private async catchUpOnce(): Promise<number> {
    let applied = 0;
    for (const topic of this.topics) {
      for (const partition of await this.deps.log.partitions(topic)) {
        applied += await this.catchUpPartition(topic, partition);
      }
    }
    return applied;
  }

  private async catchUpPartition(topic: Topic, partition: number): Promise<number> {
    let applied = 0;
    let from = await this.updater.nextOffset(topic, partition);
    while (!this.stopping) {
      const events = await this.deps.log.read(topic, partition, from, this.batchSize);
      if (events.length === 0) break;
      const result = await this.updater.apply(topic, partition, events);
      applied += result.applied;
      from = result.nextOffset;
      if (events.length < this.batchSize) break;
    }
    return applied;
  }
}
