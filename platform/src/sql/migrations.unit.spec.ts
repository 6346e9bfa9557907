import { describe, expect, it } from 'vitest';
import { migrationStatements, readModelSchema, type ReadModelTables } from './migrations.js';

const shelves: ReadModelTables = {
  owner: 'the shelves',
  migrations: [
    { version: 1, ddl: 'create table shelves (shelf text primary key)' },
    { version: 3, ddl: 'alter table shelves add column aisle text' },
  ],
  tables: ['shelves'],
};
const bins: ReadModelTables = {
  owner: 'the bins',
  migrations: [
    { version: 1, ddl: 'create table bins (bin text primary key); create index bins_by_bin on bins (bin)' },
    { version: 2, ddl: 'alter table bins add column shelf text' },
  ],
  tables: ['bins', 'bin_labels'],
};

describe('readModelSchema', () => {
  it('numbers the parts’ migrations as one list: the founding version runs every part’s, in the order the parts are given', () => {
    const schema = readModelSchema([shelves, bins]);
    expect(schema.migrations.map((migration) => [migration.version, migrationStatements(migration.ddl)])).toEqual([
      [
        1,
        [
          'create table shelves (shelf text primary key)',
          'create table bins (bin text primary key)',
          'create index bins_by_bin on bins (bin)',
        ],
      ],
      [2, ['alter table bins add column shelf text']],
      [3, ['alter table shelves add column aisle text']],
    ]);
    expect(schema.tables).toEqual(['shelves', 'bins', 'bin_labels']);
  });

  it('refuses a later version two parts claim, as two branches that each added the next one would', () => {
    const racks: ReadModelTables = {
      owner: 'the racks',
      migrations: [{ version: 3, ddl: 'create table racks (rack text)' }],
      tables: ['racks'],
    };
    expect(() => readModelSchema([shelves, bins, racks])).toThrow('read model migration 3 is claimed by both the shelves and the racks');
  });

  it('refuses a version missing in between', () => {
    const late: ReadModelTables = {
      owner: 'the racks',
      migrations: [{ version: 5, ddl: 'create table racks (rack text)' }],
      tables: ['racks'],
    };
    expect(() => readModelSchema([shelves, bins, late])).toThrow('read model migration 4 is missing');
  });
});
