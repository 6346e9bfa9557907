import type { ReadModelTables } from '@toolforge/platform/sql';
import { createUsers } from './migrations/001-users.js';
import { userStreamVersion } from './migrations/003-user-stream-version.js';

/**
 * The accounts' table: one row per account. Each migration is a file of migrations/ named by its
 * version; a new column is a new file there, with the next free version (docs/read-model.md).
 */
export const IDENTITY_TABLES: ReadModelTables = {
  owner: 'the identity',
  migrations: [createUsers, userStreamVersion],
  tables: ['users'],
};
