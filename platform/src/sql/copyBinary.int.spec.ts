import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import { copyBinary, UnencodableValue, type CopiedColumn, type CopyType, type CopyValue } from './copyBinary.js';
import { copyBytesIntoPglite } from './sql.js';

let db: PGlite;
beforeAll(async () => {
  db = await openEmbeddedPostgres(null);
});
afterAll(() => db.close());

/** Copies `values` into a one-column table of `type`, and answers them as PostgreSQL holds them (as text). */
async function copiedAs(type: CopyType, values: readonly CopyValue[]): Promise<string[]> {
  const column: CopiedColumn<CopyValue> = { name: 'value', type, of: (value) => value };
  await db.exec(`drop table if exists copied; create table copied (n serial, value ${type} not null)`);
  await db.transaction((tx) => copyBytesIntoPglite(db, tx, { table: 'copied', columns: ['value'], bytes: copyBinary([column], values) }));
  return (await db.query<{ value: string }>('select value::text as value from copied order by n')).rows.map((row) => row.value);
}

/** The same values as PostgreSQL reads them from their text. */
async function readAs(type: CopyType, values: readonly CopyValue[]): Promise<string[]> {
  const texts = values.map((value) => (Array.isArray(value) ? `{${value.join(',')}}` : String(value)));
  return Promise.all(
    texts.map(async (text) => (await db.query<{ value: string }>(`select $1::${type}::text as value`, [text])).rows[0]!.value),
  );
}

describe('copyBinary: rows in COPY’s binary format', () => {
  beforeEach(() => db.exec("set timezone = 'UTC'"));

  const holding: Record<CopyType, readonly CopyValue[]> = {
    text: [
      'Claw Hammer "16 oz", forged',
      '',
      'two\nlines',
      'Ångström-Schlüssel 🔧 №5',
      'Spanner set of 12 🔧 (mm)',
      'back\\slash \\N',
      '\\.',
    ],
    integer: [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)],
    bigint: [0, -1, 2 ** 32, -(2 ** 32) - 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
    boolean: [true, false],
    timestamptz: [
      '2026-11-27T10:00:00.123Z',
      '2026-11-27T10:00:00Z',
      '2026-11-27T10:00:00.123456Z',
      '2026-11-27T10:00:00.1Z',
      '2026-11-27T10:00:00.5+05:30',
      '2026-11-27T01:02:03-08:00',
      '2024-02-29T23:59:59.999999Z',
      '2000-01-01T00:00:00Z',
      '1999-12-31T23:59:59.999999Z',
      '1970-01-01T00:00:00Z',
      '1800-06-15T12:00:00Z',
    ],
    'bigint[]': [[], [0], [1, 2, 3], [-5, Number.MAX_SAFE_INTEGER]],
    jsonb: [
      '[]',
      '[{"minQuantity":10,"unitPriceCents":4200},{"minQuantity":50,"unitPriceCents":3999}]',
      '{"name":"Schlüssel 🔧 \\"5\\""}',
      'null',
    ],
  };

  for (const [type, values] of Object.entries(holding) as [CopyType, readonly CopyValue[]][]) {
    it(`writes each ${type} as PostgreSQL reads it from its text`, async () => {
      expect(await copiedAs(type, values)).toEqual(await readAs(type, values));
    });
  }

  const refused: Record<CopyType, readonly CopyValue[]> = {
    text: [1, true, [1]],
    integer: [2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN, '1', true],
    bigint: [2 ** 53, -(2 ** 53), 0.5, Number.POSITIVE_INFINITY, '1'],
    boolean: ['t', 1],
    timestamptz: [
      '2026-02-30T10:00:00Z',
      '2025-02-29T10:00:00Z',
      '2026-11-27T24:00:00Z',
      '2026-11-27T10:60:00Z',
      '2026-11-27T10:00:60Z',
      '2026-13-01T10:00:00Z',
      '2026-11-27 10:00:00Z',
      '2026-11-27T10:00:00',
      '2026-11-27T10:00:00.1234567Z',
      '2026-11-27T10:00:00+16:00',
      '2026-11-27T10:00:00+05:60',
      '0099-01-01T00:00:00Z',
      '2400-01-01T00:00:00Z',
      'tomorrow',
      1_795_773_600_000,
    ],
    'bigint[]': [[1.5], [2 ** 53], 'x', 3],
    jsonb: [[1, 2], 3, true],
  };

  for (const [type, values] of Object.entries(refused) as [CopyType, readonly CopyValue[]][]) {
    it(`refuses what a ${type} column cannot hold exactly, naming the column`, () => {
      for (const value of values) {
        const column: CopiedColumn<CopyValue> = { name: 'value', type, of: (row) => row };
        expect(() => copyBinary([column], [value]), JSON.stringify(value)).toThrow(UnencodableValue);
        expect(() => copyBinary([column], [value])).toThrow(/column value/);
      }
    });
  }

  it('writes many rows of many columns, past its first buffer', async () => {
    type Tool = { readonly name: string; readonly count: number; readonly at: string };
    const columns: CopiedColumn<Tool>[] = [
      { name: 'name', type: 'text', of: (tool) => tool.name },
      { name: 'count', type: 'integer', of: (tool) => tool.count },
      { name: 'at', type: 'timestamptz', of: (tool) => tool.at },
    ];
    const tools = Array.from({ length: 5000 }, (_, n) => ({
      name: `Spanner ${n} `.repeat(5),
      count: n,
      at: new Date(n * 1000).toISOString(),
    }));
    await db.exec('drop table if exists tools; create table tools (name text, count integer, at timestamptz)');
    await db.transaction((tx) =>
      copyBytesIntoPglite(db, tx, { table: 'tools', columns: ['name', 'count', 'at'], bytes: copyBinary(columns, tools) }),
    );
    const stored = await db.query<{ name: string; count: number; at: Date }>('select name, count, at from tools order by count');
    expect(stored.rows.map((row) => ({ name: row.name, count: row.count, at: row.at.toISOString() }))).toEqual(tools);
  });
});
