/** Where an event sat in the log: the stable tiebreak of "newest first". */
export interface LogSortKey {
  readonly partition: number;
  readonly offset: number;
}

/**
 * The writes of one event, by its offset in the batch's partition. What a write is belongs to the
 * projector (row writes in the read model's own terms); this store only applies them in order.
 */
export interface ProjectedEvent<Write> {
  readonly offset: number;
  readonly writes: readonly Write[];
  /** Why the projector cannot apply the event (unknown type, newer schema, projection failed): it is set aside at once. */
  readonly refused?: string;
  /** The event as a dead letter keeps it, should it be set aside. */
  readonly source?: DeadLetterSource;
  /**
   * The event is an admin's retry of this dead letter, and `writes` are the letter's event's own
   * (or `refused` says why it cannot be projected): applied only while the letter is still there, on
   * a savepoint; taken, the letter goes; refused again, it stays with the new error.
   */
  readonly retries?: LetterPosition;
}

/** Where a dead letter's event sits in the log. */
export interface LetterPosition {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

/** What became of a dead letter an event of the batch retried. */
export interface RetriedLetter extends LetterPosition {
  /** The event the retry applied, its offset in the batch. */
  readonly by: number;
  /** applied: the read model took it, the letter is gone; refused: kept with `error`; gone: no such letter (retried or skipped before). */
  readonly outcome: 'applied' | 'refused' | 'gone';
  readonly error?: string;
}

/** What the dead-letter table keeps of an event: its type and the whole event as JSON text. */
export interface DeadLetterSource {
  readonly type: string;
  readonly json: string;
}

/** An event the projector could not apply: where it sat in the log, what it was, and why. */
export interface DeadLetter {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly type: string;
  /** The event as JSON text (NUL characters escaped as \u0000). */
  readonly event: string;
  readonly error: string;
  readonly deadAt: string;
}

/** Consecutive events of one topic partition, applied with its checkpoint in one transaction. */
export interface ProjectionBatch<Write> {
  readonly topic: string;
  readonly partition: number;
  /** In offset order. */
  readonly events: readonly ProjectedEvent<Write>[];
}

export interface AppliedBatch {
  /** Events the batch applied; those the checkpoint had already passed are skipped. */
  readonly applied: number;
  /** Where the partition's checkpoint stood when the batch began: its events below it had been applied before, and were skipped. */
  readonly checkpoint: number;
  readonly nextOffset: number;
  /** Events of the batch set aside as dead letters (counted in neither `applied` nor the writes made). */
  readonly deadLettered: readonly Omit<DeadLetter, 'event' | 'deadAt'>[];
  /** The dead letters the batch's retries met (ProjectedEvent.retries). */
  readonly retried?: readonly RetriedLetter[];
}

/**
 * The writes a committed batch made, in their order: of its events neither below the checkpoint it
 * found (applied before) nor set aside.
 */
export function appliedWrites<Write>(batch: ProjectionBatch<Write>, applied: AppliedBatch): Write[] {
  const dead = new Set(applied.deadLettered.map((letter) => letter.offset));
  // A retry the read model refused again, or whose letter was gone, wrote none of its event's rows.
  for (const letter of applied.retried ?? []) if (letter.outcome !== 'applied') dead.add(letter.by);
  const writes: Write[] = [];
  for (const event of batch.events) if (event.offset >= applied.checkpoint && !dead.has(event.offset)) writes.push(...event.writes);
  return writes;
}

/** A slice of a newest-first list. */
export interface Slice {
  readonly offset: number;
  readonly limit: number;
}
