import { describeRefusal, isDeadlock, refusesTheEvent, withoutNul } from './deadLetters.js';
import type { AppliedBatch, DeadLetter, LetterPosition, ProjectedEvent, ProjectionBatch, RetriedLetter } from './batches.js';
import type { ReadModelTables } from './migrations.js';
import { FIRST_STATISTICS_AFTER, StatisticsSchedule } from './plannerStatistics.js';
import {
  offsetsApplied,
  type Checkpoint,
  type CheckpointReader,
  type CheckpointsReader,
  type LogBinding,
  type LogBindingRequest,
  type PartitionEnd,
  type ProjectionStore,
} from './readStore.js';
import { isoTime, type SqlExecutor, type SqlQueryable, type SqlResult } from './sql.js';

/**
 * The projection's own tables, beside the rows it writes:
 * - projection_checkpoints: the next offset to apply per topic partition, committed with the rows.
 * - projection_dead_letters (2): the events the projector could not apply (an unknown type, a newer
 *   schema version, data the database refuses, a record that is no event), set aside with the error
 *   in the same transaction that moves the checkpoint past them. The event is kept as JSON text with
 *   every NUL escaped: Postgres refuses NUL in text and jsonb alike, and jsonb would decode it again.
 * - read_model_log (2): the one log this read model was built from; a projector refuses another one.
 *   A rebuild rewrites it rather than emptying it.
 * - (17) a dead letter's `retries` and `retried_at`: how often an admin had its event applied again
 *   (DeadLetterRetried) and the read model still refused it, its `error` then the newest refusal;
 *   projection_skipped_letters: the letters an admin skipped (DeadLetterSkipped), who, why and when,
 *   so that the read model can still say which events it lacks. Both are filled again by a rebuild,
 *   which meets the same decisions in the log.
 */
export const PROJECTION_TABLES: ReadModelTables = {
  owner: 'the projection',
  migrations: [
    {
      version: 1,
      ddl: `
  create table projection_checkpoints (
    topic text not null,
    partition integer not null,
    next_offset bigint not null,
    primary key (topic, partition)
  );
  `,
    },
    {
      version: 2,
      ddl: `
  create table projection_dead_letters (
    topic text not null,
    partition integer not null,
    "offset" bigint not null,
    event_type text not null,
    event text not null,
    error text not null,
    dead_at timestamptz not null default now(),
    primary key (topic, partition, "offset")
  );

  create table read_model_log (
    one boolean primary key default true check (one),
    log_id text not null,
    bound_at timestamptz not null default now()
  );
  `,
    },
    {
      version: 17,
      ddl: `
  alter table projection_dead_letters add column retries integer not null default 0;
  alter table projection_dead_letters add column retried_at timestamptz;

  create table projection_skipped_letters (
    topic text not null,
    partition integer not null,
    "offset" bigint not null,
    event_type text not null,
    skipped_by text not null,
    reason text not null,
    skipped_at timestamptz not null,
    primary key (topic, partition, "offset")
  );
  `,
    },
  ],
  tables: ['projection_checkpoints', 'projection_dead_letters', 'projection_skipped_letters'],
};

/** Where the projector has got to, read from projection_checkpoints: for the projector and the query side alike. */
export function sqlCheckpoints(sql: SqlQueryable): CheckpointReader & CheckpointsReader {
  return {
    async nextOffset(topic: string, partition: number): Promise<number> {
      const result = await sql.query<{ next_offset: unknown }>(
        'select next_offset from projection_checkpoints where topic = $1 and partition = $2',
        [topic, partition],
      );
      return result.rows[0] ? Number(result.rows[0].next_offset) : 0;
    },
    async checkpoints(): Promise<readonly Checkpoint[]> {
      const result = await sql.query<{ topic: string; partition: number; next_offset: unknown }>(
        'select topic, partition, next_offset from projection_checkpoints',
      );
      return result.rows.map((row) => ({ topic: row.topic, partition: Number(row.partition), nextOffset: Number(row.next_offset) }));
    },
  };
}

