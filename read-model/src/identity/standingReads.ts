import type { UserStanding } from '@toolforge/platform';
import type { SqlQueryable } from '@toolforge/platform/sql';

/** The accounts' reads: roles and sessions, as far as the read model has got. */
export interface StandingReader {
  isAdmin(uid: string): Promise<boolean>;
  /** The account's role and sessions; undefined before its first event. */
  userStanding(uid: string): Promise<UserStanding | undefined>;
}

/** The accounts' reads on the read model's tables (identity/tables.ts). */
export function sqlStandingReader(sql: SqlQueryable): StandingReader {
  const userStanding = async (uid: string): Promise<UserStanding | undefined> => {
    const result = await sql.query<{ admin: boolean; stream_version: unknown; sessions_ended_at: unknown }>(
      'select admin, stream_version, sessions_ended_at from users where uid = $1',
      [uid],
    );
    const row = result.rows[0];
    return row && { admin: row.admin === true, version: Number(row.stream_version), sessionsEndedAt: Number(row.sessions_ended_at) };
  };
  return {
    isAdmin: async (uid) => (await userStanding(uid))?.admin === true,
    userStanding,
  };
}
