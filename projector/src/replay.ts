import type { EventLog, LogPage, ReadAllOptions, StoredEvent } from '@toolforge/platform';
import type { Cache, CacheArea } from '@toolforge/platform/cache';
import {
  SERVING_SCHEMA,
  dropSchema,
  freshSchema,
  inSchema,
  sqlCheckpoints,
  type Checkpoint,
  type IdentifiedLog,
  type SqlExecutor,
  type SqlQueryable,
} from '@toolforge/platform/sql';
import { Projector } from './projector.js';
import { cacheAreasOf, projectOrRefuse, rowsOf, type RowKey } from '@toolforge/read-model';
import { lockServingCheckpoints } from './rebuild.js';
import { openProjectorStore } from './projectorStore.js';

/** Where the read model as the log says it should be is built for a replay, and dropped after. */
export const REPLAY_SCHEMA = 'toolforge_replay';

/** A whole row present on one side only: its `column`, and the value on the side that has it. */
export const WHOLE_ROW = '(row)';
export const MISSING = '(missing)';
export const PRESENT = '(present)';

/** One difference between a serving row and the row as the log says it should be; values as text, null for SQL null. */
export interface RowChange {
  readonly what: string;
  readonly key: string;
  readonly column: string;
  readonly serving: string | null;
  readonly replayed: string | null;
}

export interface ReplayOptions {
  readonly log: EventLog & IdentifiedLog;
  /** The read model as its readers see it. */
  readonly sql: SqlExecutor;
  /** Whether a running projector may be applying events to the serving read model meanwhile (services mode). */
  readonly liveProjectors: boolean;
  /** The range's events: their rows are the ones replayed. */
  readonly events: AsyncIterable<StoredEvent>;
  /** Only compare: the serving read model is left as it is. */
  readonly dryRun: boolean;
  /** Told which areas changed (services mode: Redis). */
  readonly cache?: Pick<Cache, 'advance'>;
  readonly batchSize?: number;
  /** Aborted: the build stops after the batch in hand and nothing is compared or changed. */
  readonly signal?: AbortSignal;
}

export interface ReplayOutcome {
  /** Events in the range. */
  readonly events: number;
  /** Rows those events write, each compared. */
  readonly rows: number;
  /** Rows that differ (each with one or more changes). */
  readonly changedRows: number;
  readonly changes: readonly RowChange[];
  /** Whether the changed rows were written (not a dry run). */
  readonly repaired: boolean;
}

/**
 * Replays a range of the log onto the read model (docs/read-model.md, "Replaying a range"): the
 * rows the range's events write are made equal to what the projection makes of the log up to
 * where the serving read model stands, built afresh in a schema of its own. Writing the events
 * again would not do: some writes add (a reservation), so an event applied twice counts twice.
 * Every other row, and the checkpoints, stay as they are. Undefined when canceled (`signal`) before
 * the comparison: then nothing changed.
 */