export interface ProjectionStoreOptions<Write> {
  /** Runs one row write of an event; a refusal by the database (a data or integrity error) sets the event aside. */
  applyWrite(tx: SqlQueryable, write: Write): Promise<void>;
  /**
   * Runs the writes of a batch's events, in their order, in fewer statements: the rows must end as
   * applyWrite on each in turn leaves them. Without it, the writes are applied one by one.
   */
  applyWrites?(tx: SqlQueryable, writes: readonly Write[]): Promise<void>;
  /** Every table of the read model a rebuild empties. */
  tables: readonly string[];
  /** Events applied before the store first gathers the planner's statistics (plannerStatistics.ts); FIRST_STATISTICS_AFTER unless set. */
  statisticsAfter?: number;
}

/**
 * The projector's store on any Postgres the SqlExecutor reaches (PGlite embedded, a server through
 * `pg`): each batch with its checkpoint in one transaction, the events it cannot apply set aside,
 * the log it was built from. The rows themselves are the projector's: it says how each write is
 * applied. The statements are plain Postgres, the same for both. The tables must exist: whoever
 * opens it migrates the read model first.
 */
export class SqlProjectionStore<Write> implements ProjectionStore<Write> {
  private readonly checkpointReader: CheckpointReader & CheckpointsReader;
  private readonly statistics: StatisticsSchedule;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly options: ProjectionStoreOptions<Write>,
  ) {
    this.checkpointReader = sqlCheckpoints(sql);
    this.statistics = new StatisticsSchedule(options.statisticsAfter ?? FIRST_STATISTICS_AFTER);
  }

  nextOffset(topic: string, partition: number): Promise<number> {
    return this.checkpointReader.nextOffset(topic, partition);
  }

  checkpoints(): Promise<readonly Checkpoint[]> {
    return this.checkpointReader.checkpoints();
  }

  async applyBatch(batch: ProjectionBatch<Write>): Promise<AppliedBatch> {
    // Once, before the first batch: the statistics are counted from what the read model holds (plannerStatistics.ts).
    if (!this.statistics.started) this.statistics.startFrom(offsetsApplied(await this.checkpoints()));
    const applied = await this.applyRefusingSome(batch);
    // After the commit: ANALYZE reads a sample of each table, and the batch's rows are in it.
    if (this.statistics.count(applied.applied)) await this.gatherStatistics();
    return applied;
  }

  /** The planner's statistics of every table of the store (ANALYZE): on its schedule, or when its owner says (a rebuild, once full). */
  async gatherStatistics(): Promise<void> {
    await this.sql.query(`analyze ${this.options.tables.join(', ')}`);
  }

  private async applyRefusingSome(batch: ProjectionBatch<Write>): Promise<AppliedBatch> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.applyAsOneBatch(batch);
      } catch (error) {
        // Two batches of different partitions applied side by side (a rebuild's lanes, two projectors
        // sharing the partitions) may lock the rows they share in opposite orders: the database then
        // rolls one back, which is nothing the batch did wrong. Applied again, it goes through.
        if (!isDeadlock(error) || attempt === DEADLOCK_ATTEMPTS) throw error;
      }
    }
  }

  private async applyAsOneBatch(batch: ProjectionBatch<Write>): Promise<AppliedBatch> {
    // A retry of a dead letter goes on a savepoint of its own, whether the read model takes it or not (rare: an admin's decision).
    if (batch.events.some((event) => event.retries !== undefined)) return this.applyInOneTransaction(batch, 'eachOnASavepoint');
    try {
      return await this.applyInOneTransaction(batch, 'new');
    } catch (error) {
      // Another projector applied some of the batch meanwhile: applied again, those events are skipped.
      if (error instanceof PartlyApplied) return this.applyInOneTransaction(batch, 'skipApplied');
      // The database refused an event of the batch: apply the batch again, this time each event on a
      // savepoint of its own, so that the refused ones are set aside and the rest go in. (Savepoints
      // for every batch would cost two more round trips per event on the usual path.)
      if (!refusesTheEvent(error)) throw error;
      return this.applyInOneTransaction(batch, 'eachOnASavepoint');
    }
  }

  /**
   * The batch and its checkpoint in one transaction. The first statement locks the checkpoint's row
   * and answers it; the events below it were applied by another projector of the partition, and
   * are skipped. Taken as `new`, the usual case, see applyNew.
   */
  private applyInOneTransaction(batch: ProjectionBatch<Write>, mode: 'new' | 'skipApplied' | 'eachOnASavepoint'): Promise<AppliedBatch> {
    return this.sql.transaction(async (tx) => {
      // The row lock makes a second projector on the same partition wait here, then skip what this one
      // applied: the update that changes nothing locks the row (as `select … for update` would, one
      // round trip fewer) and answers it as the first to commit left it.
      const locked = tx.query<{ next_offset: unknown }>(
        `insert into projection_checkpoints (topic, partition, next_offset) values ($1, $2, 0)
         on conflict (topic, partition) do update set next_offset = projection_checkpoints.next_offset
         returning next_offset`,
        [batch.topic, batch.partition],
      );
      if (mode === 'new') return this.applyNew(tx, batch, locked);
      const checkpoint = Number((await locked).rows[0]!.next_offset);
      let nextOffset = checkpoint;
      let applied = 0;
      const deadLettered: AppliedBatch['deadLettered'][number][] = [];
      const retried: RetriedLetter[] = [];
      // Without savepoints the events' writes are gathered and applied together, after the loop: a
      // refusal fails the whole transaction either way, and the batch is then applied again event by event.
      const writes: Write[] = [];
      for (const event of batch.events) {
        if (event.offset < nextOffset) continue;
        let refused = event.refused;
        if (event.retries !== undefined) {
          // The retrying event itself always goes through; what became of its letter is told beside.
          retried.push(await this.retry(tx, event.retries, event));
          refused = undefined;
        } else if (refused === undefined && mode === 'eachOnASavepoint') refused = await this.applyOnASavepoint(tx, event.writes);
        else if (refused === undefined) writes.push(...event.writes);
        if (refused === undefined) {
          applied += 1;
        } else {
          deadLettered.push(await setAside(tx, batch, event, refused));
        }
        nextOffset = event.offset + 1;
      }
      if (writes.length > 0) await this.applyWrites(tx, writes);
      if (nextOffset !== checkpoint) await moveCheckpoint(tx, batch, nextOffset);
      // Told only when the batch held a retry: the usual batch's answer stays as it was.
      return { applied, checkpoint, nextOffset, deadLettered, ...(retried.length > 0 ? { retried } : {}) };
    });
  }

  /**
   * The usual path: every event of the batch taken as not applied yet, its writes sent right behind
   * the statement that locks the checkpoint, without waiting for its answer (the database runs them
   * in turn, after the lock). If the answer says otherwise, the transaction is rolled back and the
   * batch applied again (PartlyApplied). Waiting for that answer first left the database idle for a
   * round trip: embedded, the read model's thread waited there for the tool's, which was projecting
   * the next page meanwhile (a large part of a rebuild of 1.2 million events:
   * bench-results/2026-11-27.md#the-rebuild-investigated).
   */
  private async applyNew(
    tx: SqlQueryable,
    batch: ProjectionBatch<Write>,
    locked: Promise<SqlResult<{ next_offset: unknown }>>,
  ): Promise<AppliedBatch> {
    // A loop rather than flatMap, which cost the tool's thread more for a rebuild's 1.2 million
    // events (bench-results/2026-11-27.md#the-rebuild-investigated), in the time the read model's thread
    // waits for the batch.
    const writes: Write[] = [];
    for (const event of batch.events) if (event.refused === undefined) for (const write of event.writes) writes.push(write);
    const written = writes.length > 0 ? this.applyWrites(tx, writes) : Promise.resolve();
    // Both are awaited; neither may fail unheard while the other is.
    written.catch(() => undefined);
    const checkpoint = Number((await locked).rows[0]!.next_offset);
    await written;
    const first = batch.events[0];
    if (first === undefined) return { applied: 0, checkpoint, nextOffset: checkpoint, deadLettered: [] };
    if (checkpoint > first.offset) throw new PartlyApplied();
    const deadLettered: AppliedBatch['deadLettered'][number][] = [];
    for (const event of batch.events) {
      if (event.refused !== undefined) deadLettered.push(await setAside(tx, batch, event, event.refused));
    }
    const nextOffset = batch.events.at(-1)!.offset + 1;
    await moveCheckpoint(tx, batch, nextOffset);
    return { applied: batch.events.length - deadLettered.length, checkpoint, nextOffset, deadLettered };
  }

  private applyWrites(tx: SqlQueryable, writes: readonly Write[]): Promise<void> {
    return this.options.applyWrites ? this.options.applyWrites(tx, writes) : this.applyEach(tx, writes);
  }

  async deadLetterCount(): Promise<number> {
    const result = await this.sql.query<{ count: unknown }>('select count(*) as count from projection_dead_letters');
    return Number(result.rows[0]!.count);
  }

  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    const result = await this.sql.query<DeadLetterRecord>(
      `select ${DEAD_LETTER_COLUMNS} from projection_dead_letters
        order by dead_at desc, topic, partition, "offset" desc limit $1`,
      [limit],
    );
    return result.rows.map(deadLetterOf);
  }

  bindToLog(request: LogBindingRequest): Promise<LogBinding> {
    return this.sql.transaction(async (tx) => {
      // Two projectors starting at once: one decides, the other then finds the log recorded.
      await tx.query('select pg_advisory_xact_lock($1)', [LOG_BINDING_LOCK]);
      const bound = (await tx.query<{ log_id: string }>('select log_id from read_model_log')).rows[0]?.log_id;
      const why =
        bound !== undefined && bound !== request.logId ? `it was built from ${bound}` : await checkpointPastTheEnd(tx, request.ends);
      if (why === undefined) {
        if (bound !== undefined) return { outcome: 'same' };
        await tx.query('insert into read_model_log (log_id) values ($1)', [request.logId]);
        return { outcome: 'bound' };
      }
      const previous = bound ?? 'a log it did not record';
      if (request.onChange === 'refuse') return { outcome: 'refused', previous, why };
      await tx.query(`truncate ${this.options.tables.join(', ')}`);
      await tx.query(
        `insert into read_model_log (log_id) values ($1)
         on conflict (one) do update set log_id = excluded.log_id, bound_at = now()`,
        [request.logId],
      );
      return { outcome: 'rebuilt', previous, why };
    });
  }

  /** Applies writes one by one; a refusal by the database fails the whole transaction. */
  private async applyEach(tx: SqlQueryable, writes: readonly Write[]): Promise<void> {
    for (const write of writes) await this.options.applyWrite(tx, write);
  }

  /**
   * An admin's retry of a dead letter (the retrying event at `by`), in the batch's transaction: the
   * letter's event's writes on a savepoint, only while the letter is still there (locked, so two
   * projectors never both apply it). Taken, the letter is removed; refused again (by the database,
   * or before it, event.refused), it stays, with the new error and one more retry.
   */
  private async retry(tx: SqlQueryable, letter: LetterPosition, event: ProjectedEvent<Write>): Promise<RetriedLetter> {
    const where = 'where topic = $1 and partition = $2 and "offset" = $3';
    const at = [letter.topic, letter.partition, letter.offset];
    const found = await tx.query(`select 1 from projection_dead_letters ${where} for update`, at);
    const position = { topic: letter.topic, partition: letter.partition, offset: letter.offset, by: event.offset };
    if (found.rows.length === 0) return { ...position, outcome: 'gone' };
    const error = event.refused ?? (await this.applyOnASavepoint(tx, event.writes));
    if (error === undefined) {
      await tx.query(`delete from projection_dead_letters ${where}`, at);
      return { ...position, outcome: 'applied' };
    }
    await tx.query(`update projection_dead_letters set error = $4, retries = retries + 1, retried_at = now() ${where}`, [
      ...at,
      withoutNul(error),
    ]);
    return { ...position, outcome: 'refused', error };
  }

  /** Applies an event's writes on a savepoint: answers why the database refused them, having undone them. */
  private async applyOnASavepoint(tx: SqlQueryable, writes: readonly Write[]): Promise<string | undefined> {
    await tx.query(`savepoint ${EVENT_SAVEPOINT}`);
    try {
      await this.applyEach(tx, writes);
    } catch (error) {
      // Anything else (the connection, a serialization failure) is not the event's fault: the batch fails and is retried.
      if (!refusesTheEvent(error)) throw error;
      await tx.query(`rollback to savepoint ${EVENT_SAVEPOINT}`);
      return describeRefusal(error);
    }
    await tx.query(`release savepoint ${EVENT_SAVEPOINT}`);
    return undefined;
  }

  /** The executor belongs to whoever opened it (the host closes the database). */
  async close(): Promise<void> {}
}

