/**
 * Rows in COPY's binary format (PostgreSQL's "COPY … with (format binary)"): each value as its
 * column's type holds it, so the database parses no text. Into PGlite a million orders went in faster
 * than as CSV (docs/read-model.md#rebuilding-while-the-shop-serves, bench-results/2026-11-27.md#the-rebuild-investigated).
 *
 * A value its column's type cannot hold exactly as the database would read its text (a number out of
 * range, a time not written as ISO 8601 or not on the calendar) is refused with UnencodableValue, and
 * copyOrInsert hands the rows to its insert, which stores or refuses them as PostgreSQL decides.
 */

/** The columns' types COPY writes here: those of the read model's tables the projector copies into. */
export type CopyType = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'bigint[]' | 'jsonb';

/**
 * A value COPY appends: text (a `timestamptz` too, as ISO 8601, and a `jsonb` as its JSON text), a
 * number, a boolean, or a list of numbers (a `bigint[]`). None is null.
 */
export type CopyValue = string | number | boolean | readonly number[];

/** A column COPY fills, the type the table gives it, and its value in each row. */
export interface CopiedColumn<Row> {
  readonly name: string;
  readonly type: CopyType;
  readonly of: (row: Row) => CopyValue;
}

/** A value that its column's type cannot hold as given. */
export class UnencodableValue extends RangeError {
  constructor(column: CopiedColumn<never>, value: CopyValue) {
    super(`${JSON.stringify(value)} is no ${column.type} that COPY can write exactly (column ${column.name})`);
    this.name = 'UnencodableValue';
  }
}

/** "PGCOPY\n\377\r\n\0", then no flags and no header extension. */
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
const BIGINT_OID = 20;
/** The one version of jsonb's binary format: the byte before its JSON text. */
const JSONB_VERSION = 1;
const INT4_RANGE = 2 ** 31;
const TWO_TO_32 = 2 ** 32;
/** PostgreSQL counts time in microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
/** ISO 8601 as toISOString writes it, and as the events' times are: a date, a time to at most the microsecond, Z or an offset. */
const [ZERO, DOT, ZULU] = ['0'.charCodeAt(0), '.'.charCodeAt(0), 'Z'.charCodeAt(0)];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The rows' values in these columns as COPY's binary input: header, tuples, trailer. */
export function copyBinary<Row>(columns: readonly CopiedColumn<Row>[], rows: readonly Row[]): Uint8Array<ArrayBuffer> {
  const out = new CopyWriter();
  out.bytes(SIGNATURE);
  out.int32(0);
  out.int32(0);
  for (const row of rows) {
    out.int16(columns.length);
    for (const column of columns) out.value(column, column.of(row));
  }
  out.int16(-1);
  return out.written();
}

class CopyWriter {
  private buffer = new Uint8Array(64 * 1024);
  private view = new DataView(this.buffer.buffer);
  private at = 0;
  private readonly encoder = new TextEncoder();

  value(column: CopiedColumn<never>, value: CopyValue): void {
    if (!this.wrote(column.type, value)) throw new UnencodableValue(column, value);
  }

  /** Writes the value as `type` holds it, if it can hold it exactly: answers whether it did. */
  private wrote(type: CopyType, value: CopyValue): boolean {
    switch (type) {
      case 'text':
        if (typeof value !== 'string') return false;
        this.text(value);
        return true;
      case 'integer':
        if (!Number.isInteger(value) || (value as number) < -INT4_RANGE || (value as number) >= INT4_RANGE) return false;
        this.int32(4);
        this.int32(value as number);
        return true;
      case 'bigint':
        if (!Number.isSafeInteger(value)) return false;
        this.int32(8);
        this.int64(value as number);
        return true;
      case 'boolean':
        if (typeof value !== 'boolean') return false;
        this.int32(1);
        this.uint8(value ? 1 : 0);
        return true;
      case 'timestamptz': {
        const microseconds = typeof value === 'string' ? sincePostgresEpoch(value) : undefined;
        if (microseconds === undefined) return false;
        this.int32(8);
        this.int64(microseconds);
        return true;
      }
      case 'bigint[]':
        if (!Array.isArray(value) || !value.every((item) => Number.isSafeInteger(item))) return false;
        this.bigints(value as readonly number[]);
        return true;
      // The database parses the text as it would the insert's, and refuses what is no JSON.
      case 'jsonb':
        if (typeof value !== 'string') return false;
        this.jsonb(value);
        return true;
    }
  }

  int16(value: number): void {
    this.room(2);
    this.view.setInt16(this.at, value);
    this.at += 2;
  }

  int32(value: number): void {
    this.room(4);
    this.view.setInt32(this.at, value);
    this.at += 4;
  }