export async function replayReadModel(options: ReplayOptions): Promise<ReplayOutcome | undefined> {
  const { sql, signal } = options;
  const range = await rowsOfTheRange(options.events);
  await freshSchema(sql, REPLAY_SCHEMA);
  const limits = new Map<string, number>();
  const projector = new Projector({
    log: upToTheCheckpoints(options.log, limits),
    store: await openProjectorStore(inSchema(sql, REPLAY_SCHEMA)),
    batchSize: options.batchSize ?? 2000,
    readAhead: true,
  });
  const stop = () => void projector.stop();
  signal?.addEventListener('abort', stop, { once: true });
  const catchUpWith = async (serving: readonly Checkpoint[]) => {
    for (const { topic, partition, nextOffset } of serving) limits.set(`${topic}/${partition}`, nextOffset);
    await projector.catchUp();
  };
  try {
    // The bulk of the work, outside the transaction: a running projector only waits for what it applied meanwhile.
    if (!signal?.aborted) await catchUpWith(await sqlCheckpoints(sql).checkpoints());
    // Canceled: the scratch copy is partial, so nothing is compared (the schema is dropped below).
    if (signal?.aborted) return undefined;
    signal?.removeEventListener('abort', stop);
    const changes = await sql.transaction(async (tx) => {
      if (options.liveProjectors) await catchUpWith(await lockServingCheckpoints(tx));
      const found = await compareRows(tx, range.rows);
      if (!options.dryRun) await copyRows(tx, found.changed);
      return found;
    });
    const repaired = !options.dryRun && changes.changed.length > 0;
    if (repaired) await options.cache?.advance(areasOf(changes.changed, range.areas));
    return {
      events: range.events,
      rows: range.rows.reduce((sum, table) => sum + table.keys.length, 0),
      changedRows: changes.changed.reduce((sum, table) => sum + table.keys.length, 0),
      changes: changes.differences,
      repaired,
    };
  } finally {
    signal?.removeEventListener('abort', stop);
    await projector.stop();
    await dropSchema(sql, REPLAY_SCHEMA);
  }
}

/** Rows of one table, by the column that keys them (an order's lines share their order's id). */
interface TableRows {
  readonly table: string;
  readonly keyColumn: string;
  readonly keys: readonly string[];
}

/** The rows the range's events write (an event the projection refuses writes none), and the cache areas each row's writes make stale. */
async function rowsOfTheRange(events: AsyncIterable<StoredEvent>) {
  const tables = new Map<string, { keyColumn: string; keys: Set<string> }>();
  const areas = new Map<string, Set<CacheArea>>();
  let count = 0;
  for await (const event of events) {
    count += 1;
    for (const write of projectOrRefuse(event).writes) {
      for (const row of rowsOf(write)) {
        const table = tables.get(row.table) ?? { keyColumn: row.keyColumn, keys: new Set<string>() };
        tables.set(row.table, table.keys.add(row.key) && table);
        const stale = areas.get(rowName(row)) ?? new Set<CacheArea>();
        for (const area of cacheAreasOf(write)) stale.add(area);
        areas.set(rowName(row), stale);
      }
    }
  }
  const rows: TableRows[] = [...tables].map(([table, { keyColumn, keys }]) => ({ table, keyColumn, keys: [...keys].sort() }));
  return { events: count, rows: rows.sort((a, b) => a.table.localeCompare(b.table)), areas };
}

const rowName = ({ table, key }: Pick<RowKey, 'table' | 'key'>) => `${table}/${key}`;

function areasOf(changed: readonly TableRows[], areas: ReadonlyMap<string, ReadonlySet<CacheArea>>): CacheArea[] {
  const stale = new Set<CacheArea>();
  for (const { table, keys } of changed)
    for (const key of keys) for (const area of areas.get(rowName({ table, key })) ?? []) stale.add(area);
  return [...stale];
}

/**
 * The log as the serving read model has applied it: each partition's events below its serving
 * checkpoint (none of a partition it has no checkpoint for). Rows replayed further than the rest
 * of the read model would count an event twice once the running projector applies it too.
 */
function upToTheCheckpoints(log: EventLog & IdentifiedLog, limits: ReadonlyMap<string, number>): EventLog & IdentifiedLog {
  return {
    identify: () => log.identify(),
    append: () => Promise.reject(new Error('a replay never appends to the log')),
    appendBatch: () => Promise.reject(new Error('a replay never appends to the log')),
    close: () => Promise.resolve(),
    async *readAll(options?: ReadAllOptions): AsyncGenerator<LogPage> {
      for await (const page of log.readAll(options)) {
        const limit = limits.get(`${page.topic}/${page.partition}`) ?? 0;
        const events = page.events.filter((event) => event.position.offset < limit);
        if (events.length > 0) yield { ...page, events };
      }
    },
  };
}