/**
 * Thrown on the usual path of a batch when another projector of the partition applied some of it
 * first: the transaction is rolled back, and the batch applied again, skipping those.
 */
class PartlyApplied extends Error {
  constructor() {
    super('another projector applied part of this batch first');
    this.name = 'PartlyApplied';
  }
}

/** Moves the partition's checkpoint, whose row the batch's transaction has locked, to `nextOffset`. */
async function moveCheckpoint(tx: SqlQueryable, batch: ProjectionBatch<unknown>, nextOffset: number): Promise<void> {
  await tx.query('update projection_checkpoints set next_offset = $3 where topic = $1 and partition = $2', [
    batch.topic,
    batch.partition,
    nextOffset,
  ]);
}

/** Any constant: the key of the advisory lock that serialises binding the read model to a log. */
const LOG_BINDING_LOCK = 72_430_617;
const EVENT_SAVEPOINT = 'projected_event';
/** Tries of a batch the database rolled back to break a deadlock. */
const DEADLOCK_ATTEMPTS = 5;

async function setAside<Write>(tx: SqlQueryable, batch: ProjectionBatch<Write>, event: ProjectedEvent<Write>, error: string) {
  const source = event.source ?? { type: 'unknown', json: JSON.stringify({ offset: event.offset, writes: event.writes }) };
  const letter = {
    topic: batch.topic,
    partition: batch.partition,
    offset: event.offset,
    type: withoutNul(source.type),
    error: withoutNul(error),
  };
  await tx.query(
    `insert into projection_dead_letters (topic, partition, "offset", event_type, event, error) values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing`,
    [letter.topic, letter.partition, letter.offset, letter.type, withoutNul(source.json), letter.error],
  );
  return letter;
}

