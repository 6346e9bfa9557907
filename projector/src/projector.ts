import { ALL_TOPICS, type LogPosition, type Topic } from '@toolforge/contracts';
import { Sleepers, readAhead, type EventLog, type LogPage, type ReadAllOptions } from '@toolforge/platform';
import type { Cache, HotAnswers } from '@toolforge/platform/cache';
import type { IdentifiedLog, OnLogChange } from '@toolforge/platform/sql';
import { eventsAtOf } from './deadLetterRetries.js';
import { LogChangedError } from './logBinding.js';
import {
  ReadModelUpdater,
  projectPage,
  type Committed,
  type ProjectedPage,
  type ProjectorLogger,
  type ProjectorStore,
} from './readModelUpdater.js';

export interface ProjectorDeps {
  /** A log that can say which one it is (the embedded log, Kafka) is checked against the read model's before the first batch. */
  log: EventLog & Partial<IdentifiedLog>;
  /** When the read model was built from another log: refuse to apply (the default), or empty it and start over. */
  onLogChange?: OnLogChange;
  store: ProjectorStore;
  /** Told which areas went stale after each commit, and given the hot answers; absent when nothing caches reads. */
  cache?: Cache;
  /** The answers to put in the cache after each commit that moves their area (the host wires the query side's). */
  hotAnswers?: readonly HotAnswers[];
  topics?: readonly Topic[];
  /** Events read and applied per transaction. */
  batchSize?: number;
  /**
   * Ask for the next page of the log while a batch is applied (readAhead): for a projector that
   * reads a whole log into a database of another process, a rebuild's or a replay's. The running
   * projector reads as it goes, each partition from its checkpoint when it gets there.
   */
  readAhead?: boolean;
  /**
   * How many of a topic's partitions are applied side by side, each in transactions of its own
   * (a rebuild's: while one waits for the database, the next batch is read and projected). A
   * topic's partitions share no order row, and the rows they do share take additions, which commute;
   * topics stay one after another, since a later topic's events follow an earlier one's rows (reviews
   * after their products). 1 when left out: the running projector applies one partition at a time.
   */
  lanes?: number;
  /** How long the running projector waits for a wake-up before it reads the log again anyway. */
  pollIntervalMs?: number;
  /** The longest pause after failures, which back off from pollIntervalMs. */
  maxBackoffMs?: number;
  logger?: ProjectorLogger;
}

/**
 * Consumes the log from the read model's checkpoints and applies each batch with its checkpoint in
 * one transaction (docs/architecture.md#6-the-projector-and-the-read-model). Running, it catches up whenever woken (an in-process log calls
 * `wake()` on append) and polls as a fallback; a failed batch is retried with backoff, from the
 * checkpoint, so nothing is applied twice or skipped.
 */
export class Projector {
  private readonly topics: readonly Topic[];
  private readonly batchSize: number;
  private readonly lanes: number;
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
  /**
   * The partitions the next pass of the running loop reads: those appended to since the last pass
   * began, as the wake-ups named them, or every partition (the first pass, after a poll that no
   * wake-up ended, after a failure, or a wake-up that named none). Embedded, every append wakes
   * the projector: reading each topic's every partition then cost the shop's one thread a large
   * share of its time at 500 orders a second (a checkpoint and an empty page each), timed per
   * statement.
   */
  private appended: Set<string> | 'every' = 'every';
  private boundToLog = false;

  constructor(private readonly deps: ProjectorDeps) {
    this.topics = deps.topics ?? ALL_TOPICS;
    this.batchSize = deps.batchSize ?? 500;
    this.lanes = deps.lanes ?? 1;
    if (!Number.isInteger(this.lanes) || this.lanes < 1)
      throw new RangeError(`a projector applies at least one partition at a time, not ${this.lanes}`);
    this.pollIntervalMs = deps.pollIntervalMs ?? 1000;
    this.maxBackoffMs = deps.maxBackoffMs ?? 30_000;
    // The log is also where a retried dead letter's event is read.
    this.updater = new ReadModelUpdater({ ...deps, eventsAt: eventsAtOf(deps.log) });
  }

  /** Applies everything the log holds past the checkpoints; resolves the number of events applied. */
  catchUp(): Promise<number> {
    return this.passOver(undefined);
  }