/** What differs between the serving rows and the replayed ones, and which rows. */
async function compareRows(tx: SqlQueryable, rows: readonly TableRows[]) {
  const differences: RowChange[] = [];
  const changed: TableRows[] = [];
  for (const { table, keyColumn, keys } of rows) {
    const serving = await rowsIn(tx, SERVING_SCHEMA, { table, keyColumn, keys });
    const replayed = await rowsIn(tx, REPLAY_SCHEMA, { table, keyColumn, keys });
    const keysChanged = keys.filter((key) => {
      const found = differencesOf(table, key, serving.get(key) ?? [], replayed.get(key) ?? []);
      differences.push(...found);
      return found.length > 0;
    });
    if (keysChanged.length > 0) changed.push({ table, keyColumn, keys: keysChanged });
  }
  return { differences, changed };
}

type RowText = Record<string, string | null>;

/**
 * The rows of each key, every value as text (timestamps in ISO), so that both drivers' values
 * compare alike; a key's rows in the order of their text, so that both sides' rows pair up.
 */
async function rowsIn(tx: SqlQueryable, schema: string, { table, keyColumn, keys }: TableRows): Promise<Map<string, RowText[]>> {
  const result = await tx.query<Record<string, unknown>>(`select * from ${schema}.${table} where ${keyColumn} = any($1)`, [keys]);
  const rows = new Map<string, { row: RowText; text: string }[]>();
  for (const found of result.rows) {
    const row = Object.fromEntries(Object.entries(found).map(([column, value]) => [column, asText(value)]));
    const key = String(found[keyColumn]);
    rows.set(key, [...(rows.get(key) ?? []), { row, text: JSON.stringify(row) }]);
  }
  return new Map([...rows].map(([key, ofKey]) => [key, ofKey.sort((a, b) => a.text.localeCompare(b.text)).map(({ row }) => row)]));
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // An order's event offsets: each element as text, so that both drivers' arrays compare alike.
  if (Array.isArray(value)) return JSON.stringify(value.map(asText));
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      // A product's ladder (jsonb), as its JSON text: both drivers read the keys in the order Postgres keeps them.
      return JSON.stringify(value);
  }
}

/** The differences of a key's rows, paired in their order: a row without a pair is a whole row present on one side only. */
function differencesOf(what: string, key: string, serving: readonly RowText[], replayed: readonly RowText[]): RowChange[] {
  return Array.from({ length: Math.max(serving.length, replayed.length) }, (_, index) =>
    rowDifferences(what, key, serving[index], replayed[index]),
  ).flat();
}

function rowDifferences(what: string, key: string, serving: RowText | undefined, replayed: RowText | undefined): RowChange[] {
  if (!serving && !replayed) return [];
  if (!serving || !replayed) {
    return [{ what, key, column: WHOLE_ROW, serving: serving ? PRESENT : MISSING, replayed: replayed ? PRESENT : MISSING }];
  }
  return Object.keys(replayed)
    .filter((column) => serving[column] !== replayed[column])
    .map((column) => ({ what, key, column, serving: serving[column] ?? null, replayed: replayed[column] ?? null }));
}

/** The changed rows, deleted from the serving tables and copied in from the replayed ones (a row the log says should not be there stays deleted). */
async function copyRows(tx: SqlQueryable, changed: readonly TableRows[]): Promise<void> {
  for (const { table, keyColumn, keys } of changed) {
    await tx.query(`delete from ${SERVING_SCHEMA}.${table} where ${keyColumn} = any($1)`, [keys]);
    // By name: a column's place in the table depends on the migrations' history, not only on their result.
    const columns = (
      await tx.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_schema = $1 and table_name = $2',
        [REPLAY_SCHEMA, table],
      )
    ).rows
      .map((row) => row.column_name)
      .join(', ');
    await tx.query(
      `insert into ${SERVING_SCHEMA}.${table} (${columns}) select ${columns} from ${REPLAY_SCHEMA}.${table} where ${keyColumn} = any($1)`,
      [keys],
    );
  }
}
