import { forgottenValue } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

export interface SignedInUserRow {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly photoURL: string | null;
  readonly emailVerified: boolean;
  readonly at: string;
}

/*
 * The writes of a user's events carry `version`, the event's position in the user's stream: the
 * row keeps the highest it has seen (see UserStanding), and sign-outs and revocations also record
 * it as the moment the account's sessions ended.
 */
export type IdentityWrite =
  | { readonly kind: 'signInUser'; readonly user: SignedInUserRow; readonly version: number }
  | { readonly kind: 'signOutUser'; readonly uid: string; readonly at: string; readonly version: number }
  | { readonly kind: 'grantAdmin'; readonly uid: string; readonly email: string; readonly version: number }
  | { readonly kind: 'revokeAdmin'; readonly uid: string; readonly email: string; readonly version: number }
  | { readonly kind: 'forgetUser'; readonly uid: string; readonly version: number };

/** A grant or a revocation; a revocation also ends the account's sessions. */
async function setAdmin(tx: SqlQueryable, write: { uid: string; email: string; version: number }, admin: boolean): Promise<void> {
  await tx.query(
    `insert into users (uid, email, name, admin, stream_version, sessions_ended_at) values ($1, $2, '', $3, $4, $5)
     on conflict (uid) do update set admin = excluded.admin,
       stream_version = greatest(users.stream_version, excluded.stream_version),
       sessions_ended_at = greatest(users.sessions_ended_at, excluded.sessions_ended_at)`,
    [write.uid, write.email, admin, write.version, admin ? 0 : write.version],
  );
}

type SignIn = Extract<IdentityWrite, { kind: 'signInUser' }>;

/**
 * Sign-ins in one statement. Each one in turn would leave the account's last sign-in's details and
 * the highest version, so a run's sign-ins of one account are folded to that first (a statement may
 * change a row only once): a customer base's first sign-ins were a statement each.
 */
async function signInUsers(tx: SqlQueryable, writes: readonly SignIn[]): Promise<void> {
  const folded = new Map<string, SignIn>();
  for (const write of writes) {
    const earlier = folded.get(write.user.uid);
    folded.set(write.user.uid, earlier && earlier.version > write.version ? { ...write, version: earlier.version } : write);
  }
  const signIns = [...folded.values()];
  const column = <Value>(value: (write: SignIn) => Value) => signIns.map(value);
  await tx.query(
    `insert into users (uid, email, name, photo_url, email_verified, signed_in, last_seen_at, stream_version)
     select uid, email, name, photo_url, email_verified, true, last_seen_at, stream_version
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[], $7::integer[])
            as u(uid, email, name, photo_url, email_verified, last_seen_at, stream_version)
     on conflict (uid) do update set email = excluded.email, name = excluded.name, photo_url = excluded.photo_url,
       email_verified = excluded.email_verified, signed_in = true, last_seen_at = excluded.last_seen_at,
       stream_version = greatest(users.stream_version, excluded.stream_version)`,
    [
      column((w) => w.user.uid),
      column((w) => w.user.email),
      column((w) => w.user.name),
      column((w) => w.user.photoURL),
      column((w) => w.user.emailVerified),
      column((w) => w.user.at),
      column((w) => w.version),
    ],
  );
}

/** Every account write changes the account's one row. */
const user = (write: { uid: string } | { user: { uid: string } }): RowKey[] => [
  { table: 'users', keyColumn: 'uid', key: 'user' in write ? write.user.uid : write.uid },
];

/** The accounts' writes in SQL. Roles and sessions are read from the read model directly, never from the cache. */
export const identityWrites: RowWriteHandlers<IdentityWrite> = {
  signInUser: {
    stale: [],
    table: 'users',
    rows: user,
    apply: (tx, write) => signInUsers(tx, [write]),
    applyRun: signInUsers,
  },
  signOutUser: {
    stale: [],
    table: 'users',
    rows: user,
    async apply(tx, write) {
      await tx.query(
        `update users set signed_in = false, last_seen_at = $2, stream_version = greatest(stream_version, $3),
           sessions_ended_at = greatest(sessions_ended_at, $3)
         where uid = $1`,
        [write.uid, write.at, write.version],
      );
    },
  },
  grantAdmin: { stale: [], table: 'users', rows: user, apply: (tx, write) => setAdmin(tx, write, true) },
  revokeAdmin: { stale: [], table: 'users', rows: user, apply: (tx, write) => setAdmin(tx, write, false) },
  forgetUser: {
    stale: [],
    table: 'users',
    rows: user,
    async apply(tx, write) {
      // The values its sign-ins read as once the key is destroyed (forgottenValue), so a read model built
      // again from the log holds the same row; no role, and every session ended.
      await tx.query(
        `update users set email = $2, name = $3, photo_url = null, admin = false, signed_in = false,
           stream_version = greatest(stream_version, $4), sessions_ended_at = greatest(sessions_ended_at, $4)
         where uid = $1`,
        [write.uid, forgottenValue('email'), forgottenValue('name'), write.version],
      );
    },
  },
};
