import { ALL_TOPICS, type EventLog, type Topic } from '@toolforge/contracts';
import { cacheAreasOf, type Cache, type CacheArea, type ReadModelWriter } from '@toolforge/platform';
import { project } from './projections/index.js';

/** A commit of the read model: this partition is applied up to (not including) nextOffset. */
export interface Committed {
  readonly topic: Topic;
  readonly partition: number;
  readonly nextOffset: number;
}

export interface ProjectorLogger {
  error(details: object, message: string): void;
}

export interface ProjectorDeps {
  log: EventLog;
  store: ReadModelWriter;
  /** Told which areas went stale after each commit; absent when nothing caches reads. */
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
  private readonly listeners = new Set<(committed: Committed) => void>();
  private pass: Promise<number> = Promise.resolve(0);
  private running: Promise<void> | undefined;
  private stopping = false;
  private resume: (() => void) | undefined;
  private wakeable = false;
  private woken = false;

  constructor(private readonly deps: ProjectorDeps) {
    this.topics = deps.topics ?? ALL_TOPICS;
    this.batchSize = deps.batchSize ?? 500;
    this.pollIntervalMs = deps.pollIntervalMs ?? 1000;
    this.maxBackoffMs = deps.maxBackoffMs ?? 30_000;
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
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs until stop(): catch up, then wait for a wake-up or the poll interval. */
  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Something was appended: catch up now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    if (this.wakeable) this.resume?.();
  }

  /** Stops the loop after the batch in hand commits or rolls back. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.resume?.();
    await this.running;
    this.running = undefined;
    await this.pass.catch(() => undefined);
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
        if (!this.woken) await this.sleep(this.pollIntervalMs, true);
      } else {
        // Backing off, wake-ups are ignored: retrying at once would only fail again.
        await this.sleep(Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** (failures - 1)), false);
      }
    }
  }

  /** Resolves after `ms`, on stop(), and on wake() when `wakeable`. */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resume = undefined;
        this.wakeable = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resume = done;
      this.wakeable = wakeable;
    });
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
    let from = await this.deps.store.nextOffset(topic, partition);
    while (!this.stopping) {
      const events = await this.deps.log.read(topic, partition, from, this.batchSize);
      if (events.length === 0) break;
      const batch = events.map((event) => ({ offset: event.position.offset, writes: project(event) }));
      const result = await this.deps.store.applyBatch({ topic, partition, events: batch });
      applied += result.applied;
      from = result.nextOffset;
      if (result.applied > 0) {
        const stale = batch.flatMap((event) => event.writes.flatMap(cacheAreasOf));
        await this.committed({ topic, partition, nextOffset: result.nextOffset }, stale);
      }
      if (events.length < this.batchSize) break;
    }
    return applied;
  }

  private async committed(committed: Committed, staleAreas: CacheArea[]): Promise<void> {
    if (this.deps.cache && staleAreas.length > 0) {
      try {
        await this.deps.cache.advance(staleAreas);
      } catch (error) {
        // Reads fall back to the read model when the cache is down; stale entries expire by TTL.
        this.deps.logger?.error({ err: error }, 'could not advance cache generations');
      }
    }
    for (const listener of this.listeners) listener(committed);
  }
}
