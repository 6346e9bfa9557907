import { ALL_TOPICS } from '@toolforge/contracts';
import type { EventLog, LogEndSource } from '@toolforge/platform';
import type { Cache } from '@toolforge/platform/cache';
import {
  SERVING_SCHEMA,
  buildIndexes,
  deferIndexes,
  dropSchema,
  freshSchema,
  inSchema,
  sqlCheckpoints,
  switchTables,
  tablesOf,
  type Checkpoint,
  type IdentifiedLog,
  type SqlExecutor,
  type SqlQueryable,
} from '@toolforge/platform/sql';
import { CACHE_AREAS } from '@toolforge/read-model';
import { ReservationTally } from './catalog/reservationTally.js';
import { Projector } from './projector.js';
import type { Committed } from './readModelUpdater.js';
import { openProjectorStore } from './projectorStore.js';

/**
 * Events per transaction of the build. Larger than a running projector's: a batch costs a few
 * statements whatever its size (see applyRowWrites), and no reader waits on the new version.
 */
const DEFAULT_BATCH_SIZE = 5000;

/**
 * A topic's partitions applied side by side (the shop's topics have three): while one lane's batch
 * waits for the database, another's is read and projected, so neither the process nor the database
 * sits idle. Embedded, the log has one partition and this changes nothing.
 */
const LANES = 3;

/** Where the new version of the read model is built, and where the old one goes for the moment of the switch. */
export const REBUILD_SCHEMA = 'toolforge_rebuild';
export const RETIRED_SCHEMA = 'toolforge_retired';

/** How far the build has got: log positions applied of those the log held when it started (or more), events applied. */
export interface RebuildProgress {
  readonly done: number;
  readonly total: number;
  readonly events: number;
}

export interface RebuildOptions {
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** The read model as its readers see it. */
  readonly sql: SqlExecutor;
  /**
   * Whether a running projector may be applying events to the serving read model meanwhile
   * (services mode). The switch then holds its batches back while the new version catches up with
   * where it got to. Embedded, the tool has the data dir to itself, and nothing else writes.
   */
  readonly liveProjectors: boolean;
  /** Told to start afresh after the switch (services mode: Redis). */
  readonly cache?: Pick<Cache, 'advance'>;
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** Aborted: the build stops after the batch in hand, and the new version is dropped. */
  readonly signal?: AbortSignal;
  readonly batchSize?: number;
}

export type RebuildOutcome =
  | { readonly outcome: 'switched'; readonly events: number; readonly seconds: number; readonly tables: readonly string[] }
  | { readonly outcome: 'canceled'; readonly events: number };

/**
 * Rebuilds the read model from the start of the log while the shop keeps serving the old one
 * (docs/read-model.md, "Rebuilding while the shop serves"): a new version is built in a schema of
 * its own by a projector of its own, catches up with the log, and then, in one transaction, takes
 * the serving tables' place; the old version is dropped and the cache starts afresh. Readers see
 * the old read model or the new one, never a mix, and no event is lost or applied twice: the
 * serving checkpoints move with the tables, and a running projector goes on from the new ones.
 */
