import type { DeadLetterRetried, DeadLetterSkipped } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowWriteHandler } from '../feature.js';

/**
 * An admin's retry of a dead letter, as its projection says it: the letter's event is read from the
 * log and projected by the projector (readModelUpdater.ts), which applies it in this event's place
 * (platform's ProjectedEvent.retries). The write itself changes nothing: a projector with no log to
 * read the event from leaves the letter as it is.
 */
export interface RetryDeadLetter {
  readonly kind: 'retryDeadLetter';
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

/** An admin's skip of a dead letter: the letter goes, and the read model records that it lacks that event, who decided and why. */
export interface SkipDeadLetter {
  readonly kind: 'skipDeadLetter';
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly by: string;
  readonly reason: string;
  /** When the admin decided (the event's occurredAt): a rebuild records the same time. */
  readonly at: string;
}

export function projectDeadLetterDecision(event: StoredEvent<DeadLetterRetried | DeadLetterSkipped>): (RetryDeadLetter | SkipDeadLetter)[] {
  const { topic, partition, offset, by, reason } = event.data;
  if (event.type === 'DeadLetterRetried') return [{ kind: 'retryDeadLetter', topic, partition, offset }];
  return [{ kind: 'skipDeadLetter', topic, partition, offset, by, reason, at: event.meta.occurredAt }];
}

export const retryDeadLetter: RowWriteHandler<RetryDeadLetter, never> = {
  stale: [],
  table: 'projection_dead_letters',
  rows: () => [],
  // The projector applies the letter's own event in its place; alone, there is nothing to write.
  apply: () => Promise.resolve(),
};

export const skipDeadLetter: RowWriteHandler<SkipDeadLetter, never> = {
  stale: [],
  table: 'projection_dead_letters',
  // No row a replay compares: the dead letters and the skipped ones are the projection's own record.
  rows: () => [],
  async apply(tx: SqlQueryable, write) {
    // Recorded only when the letter was there: a skip of a letter retried before it, or skipped twice, changes nothing.
    await tx.query(
      `with skipped as (
         delete from projection_dead_letters where topic = $1 and partition = $2 and "offset" = $3 returning event_type
       )
       insert into projection_skipped_letters (topic, partition, "offset", event_type, skipped_by, reason, skipped_at)
       select $1, $2, $3, event_type, $4, $5, $6 from skipped
       on conflict do nothing`,
      [write.topic, write.partition, write.offset, write.by, write.reason, write.at],
    );
  },
};
