import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BIGINT,
  DuckDBDataChunk,
  DuckDBInstance,
  DuckDBTimestampValue,
  INTEGER,
  TIMESTAMP,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { dayOf, type EventRow } from './eventRow.js';
import type { ExportFormat } from './exportEvents.js';

/** A column of the files: its name, its SQL type, the type its values are appended as, and its value in a row. */
interface Column {
  readonly name: string;
  readonly sql: string;
  readonly type: DuckDBType;
  readonly value: (row: EventRow) => DuckDBValue;
}

const text = (name: string, value: (row: EventRow) => string | null, sql = 'VARCHAR'): Column => ({ name, sql, type: VARCHAR, value });
const integer = (name: string, value: (row: EventRow) => number | null): Column => ({ name, sql: 'INTEGER', type: INTEGER, value });

/**
 * The columns of every file, in order. The time is a TIMESTAMP in Parquet (UTC, as the log's
 * times are), in CSV the log's own ISO text; the data a JSON column, its text in CSV.
 */
function exportColumns(format: ExportFormat): readonly Column[] {
  return [
    text('topic', (row) => row.topic),
    integer('partition', (row) => row.partition),
    // Kafka's offsets pass what an INTEGER holds.
    { name: 'offset', sql: 'BIGINT', type: BIGINT, value: (row) => BigInt(row.offset) },
    text('stream_id', (row) => row.streamId),
    integer('stream_position', (row) => row.streamPosition),
    text('event_id', (row) => row.eventId),
    text('type', (row) => row.type),
    integer('schema_version', (row) => row.schemaVersion),
    format === 'parquet'
      ? {
          name: 'occurred_at',
          sql: 'TIMESTAMP',
          type: TIMESTAMP,
          value: (row) => new DuckDBTimestampValue(BigInt(row.occurredAtMs) * 1000n),
        }
      : text('occurred_at', (row) => row.occurredAt),
    text('actor', (row) => row.actor),
    text('data', (row) => row.data, 'JSON'),
    text('previous_hash', (row) => row.previousHash),
    text('hash', (row) => row.hash),
  ];
}

/** A file the export wrote: where (relative to the export's folder, with /), and which events it holds. */
export interface DayFile {
  readonly path: string;
  readonly topic: string;
  readonly day: string;
  readonly events: number;
  /** The positions (topic/partition/offset) of its first and last rows: the file holds a topic's partitions in turn, each in offset order. */
  readonly firstPosition: string;
  readonly lastPosition: string;
}

/** DuckDB appends a data chunk of at most this many rows (its vector size). */
const CHUNK_ROWS = 2048;
const DAY_MS = 86_400_000;

/** The rows of one topic and day: a table, its appender, and the rows not yet appended, column by column. */
interface DayTable {
  readonly name: string;
  readonly day: string;
  readonly appender: DuckDBAppender;
  buffered: DuckDBValue[][];
  events: number;
  first: EventRow;
  last: EventRow;
}

const positionOf = (row: EventRow) => `${row.topic}/${row.partition}/${row.offset}`;

/**
 * The export's files, one per topic and UTC day, made by an in-memory DuckDB: each topic and day is
 * a table that the rows are appended to in chunks, written out with COPY once its topic has been
 * read, then dropped, so that at most the topic being read and the one being written are held
 * (DuckDB spills to a temporary folder of its own beyond its memory limit).
 */
export class DayFiles {
  /** Each topic's tables by UTC day (days since 1970). */
  private readonly tables = new Map<string, Map<number, DayTable>>();
  private tablesMade = 0;
  /** The files being written, one topic after the other. */
  private writing: Promise<unknown> = Promise.resolve();

  /** The files' columns, in order. */
  readonly columnNames: readonly string[];

  private constructor(
    private readonly instance: DuckDBInstance,
    /** Creates the tables and appends to them. */
    private readonly connection: DuckDBConnection,
    /** Writes the files: a topic's COPY runs while the next topic is appended on the other connection. */
    private readonly writer: DuckDBConnection,
    private readonly spillDir: string,
    private readonly format: ExportFormat,
    private readonly columns: readonly Column[],
  ) {
    this.columnNames = columns.map((column) => column.name);
  }

