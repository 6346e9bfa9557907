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
  /** The row's primary key: its values joined by `/` when it has several columns. */
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
  /** Rows those events write, each compared: those on either side, the serving read model or the replayed one. */
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
    return { events: range.events, rows: changes.compared, changedRows: changes.changedRows, changes: changes.differences, repaired };
  } finally {
    signal?.removeEventListener('abort', stop);
    await projector.stop();
    await dropSchema(sql, REPLAY_SCHEMA);
  }
}

/** Rows of one table, by the column that keys them. */
interface TableRows {
  readonly table: string;
  readonly keyColumn: string;
  readonly keys: readonly string[];
}

/**
 * The rows the range's events write (an event the projection refuses writes none), and the cache areas
 * each row's writes make stale. One table's rows may be named by several columns (a review by its id,
 * an erased customer's reviews by their user_id): a group for each.
 */
async function rowsOfTheRange(events: AsyncIterable<StoredEvent>) {
  const groups = new Map<string, { table: string; keyColumn: string; keys: Set<string> }>();
  const areas = new Map<string, Set<CacheArea>>();
  let count = 0;
  for await (const event of events) {
    count += 1;
    for (const write of projectOrRefuse(event).writes) {
      for (const row of rowsOf(write)) {
        const group = `${row.table}/${row.keyColumn}`;
        const rows = groups.get(group) ?? { table: row.table, keyColumn: row.keyColumn, keys: new Set<string>() };
        groups.set(group, rows.keys.add(row.key) && rows);
        const stale = areas.get(rowName(row)) ?? new Set<CacheArea>();
        for (const area of cacheAreasOf(write)) stale.add(area);
        areas.set(rowName(row), stale);
      }
    }
  }
  const rows: TableRows[] = [...groups.values()].map(({ table, keyColumn, keys }) => ({ table, keyColumn, keys: [...keys].sort() }));
  return { events: count, rows: rows.sort((a, b) => a.table.localeCompare(b.table) || a.keyColumn.localeCompare(b.keyColumn)), areas };
}

const rowName = ({ table, keyColumn, key }: RowKey) => `${table}/${keyColumn}/${key}`;

function areasOf(changed: readonly TableRows[], areas: ReadonlyMap<string, ReadonlySet<CacheArea>>): CacheArea[] {
  const stale = new Set<CacheArea>();
  for (const { table, keyColumn, keys } of changed)
    for (const key of keys) for (const area of areas.get(rowName({ table, keyColumn, key })) ?? []) stale.add(area);
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

/**
 * What differs between the serving rows and the replayed ones, and which rows. A write names its
 * rows by one column (`keyColumn`), which may key several rows of a table whose primary key has more
 * columns (a customer's cart lines, an order's lines): every row of such a group is compared with
 * the row of the same primary key on the other side, and the group is repaired whole.
 */
async function compareRows(tx: SqlQueryable, rows: readonly TableRows[]) {
  const differences: RowChange[] = [];
  const changed: TableRows[] = [];
  let compared = 0;
  let changedRows = 0;
  // A row two groups of its table name (by its id, by its customer) is compared and counted once; either group's copy repairs it.
  const seen = new Set<string>();
  for (const group of rows) {
    const { table, keys } = group;
    const primaryKey = await primaryKeyOf(tx, table);
    const serving = await rowsIn(tx, SERVING_SCHEMA, group, primaryKey);
    const replayed = await rowsIn(tx, REPLAY_SCHEMA, group, primaryKey);
    const keysChanged = keys.filter((key) => {
      const [servingRows, replayedRows] = [serving.get(key), replayed.get(key)];
      const rowKeys = [...new Set([...(servingRows?.keys() ?? []), ...(replayedRows?.keys() ?? [])])]
        .sort()
        .filter((rowKey) => !seen.has(`${table}/${rowKey}`));
      for (const rowKey of rowKeys) seen.add(`${table}/${rowKey}`);
      compared += rowKeys.length;
      let groupChanged = false;
      for (const rowKey of rowKeys) {
        const found = differencesOf(table, rowKey, servingRows?.get(rowKey), replayedRows?.get(rowKey));
        differences.push(...found);
        if (found.length === 0) continue;
        changedRows += 1;
        groupChanged = true;
      }
      return groupChanged;
    });
    if (keysChanged.length > 0) changed.push({ table, keyColumn: group.keyColumn, keys: keysChanged });
  }
  return { differences, changed, compared, changedRows };
}

/** The columns of a table's primary key, in their order (the replay's schema has the serving one's tables: the same migrations). */
async function primaryKeyOf(tx: SqlQueryable, table: string): Promise<readonly string[]> {
  const result = await tx.query<{ column_name: string }>(
    `select k.column_name
       from information_schema.table_constraints t
       join information_schema.key_column_usage k
         on k.constraint_schema = t.constraint_schema and k.constraint_name = t.constraint_name and k.table_name = t.table_name
      where t.table_schema = $1 and t.table_name = $2 and t.constraint_type = 'PRIMARY KEY'
      order by k.ordinal_position`,
    [REPLAY_SCHEMA, table],
  );
  return result.rows.map((row) => row.column_name);
}

/**
 * The rows of each key, by their primary key (its values joined by `/`; a table keyed by the write's
 * one column: that value alone), every value as text (timestamps in ISO), so that both drivers'
 * values compare alike.
 */
async function rowsIn(
  tx: SqlQueryable,
  schema: string,
  { table, keyColumn, keys }: TableRows,
  primaryKey: readonly string[],
): Promise<Map<string, Map<string, Record<string, string | null>>>> {
  const result = await tx.query<Record<string, unknown>>(`select * from ${schema}.${table} where ${keyColumn} = any($1)`, [keys]);
  const byKey = new Map<string, Map<string, Record<string, string | null>>>();
  const identity = primaryKey.length > 0 ? primaryKey : [keyColumn];
  for (const row of result.rows) {
    const key = String(row[keyColumn]);
    const rows = byKey.get(key) ?? new Map<string, Record<string, string | null>>();
    byKey.set(key, rows);
    const text = Object.fromEntries(Object.entries(row).map(([column, value]) => [column, asText(value)]));
    rows.set(identity.map((column) => text[column]).join('/'), text);
  }
  return byKey;
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
      // No column of the read model is JSON today; one would compare as its text.
      return JSON.stringify(value);
  }
}

function differencesOf(
  what: string,
  key: string,
  serving: Record<string, string | null> | undefined,
  replayed: Record<string, string | null> | undefined,
): RowChange[] {
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