export async function rebuildReadModel(options: RebuildOptions): Promise<RebuildOutcome> {
  const { log, sql, signal } = options;
  const started = Date.now();
  await freshSchema(sql, REBUILD_SCHEMA);
  // Its batches' commits need not wait for the disk: a build cut short by a crash is dropped and
  // made again, and the switch commits durably. On PostgreSQL, four runs side by side: a little
  // faster on average (one pair the other way); on PGlite no difference.
  const built = inSchema(sql, REBUILD_SCHEMA, { asyncCommits: true });
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // No statistics while the tables fill (nobody reads them yet): gathered once, when they are full.
  const store = await openProjectorStore(built, { statisticsAfter: Number.POSITIVE_INFINITY, building: true });
  const projector = new Projector({ log, store, batchSize, readAhead: true, lanes: LANES });
  // The new tables are filled without the indexes that only serve reads, and get them once full.
  const deferred = await deferIndexes(sql, REBUILD_SCHEMA);
  const progress = await progressOf(log, options.onProgress);
  const reservations = new ReservationTally();
  projector.onCommitted((committed) => {
    progress.committed(committed);
    reservations.count(committed.writes);
  });
  const stop = () => void projector.stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    // Passes until one finds little left: each reads what arrived during the one before.
    for (let applied = Infinity; applied > batchSize && !signal?.aborted;) {
      applied = await projector.catchUp();
    }
    if (signal?.aborted) {
      await dropSchema(sql, REBUILD_SCHEMA);
      return { outcome: 'canceled', events: progress.events };
    }
    signal?.removeEventListener('abort', stop);
    await reservations.fold(built);
    await buildIndexes(sql, deferred);
    // The planner's statistics of the whole new version, before readers are switched to it (plannerStatistics.ts).
    await store.gatherStatistics();
    progress.caughtUp();
    const tables = await sql.transaction(async (tx) => {
      if (options.liveProjectors) await catchUpWithTheServingProjectors(tx, projector, built, reservations);
      return switchTables(tx, { built: REBUILD_SCHEMA, serving: SERVING_SCHEMA, retired: RETIRED_SCHEMA });
    });
    await dropSchema(sql, RETIRED_SCHEMA);
    await dropSchema(sql, REBUILD_SCHEMA);
    await options.cache?.advance(Object.values(CACHE_AREAS));
    return { outcome: 'switched', events: progress.events, seconds: (Date.now() - started) / 1000, tables };
  } catch (error) {
    await dropSchema(sql, REBUILD_SCHEMA).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    await projector.stop();
  }
}

/**
 * Inside the switch's transaction: the serving checkpoints are locked (a running projector's next
 * batch waits, its reads do not), then the new version applies the log at least up to them and
 * adds the reservations those batches committed to its counters (catalog/reservationTally.ts). After
 * the switch that projector finds the new checkpoints and skips what the new version applied.
 */
async function catchUpWithTheServingProjectors(
  tx: SqlQueryable,
  projector: Projector,
  built: SqlExecutor,
  reservations: ReservationTally,
): Promise<void> {
  const serving = await lockServingCheckpoints(tx);
  for (;;) {
    await projector.catchUp();
    const rebuilt = await sqlCheckpoints(built).checkpoints();
    if (serving.every((checkpoint) => reaches(rebuilt, checkpoint))) return reservations.fold(built);
  }
}

/**
 * Holds a running projector's next batch back until `tx` ends (it inserts into and locks this table
 * before any row write; reads go on), and answers where the serving read model stands.
 */
export async function lockServingCheckpoints(tx: SqlQueryable): Promise<readonly Checkpoint[]> {
  // A read model no projector has made yet (a new database): no checkpoints to wait for. A projector
  // that makes it meanwhile goes on from the new version's checkpoints after the switch.
  if (!(await tablesOf(tx, SERVING_SCHEMA)).includes('projection_checkpoints')) return [];
  await tx.query('lock table projection_checkpoints in exclusive mode');
  return sqlCheckpoints(tx).checkpoints();
}

function reaches(checkpoints: readonly Checkpoint[], target: Checkpoint): boolean {
  const reached = checkpoints.find((c) => c.topic === target.topic && c.partition === target.partition)?.nextOffset ?? 0;
  return reached >= target.nextOffset;
}

/** How many positions the log holds, every partition of every topic: its events, and on Kafka its transaction markers. */
export async function positionsInLog(log: LogEndSource): Promise<number> {
  const ends = await Promise.all(ALL_TOPICS.map((topic) => log.endOffsets(topic)));
  return ends.reduce((sum, partitions) => sum + [...partitions.values()].reduce((a, b) => a + b, 0), 0);
}

/** Positions applied per partition, against the log's ends when the build began (or where it has got to, if further). */
async function progressOf(log: LogEndSource, report: RebuildOptions['onProgress']) {
  const total = await positionsInLog(log);
  const reached = new Map<string, number>();
  let events = 0;
  let done = 0;
  return {
    get events() {
      return events;
    },
    committed({ topic, partition, nextOffset, applied }: Committed) {
      reached.set(`${topic}/${partition}`, nextOffset);
      events += applied;
      done = [...reached.values()].reduce((a, b) => a + b, 0);
      report?.({ done, total: Math.max(total, done), events });
    },
    /** The log read to its end: what is left below the ends counted at the start is no event (Kafka's transaction markers). */
    caughtUp() {
      const end = Math.max(total, done);
      report?.({ done: end, total: end, events });
    },
  };
}
