import type { ReadModelTables } from '@toolforge/platform/sql';

/**
 * The accounts' table: one row per account; `admin` comes from AdminGranted and AdminRevoked.
 * - stream_version, sessions_ended_at (3): how many of the account's events the row reflects, and
 *   the stream version of its last sign-out or admin revocation, to judge API tokens by. Rows from
 *   before them start at 0, which is right for what they matter to: every API token is issued at a
 *   sign-in, which the projection applies with its version, and no earlier sign-out can end a
 *   token of this kind.
 */
export const IDENTITY_TABLES: ReadModelTables = {
  owner: 'the identity',
  migrations: [
    {
      version: 1,
      ddl: `
  create table users (
    uid text primary key,
    email text not null,
    name text not null,
    photo_url text,
    email_verified boolean not null default false,
    admin boolean not null default false,
    signed_in boolean not null default false,
    last_seen_at timestamptz
  );
  `,
    },
    {
      version: 3,
      ddl: `
  alter table users add column stream_version integer not null default 0;
  alter table users add column sessions_ended_at integer not null default 0;
  `,
    },
  ],
  tables: ['users'],
};
