import type { Migration } from '@toolforge/platform/sql';

/**
 * The accounts' table (part of the founding migration, version 1): one row per account; `admin`
 * comes from AdminGranted and AdminRevoked.
 */
export const createUsers: Migration = {
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
};
