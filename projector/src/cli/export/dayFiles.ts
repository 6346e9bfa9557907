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

export const EXPORT_FORMATS = ['parquet', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

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
export function exportColumns(format: ExportFormat): readonly Column[] {
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

/** The rows of one topic and day: a table, its appender, and the rows not yet appended, column by column. */
interface DayTable {
  readonly name: string;
  readonly topic: string;
  readonly day: string;
  readonly appender: DuckDBAppender;
  buffered: DuckDBValue[][];
  events: number;
  firstPosition: string;
  lastPosition: string;
}

const positionOf = (row: EventRow) => `${row.topic}/${row.partition}/${row.offset}`;

/**
 * The export's files, one per topic and UTC day, made by an in-memory DuckDB: each topic and day is
 * a table that the rows are appended to in chunks, written out with COPY once its topic has been
 * read, then dropped, so that at most one topic's events are held (DuckDB spills to a temporary
 * folder of its own beyond its memory limit).
 */
export class DayFiles {
  private readonly tables = new Map<string, DayTable>();
  private tablesMade = 0;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly spillDir: string,
    private readonly format: ExportFormat,
    private readonly columns: readonly Column[],
  ) {}

  static async open(format: ExportFormat): Promise<DayFiles> {
    const spillDir = await mkdtemp(join(tmpdir(), 'toolforge-export-'));
    try {
      const instance = await DuckDBInstance.create(':memory:', { temp_directory: spillDir });
      return new DayFiles(instance, await instance.connect(), spillDir, format, exportColumns(format));
    } catch (error) {
      await rm(spillDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Adds the rows to their topic's and day's tables. */
  async add(rows: readonly EventRow[]): Promise<void> {
    for (const row of rows) {
      const day = dayOf(row.occurredAtMs);
      const table = this.tables.get(`${row.topic}/${day}`) ?? (await this.newTable(row.topic, day));
      const position = positionOf(row);
      if (table.events === 0) table.firstPosition = position;
      table.lastPosition = position;
      table.events += 1;
      this.columns.forEach((column, index) => table.buffered[index]!.push(column.value(row)));
      if (table.buffered[0]!.length === CHUNK_ROWS) this.append(table);
    }
  }

  /**
   * Writes each day's file of `topic` into `outDir/<topic>/<day>.<format>`, oldest day first, and
   * lets go of its tables.
   */
  async writeTopic(topic: string, outDir: string): Promise<DayFile[]> {
    const tables = [...this.tables.values()].filter((table) => table.topic === topic).sort((a, b) => a.day.localeCompare(b.day));
    if (tables.length === 0) return [];
    await mkdir(join(outDir, topic), { recursive: true });
    const written: DayFile[] = [];
    for (const table of tables) {
      this.append(table);
      table.appender.closeSync();
      const path = `${topic}/${table.day}.${this.format}`;
      // The path is bound as a parameter, never written into the statement: a folder named with a quote is only a name.
      const options = this.format === 'parquet' ? '(FORMAT parquet)' : '(FORMAT csv, HEADER)';
      await this.connection.run(`COPY ${table.name} TO $path ${options}`, { path: join(outDir, path) });
      await this.connection.run(`DROP TABLE ${table.name}`);
      this.tables.delete(`${topic}/${table.day}`);
      const { events, firstPosition, lastPosition } = table;
      written.push({ path, topic, day: table.day, events, firstPosition, lastPosition });
    }
    return written;
  }

  async close(): Promise<void> {
    try {
      for (const table of this.tables.values()) table.appender.closeSync();
      this.connection.closeSync();
      this.instance.closeSync();
    } finally {
      await rm(this.spillDir, { recursive: true, force: true });
    }
  }

  private async newTable(topic: string, day: string): Promise<DayTable> {
    // Named by a counter: neither a topic nor a day ever reaches the SQL.
    const name = `day_${(this.tablesMade += 1)}`;
    await this.connection.run(`CREATE TABLE ${name} (${this.columns.map((column) => `"${column.name}" ${column.sql}`).join(', ')})`);
    const table: DayTable = {
      name,
      topic,
      day,
      appender: await this.connection.createAppender(name),
      buffered: this.emptyColumns(),
      events: 0,
      firstPosition: '',
      lastPosition: '',
    };
    this.tables.set(`${topic}/${day}`, table);
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
