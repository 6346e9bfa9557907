import type { AppliedBatch, DeadLetter, ProjectionBatch } from './batches.js';

/** Where the projector has got to in each topic partition. */
export interface CheckpointReader {
  /** The next offset to apply in this topic partition: every offset below it is in the read model. */
  nextOffset(topic: string, partition: number): Promise<number>;
}

/** One partition's checkpoint: every offset below `nextOffset` is in the read model. */
export interface Checkpoint {
  readonly topic: string;
  readonly partition: number;
  readonly nextOffset: number;
}

/** The offsets the checkpoints have passed, every partition's together: how much of the log the read model holds. */
export function offsetsApplied(checkpoints: readonly Checkpoint[]): number {
  return checkpoints.reduce((sum, checkpoint) => sum + checkpoint.nextOffset, 0);
}

/** Every checkpoint in one read: what the read-your-writes watcher polls. */
export interface CheckpointsReader {
  checkpoints(): Promise<readonly Checkpoint[]>;
}

/** The projector's side of the read model, whatever its writes are. */
export interface ReadModelWriter<Write> extends CheckpointReader {
  /**
   * Applies a batch and moves its checkpoint in one transaction: the events the checkpoint has
   * passed are skipped, so a re-delivered batch changes nothing, and a failure before the commit
   * leaves neither rows nor checkpoint behind.
   */
  applyBatch(batch: ProjectionBatch<Write>): Promise<AppliedBatch>;
}

/** The events the projector set aside because it could not apply them: for a health check, a status line, an operator. */
export interface DeadLetterReader {
  /** How many events are set aside. */
  deadLetterCount(): Promise<number>;
  /** The events set aside, the newest first (at most `limit`, default 100). */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
}

/** What a projector does when the log it reads is not the one the read model was built from. */
export type OnLogChange = 'refuse' | 'rebuild';

/** Where a partition of the log ends now: the offset the next record will take. */
export interface PartitionEnd {
  readonly topic: string;
  readonly partition: number;
  readonly end: number;
}

/** Which log this is, and how far it reaches now. */
export interface LogIdentity {
  /** Says which log this is (an embedded log's id, a Kafka cluster's id and topics). */
  readonly logId: string;
  /** Where each of its partitions ends: a checkpoint past the end means the log is not the one applied. */
  readonly ends: readonly PartitionEnd[];
}

/** A log that can say which one it is. */
export interface IdentifiedLog {
  identify(): Promise<LogIdentity>;
}

/** The log a projector is about to read, and what to do if the read model was built from another. */
export interface LogBindingRequest extends LogIdentity {
  readonly onChange: OnLogChange;
}

export type LogBinding =
  /** The read model was built from this log. */
  | { readonly outcome: 'same' }
  /** The read model knew no log yet (new, or older than the binding): it is this one's from now on. */
  | { readonly outcome: 'bound' }
  /** Another log: the read model was emptied in the same transaction and belongs to this one now. */
  | { readonly outcome: 'rebuilt'; readonly previous: string; readonly why: string }
  /** Another log, and rebuilding was not asked for: nothing changed. */
  | { readonly outcome: 'refused'; readonly previous: string; readonly why: string };

/** The read model's record of the log it is built from. */
export interface LogBindingStore {
  /** Checks the log against the one recorded, and records, keeps, empties or refuses in one transaction. */
  bindToLog(request: LogBindingRequest): Promise<LogBinding>;
}

/**
 * What the projector keeps in the read model besides the rows it writes: the checkpoints, the
 * events set aside, and the log the read model was built from.
 */
export interface ProjectionStore<Write> extends ReadModelWriter<Write>, CheckpointsReader, DeadLetterReader, LogBindingStore {
  close(): Promise<void>;
}