  static async open(format: ExportFormat): Promise<DayFiles> {
    const spillDir = await mkdtemp(join(tmpdir(), 'toolforge-export-'));
    try {
      const instance = await DuckDBInstance.create(':memory:', { temp_directory: spillDir });
      return new DayFiles(instance, await instance.connect(), await instance.connect(), spillDir, format, exportColumns(format));
    } catch (error) {
      await rm(spillDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Adds the rows to their topic's and day's tables. */
  async add(rows: readonly EventRow[]): Promise<void> {
    for (const row of rows) {
      let days = this.tables.get(row.topic);
      if (!days) this.tables.set(row.topic, (days = new Map<number, DayTable>()));
      const dayNumber = Math.floor(row.occurredAtMs / DAY_MS);
      const table = days.get(dayNumber) ?? (await this.newTable(days, dayNumber, row));
      table.last = row;
      table.events += 1;
      this.columns.forEach((column, index) => table.buffered[index]!.push(column.value(row)));
      if (table.buffered[0]!.length === CHUNK_ROWS) this.append(table);
    }
  }

  /**
   * Writes each day's file of `topic` into `outDir/<topic>/<day>.<format>`, oldest day first, and
   * lets go of its tables; settles once they are written. Its rows are all appended before it
   * returns, so rows of other topics may be added meanwhile.
   */
  writeTopic(topic: string, outDir: string): Promise<DayFile[]> {
    const tables = [...(this.tables.get(topic)?.values() ?? [])].sort((a, b) => a.day.localeCompare(b.day));
    this.tables.delete(topic);
    for (const table of tables) {
      this.append(table);
      table.appender.closeSync();
    }
    const written = this.writing.then(() => this.copy(topic, tables, outDir));
    this.writing = written.catch(() => undefined);
    return written;
  }

  async close(): Promise<void> {
    try {
      await this.writing;
      for (const days of this.tables.values()) for (const table of days.values()) table.appender.closeSync();
      this.connection.closeSync();
      this.writer.closeSync();
      this.instance.closeSync();
    } finally {
      await rm(this.spillDir, { recursive: true, force: true });
    }
  }

  private async copy(topic: string, tables: readonly DayTable[], outDir: string): Promise<DayFile[]> {
    if (tables.length === 0) return [];
    await mkdir(join(outDir, topic), { recursive: true });
    const written: DayFile[] = [];
    const options = this.format === 'parquet' ? '(FORMAT parquet)' : '(FORMAT csv, HEADER)';
    for (const table of tables) {
      const path = `${topic}/${table.day}.${this.format}`;
      // The path is bound as a parameter, never written into the statement: a folder named with a quote is only a name.
      await this.writer.run(`COPY ${table.name} TO $path ${options}`, { path: join(outDir, path) });
      await this.writer.run(`DROP TABLE ${table.name}`);
      const { day, events } = table;
      written.push({ path, topic, day, events, firstPosition: positionOf(table.first), lastPosition: positionOf(table.last) });
    }
    return written;
  }

  private async newTable(days: Map<number, DayTable>, dayNumber: number, first: EventRow): Promise<DayTable> {
    // Named by a counter: neither a topic nor a day ever reaches the SQL.
    const name = `day_${(this.tablesMade += 1)}`;
    await this.connection.run(`CREATE TABLE ${name} (${this.columns.map((column) => `"${column.name}" ${column.sql}`).join(', ')})`);
    const table: DayTable = {
      name,
      day: dayOf(first.occurredAtMs),
      appender: await this.connection.createAppender(name),
      buffered: this.emptyColumns(),
      events: 0,
      first,
      last: first,
    };
    days.set(dayNumber, table);
    return table;
  }

  /** Appends the table's buffered rows as one chunk: a call into DuckDB per chunk rather than per value. */
  private append(table: DayTable): void {
    const rows = table.buffered[0]!.length;
    if (rows === 0) return;
    const chunk = DuckDBDataChunk.create(
      this.columns.map((column) => column.type),
      rows,
    );
    chunk.setColumns(table.buffered);
    table.appender.appendDataChunk(chunk);
    table.buffered = this.emptyColumns();
  }

  private emptyColumns(): DuckDBValue[][] {
    return this.columns.map(() => []);
  }
}