/** A partition whose checkpoint is past the log's end: the log was emptied or recreated since. */
async function checkpointPastTheEnd(tx: SqlQueryable, ends: readonly PartitionEnd[]): Promise<string | undefined> {
  const checkpoints = await tx.query<{ topic: string; partition: number; next_offset: unknown }>(
    'select topic, partition, next_offset from projection_checkpoints where next_offset > 0 order by topic, partition',
  );
  for (const row of checkpoints.rows) {
    const end = ends.find((candidate) => candidate.topic === row.topic && candidate.partition === Number(row.partition))?.end ?? 0;
    if (Number(row.next_offset) > end) {
      return `it has applied ${row.topic}/${row.partition} up to offset ${Number(row.next_offset)}, but that partition of the log ends at ${end} (emptied or recreated)`;
    }
  }
  return undefined;
}

/**
 * The dead letter at `position`, or undefined when the read model has none there (never set aside,
 * or retried or skipped since): what an admin's retry or skip is decided on.
 */
export async function deadLetterAt(sql: SqlQueryable, position: LetterPosition): Promise<DeadLetter | undefined> {
  const result = await sql.query<DeadLetterRecord>(
    `select ${DEAD_LETTER_COLUMNS} from projection_dead_letters where topic = $1 and partition = $2 and "offset" = $3`,
    [position.topic, position.partition, position.offset],
  );
  return result.rows[0] && deadLetterOf(result.rows[0]);
}

const DEAD_LETTER_COLUMNS = 'topic, partition, "offset", event_type, event, error, dead_at';

function deadLetterOf(row: DeadLetterRecord): DeadLetter {
  return {
    topic: row.topic,
    partition: Number(row.partition),
    offset: Number(row.offset),
    type: row.event_type,
    event: row.event,
    error: row.error,
    deadAt: isoTime(row.dead_at),
  };
}

interface DeadLetterRecord {
  topic: string;
  partition: unknown;
  offset: unknown;
  event_type: string;
  event: string;
  error: string;
  dead_at: unknown;
}
