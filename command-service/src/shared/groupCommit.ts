import type { AppendRequest, AppendResult, EventLog, StoredEvent } from '@toolforge/platform';

/** How much one batch of the group commit may hold. */
export interface BatchLimits {
  /** Appends (one per command) per batch. */
  readonly maxAppends: number;
  /**
   * Bytes of events per batch, as JSON. A batch takes appends while below it, so it may end one
   * append above it: Kafka refuses a record batch past its max.message.bytes (1 MiB by default),
   * far above this bound plus any command's events.
   */
  readonly maxBytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxAppends: 500, maxBytes: 256 * 1024 };

/**
 * A command was decided on events of a batch that failed: nothing of it was written, and the write
 * model must forget those events before it is decided again.
 */
export class DecidedOnFailedBatch extends Error {
  constructor(override readonly cause: unknown) {
    super('a batch this command was decided after failed; nothing of it was written');
    this.name = 'DecidedOnFailedBatch';
  }
}

interface Entry {
  readonly request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

class Batch {
  readonly entries: Entry[] = [];
  bytes = 0;
  /** Settles when the batch is committed (and every batch before it), or fails. */
  readonly done: Promise<void>;
  settle!: (error?: unknown) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error?: unknown) => {
        if (error === undefined) resolve();
        // The log's own error, handed on as it came (its adapters throw Errors).
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        else reject(error);
      };
    });
    // Nobody may be waiting on it; each waiter hears the failure through its own promise.
    this.done.catch(() => undefined);
  }
}

/**
 * Group commit on the single writer (docs/architecture.md#4-the-command-side): appends handed over while a batch is
 * being written gather in the next one, written as one transaction of the log as soon as the one
 * before it ends. No timer: an idle writer writes a lone append at once. At most one batch is
 * written and one gathers; a full gathering batch holds the next command back (`room`).
 *
 * When the log refuses a batch, its appends are written again one by one (`writeAlone`), so that a
 * command whose events the log refuses fails alone rather than with every command of its batch. The
 * refused append fails with the log's error; the appends after it and the gathering batch's fail
 * with DecidedOnFailedBatch (they were decided on the failed events), and `epoch` moves on: whoever
 * decided on the failed events starts its model over from the log before deciding again.
 */
export class GroupCommit {
  private writing: Batch | null = null;
  private gathering = new Batch();
  private roomWaiters: (() => void)[] = [];
  private currentEpoch = 0;

  constructor(
    private readonly log: EventLog,
    /** Hears every committed batch's events before any command of it is answered. */
    private readonly committed: (stored: readonly StoredEvent[]) => void,
    private readonly limits: BatchLimits = DEFAULT_BATCH_LIMITS,
  ) {}

  /** Moves on with every failed batch. */
  get epoch(): number {
    return this.currentEpoch;
  }

  /** Resolves when the gathering batch can take another append. */
  room(): Promise<void> {
    if (!this.isFull(this.gathering)) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /**
   * Hands an append over to the gathering batch; answers when its batch is committed and readable.
   * Refused (DecidedOnFailedBatch) when it was decided in an epoch that has ended since.
   */
  append(request: AppendRequest, epoch: number): Promise<AppendResult> {
    if (epoch !== this.currentEpoch) return Promise.reject(new DecidedOnFailedBatch('an earlier batch failed'));
    return new Promise<AppendResult>((resolve, reject) => {
      const batch = this.gathering;
      batch.entries.push({ request, resolve, reject });
      for (const event of request.events) batch.bytes += JSON.stringify(event).length;
      // Written next as soon as nothing is: the commands decided meanwhile (this turn of the event
      // loop included) join it.
      if (!this.writing) setImmediate(() => this.writeNext());
    });
  }

  /** Settles once everything handed over so far is committed; fails if any of it failed. */
  settled(): Promise<void> {
    const last = this.gathering.entries.length > 0 ? this.gathering.done : this.writing?.done;
    return (last ?? Promise.resolve()).catch((error: unknown) => {
      throw error instanceof DecidedOnFailedBatch ? error : new DecidedOnFailedBatch(error);
    });
  }

  private isFull(batch: Batch): boolean {
    return batch.entries.length >= this.limits.maxAppends || batch.bytes >= this.limits.maxBytes;
  }

  private writeNext(): void {
    if (this.writing || this.gathering.entries.length === 0) return;
    const batch = this.gathering;
    this.writing = batch;
    this.gathering = new Batch();
    for (const waiter of this.roomWaiters.splice(0)) waiter();
    void this.write(batch);
  }

  private async write(batch: Batch): Promise<void> {
    try {
      this.commit(batch.entries, await this.log.appendBatch(batch.entries.map((entry) => entry.request)));
    } catch (error) {
      if (batch.entries.length === 1) return this.fail(batch, 0, error);
      return this.writeAlone(batch);
    }
    this.written(batch);
  }

  /**
   * After a refused batch, each of its appends is written alone, in order: one command whose events
   * the log refuses then fails by itself, and the commands before it are committed. Those after it
   * were decided on the model that held its events, so they are decided again (DecidedOnFailedBatch).
   * Nothing is written twice: a batch the log refused was not committed, and an append written again
   * on a stream that has it already would meet its expected version taken (ConcurrencyError).
   */
  private async writeAlone(batch: Batch): Promise<void> {
    for (const [index, entry] of batch.entries.entries()) {
      try {
        this.commit([entry], await this.log.appendBatch([entry.request]));
      } catch (error) {
        return this.fail(batch, index, error);
      }
    }
    this.written(batch);
  }

  private commit(entries: readonly Entry[], results: readonly AppendResult[]): void {
    this.committed(results.flatMap((result) => result.stored));
    for (const [index, entry] of entries.entries()) entry.resolve(results[index]!);
  }

  private written(batch: Batch): void {
    batch.settle();
    this.writing = null;
    this.writeNext();
  }

  /**
   * The append at `failed` was refused with `error`: it fails with it, the appends of the batch not
   * yet committed after it and those of the gathering batch with DecidedOnFailedBatch, and the
   * epoch moves on so that the model forgets what they decided.
   */
  private fail(batch: Batch, failed: number, error: unknown): void {
    this.currentEpoch += 1;
    const refused = new DecidedOnFailedBatch(error);
    batch.entries[failed]!.reject(error);
    for (const entry of batch.entries.slice(failed + 1)) entry.reject(refused);
    batch.settle(error);
    const decidedAfter = this.gathering;
    this.gathering = new Batch();
    for (const entry of decidedAfter.entries) entry.reject(refused);
    decidedAfter.settle(refused);
    this.writing = null;
    for (const waiter of this.roomWaiters.splice(0)) waiter();
  }
}
