import type { Migration } from '@toolforge/platform/sql';

/**
 * stream_version, sessions_ended_at: how many of the account's events the row reflects, and the
 * stream version of its last sign-out or admin revocation, to judge API tokens by. Rows from before
 * them start at 0, which is right for what they matter to: every API token is issued at a sign-in,
 * which the projection applies with its version, and no earlier sign-out can end a token of this kind.
 */
export const userStreamVersion: Migration = {
  version: 3,
  ddl: `
  alter table users add column stream_version integer not null default 0;
  alter table users add column sessions_ended_at integer not null default 0;
  `,
};