  /** One pass over the partitions `only` names (`topic/partition`), or all of them. */
  private passOver(only: ReadonlySet<string> | undefined): Promise<number> {
    // One pass at a time: a pass started while another runs begins after it, from its checkpoints.
    const next = this.pass.catch(() => 0).then(() => this.catchUpOnce(only));
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
    // Its first pass reads every partition, whatever wake-ups came while it was stopped.
    this.appended = 'every';
    this.running = this.loop();
  }

  /**
   * Something was appended: catch up now rather than at the next poll. `appended`, the stored
   * events, says where: the pass then reads only those partitions; without it, every partition.
   */
  wake(appended?: readonly { readonly position: LogPosition }[]): void {
    this.woken = true;
    if (!appended) this.appended = 'every';
    else if (this.appended !== 'every')
      for (const { position } of appended) this.appended.add(partitionKey(position.topic, position.partition));
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
      const only = this.appended;
      this.appended = new Set();
      try {
        await this.passOver(only === 'every' ? undefined : only);
        failures = 0;
      } catch (error) {
        if (error instanceof LogChangedError) {
          // Retrying cannot help: someone has to point the projector at the right log, or ask for a rebuild.
          this.deps.logger?.error({ err: error }, error.message);
          break;
        }
        failures += 1;
        this.appended = 'every';
        this.deps.logger?.error({ err: error, failures }, 'projector batch failed; retrying from the checkpoint');
      }
      if (this.stopping) break;
      if (failures === 0) {
        // Woken during the pass: there is more to apply already.
        if (!this.woken) await this.polls.sleep(this.pollIntervalMs);
        // A poll no wake-up ended reads everything: whatever a wake-up could have missed.
        if (!this.woken) this.appended = 'every';
      } else {
        await this.backoffs.sleep(Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** (failures - 1)));
      }
    }
  }

  private async catchUpOnce(only: ReadonlySet<string> | undefined): Promise<number> {
    if (!this.boundToLog) await this.bindToLog();
    const read = (topic: Topic, partition: number) => !only || only.has(partitionKey(topic, partition));
    // In the topics' order whichever were appended to first: a later topic's events follow an earlier one's rows.
    const topics = this.topics.filter((topic) => !only || [...only].some((key) => key.startsWith(`${topic}/`)));
    if (this.lanes === 1) return this.applyPages({ topics, partitions: read });
    let applied = 0;
    for (const topic of topics) {
      // A failed lane halts the others after their batch in hand: the pass fails, and is retried from the checkpoints.
      let halted = false;
      const inLane = (lane: number) => (_topic: Topic, partition: number) => partition % this.lanes === lane && read(topic, partition);
      const lanes = Array.from({ length: this.lanes }, (_, lane) =>
        this.applyPages({ topics: [topic], partitions: inLane(lane) }, () => halted).catch((error: unknown) => {
          halted = true;
          throw error;
        }),
      );
      // Every lane ends (commits or rolls back its batch) before the pass does.
      const ended = await Promise.allSettled(lanes);
      const failed = ended.find((lane) => lane.status === 'rejected');
      if (failed) throw failed.reason;
      for (const lane of ended) if (lane.status === 'fulfilled') applied += lane.value;
    }
    return applied;
  }

  /** Applies the pages of these topics (and partitions) from the checkpoints; answers the events applied. */
  private async applyPages(read: Pick<ReadAllOptions, 'topics' | 'partitions'>, halted = () => false): Promise<number> {
    let applied = 0;
    // Each partition from its checkpoint, read just before the partition is.
    const from = (topic: Topic, partition: number) => this.updater.nextOffset(topic, partition);
    const pages = projectPages(this.deps.log.readAll({ ...read, from, pageSize: this.batchSize }));
    // Read ahead, the next page is projected too while a batch is applied: with the database on
    // another thread or process, this thread's work and the database's overlap.
    for await (const page of this.deps.readAhead ? readAhead(pages) : pages) {
      if (this.stopping || halted()) break;
      applied += (await this.updater.applyProjected(page)).applied;
    }
    return applied;
  }

  /** Before the first batch: is the read model this log's? (LogChangedError when it is another's.) */
  private async bindToLog(): Promise<void> {
    const { log } = this.deps;
    if (log.identify) await this.updater.bindToLog(await log.identify(), this.deps.onLogChange ?? 'refuse');
    this.boundToLog = true;
  }
}

async function* projectPages(pages: AsyncIterable<LogPage>): AsyncGenerator<ProjectedPage> {
  for await (const page of pages) yield projectPage(page);
}

/** A partition as the wake-ups name it. */
const partitionKey = (topic: string, partition: number) => `${topic}/${partition}`;
