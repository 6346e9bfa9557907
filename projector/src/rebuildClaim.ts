import type { openPostgresPool } from '@toolforge/platform/postgres';

/** The right to rebuild the read model, held until released (or until the process ends). */
export interface RebuildClaim {
  release(): Promise<void>;
}

/** Any constant: the key of the session advisory lock a rebuild holds from start to end. */
const REBUILD_LOCK = 72_430_618;

/**
 * Claims the right to rebuild a read model in PostgreSQL, or answers undefined while another holds
 * it (the operators' tool, a projector building in bulk): a session lock on a connection of its
 * own, so that it lasts as long as the rebuild and ends with the process.
 */
export async function claimRebuild(pool: ReturnType<typeof openPostgresPool>): Promise<RebuildClaim | undefined> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ claimed: boolean }>('select pg_try_advisory_lock($1) as claimed', [REBUILD_LOCK]);
    if (rows[0]?.claimed) {
      return {
        async release() {
          await client.query('select pg_advisory_unlock($1)', [REBUILD_LOCK]).catch(() => undefined);
          client.release();
        },
      };
    }
  } catch (error) {
    client.release();
    throw error;
  }
  client.release();
  return undefined;
}