  uint8(value: number): void {
    this.room(1);
    this.buffer[this.at] = value;
    this.at += 1;
  }

  bytes(values: ArrayLike<number>): void {
    this.room(values.length);
    this.buffer.set(values, this.at);
    this.at += values.length;
  }

  /** The bytes written, in a buffer of their own that a thread can be handed without a copy. */
  written(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.at);
  }

  /** A safe integer as two's complement in eight bytes. */
  private int64(value: number): void {
    const high = Math.floor(value / TWO_TO_32);
    this.room(8);
    this.view.setInt32(this.at, high);
    this.view.setUint32(this.at + 4, value - high * TWO_TO_32);
    this.at += 8;
  }

  /**
   * Its length, then its UTF-8 (at most three bytes for each UTF-16 unit). Most of the read model's
   * texts are ASCII (ids, statuses, most names), written here a byte for each unit; the encoder's
   * call and the view it is handed cost more than that loop for a short text: a million order rows
   * encoded faster so, alternated in one script (bench-results/2026-11-27.md#the-rebuild-investigated).
   * From the first unit beyond ASCII, the encoder writes the whole text.
   */
  private text(value: string): void {
    this.room(4 + value.length * 3);
    const start = this.at + 4;
    const { buffer } = this;
    for (let index = 0; index < value.length; index += 1) {
      const unit = value.charCodeAt(index);
      if (unit >= 0x80) return this.encodedText(value);
      buffer[start + index] = unit;
    }
    this.view.setInt32(this.at, value.length);
    this.at = start + value.length;
  }

  private encodedText(value: string): void {
    const { written } = this.encoder.encodeInto(value, this.buffer.subarray(this.at + 4));
    this.view.setInt32(this.at, written);
    this.at += 4 + written;
  }

  /** Its length, the format's version, then its JSON text in UTF-8. */
  private jsonb(value: string): void {
    const utf8 = this.encoder.encode(value);
    this.int32(1 + utf8.length);
    this.uint8(JSONB_VERSION);
    this.bytes(utf8);
  }

  /** A one-dimensional bigint array: dimensions, no nulls, element type, length, lower bound 1, then each element. */
  private bigints(values: readonly number[]): void {
    const dimensions = values.length === 0 ? 0 : 1;
    this.int32(12 + dimensions * 8 + values.length * 12);
    this.int32(dimensions);
    this.int32(0);
    this.int32(BIGINT_OID);
    if (dimensions === 0) return;
    this.int32(values.length);
    this.int32(1);
    for (const value of values) {
      this.int32(8);
      this.int64(value);
    }
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.at + bytes));
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * An ISO 8601 time as microseconds since 2000-01-01 UTC, or undefined when it is written otherwise
 * or names no real date and time (February 30th, 24:00), or lies too far from 2000 for a number to be
 * exact: PostgreSQL reads such texts its own way.
 */
function sincePostgresEpoch(text: string): number | undefined {
  if (!ISO_TIME.test(text)) return undefined;
  // Where the pattern puts each field: digits at fixed places, then a fraction of 1 to 6 digits, if any, before the zone.
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const fractionDigits = text.charCodeAt(19) === DOT ? text.length - (text.endsWith('Z') ? 21 : 26) : 0;
  const fraction = fractionDigits === 0 ? 0 : digits(text, 20, fractionDigits) * 10 ** (6 - fractionDigits);
  const zone = 19 + (fractionDigits === 0 ? 0 : fractionDigits + 1);
  const offsetSign = text[zone] === '-' ? -1 : 1;
  const utc = text.charCodeAt(zone) === ZULU;
  const offsetHours = utc ? 0 : digits(text, zone + 1, 2);
  const offsetMinutes = utc ? 0 : digits(text, zone + 4, 2);
  // Date.UTC reads years below 100 as 19xx, and carries a day or an hour too many into the next.
  const onTheCalendar =
    year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour < 24 && minute < 60 && second < 60;
  if (!onTheCalendar || offsetHours > 15 || offsetMinutes > 59) return undefined;
  const milliseconds = Date.UTC(year, month - 1, day, hour, minute, second) - offsetSign * (offsetHours * 60 + offsetMinutes) * 60_000;
  const microseconds = (milliseconds - POSTGRES_EPOCH_MS) * 1000 + fraction;
  // Beyond 2^53 µs (some 285 years either side of 2000) a number is no longer exact.
  return Number.isSafeInteger(microseconds) ? microseconds : undefined;
}

/** The number the `count` ASCII digits at `from` write (the pattern has checked they are digits). */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index += 1) value = value * 10 + text.charCodeAt(index) - ZERO;
  return value;
}

function daysIn(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}
