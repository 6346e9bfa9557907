import { dataKeyOf, forgottenData } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowWriteHandlers } from '../feature.js';
import { retryDeadLetter, skipDeadLetter, type RetryDeadLetter, type SkipDeadLetter } from './deadLetterDecisions.js';

/** What the accounts' events and the admins' decisions about dead letters ask of the projection's own tables. */
export type BookkeepingWrite = { readonly kind: 'forgetDeadLetters'; readonly uid: string } | RetryDeadLetter | SkipDeadLetter;

/**
 * A dead letter's event as JSON text once `uid` is erased: their personal values as they read once the
 * key is destroyed, as a rebuild would set the event aside again; undefined when it holds none of theirs
 * (another customer's, no event this build knows, or no JSON).
 */
function forgottenEventText(text: string, uid: string): string | undefined {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof event !== 'object' || event === null) return undefined;
  const { type, data } = event as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return undefined;
  const key = dataKeyOf(type, data);
  if (key?.uid !== uid || key.purpose !== 'personal') return undefined;
  // JSON writes a NUL as \u0000, as the dead letters keep it.
  return JSON.stringify({ ...event, data: forgottenData(type, data) });
}

/**
 * The projection's writes. An erased customer's events set aside as dead letters (kept as JSON text
 * for an operator to read, platform's projectionStore.ts) keep no personal value of theirs: a dead
 * letter is a copy of the log's event, and reads as the log does after the erasure.
 */
export const bookkeepingWrites: RowWriteHandlers<BookkeepingWrite> = {
  forgetDeadLetters: {
    stale: [],
    table: 'projection_dead_letters',
    // No row a replay compares: a replay's own read model sets aside its own dead letters.
    rows: () => [],
    async apply(tx: SqlQueryable, { uid }) {
      // Their uid as JSON writes it: every event that names them holds it so (an erasure is rare; the dead letters few).
      const found = await tx.query<{ topic: string; partition: unknown; offset: unknown; event: string }>(
        `select topic, partition, "offset", event from projection_dead_letters where strpos(event, $1) > 0`,
        [JSON.stringify(uid)],
      );
      for (const letter of found.rows) {
        const forgotten = forgottenEventText(letter.event, uid);
        if (forgotten === undefined) continue;
        await tx.query(`update projection_dead_letters set event = $4 where topic = $1 and partition = $2 and "offset" = $3`, [
          letter.topic,
          Number(letter.partition),
          Number(letter.offset),
          forgotten,
        ]);
      }
    },
  },
  retryDeadLetter,
  skipDeadLetter,
};
