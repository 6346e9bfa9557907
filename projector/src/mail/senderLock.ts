/** What the lock needs of a `pg` pool (openPostgresPool): a connection of its own. */
export interface LockConnections {
  connect(): Promise<LockConnection>;
}
interface LockConnection {
  query(text: string, params: unknown[]): Promise<{ rows: { claimed?: boolean }[] }>;
  release(broken?: boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The right to send the outbox's e-mails: one sender per database, so no row is sent twice at once. */
export interface SenderLock {
  /** True while this process holds it (taken now if free). */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Embedded: the data dir's lock already makes this process the only one on the read model's
 * database (platform/src/pglite/dataDirLock.ts), so the sender needs no other.
 */
export const ONLY_PROCESS: SenderLock = {
  tryAcquire: () => Promise.resolve(true),
  release: () => Promise.resolve(),
};

/** Any constant: the key of the session advisory lock the sender of a PostgreSQL read model holds. */
const SENDER_LOCK = 72_430_638;

/**
 * Services mode: a session advisory lock on a connection of its own, so that a second projector
 * process sends nothing while the first lives, and takes over as soon as the first one's connection
 * ends (a crash ends it with the process). A connection that broke is let go, and the lock asked for again.
 */
export function advisorySenderLock(pool: LockConnections): SenderLock {
  let client: LockConnection | undefined;
  const letGo = (broken: boolean) => {
    client?.release(broken);
    client = undefined;
  };
  return {
    async tryAcquire() {
      if (client) return true;
      const candidate = await pool.connect();
      try {
        const { rows } = await candidate.query('select pg_try_advisory_lock($1) as claimed', [SENDER_LOCK]);
        if (!rows[0]?.claimed) {
          candidate.release();
          return false;
        }
      } catch (error) {
        candidate.release(true);
        throw error;
      }
      client = candidate;
      candidate.on('error', () => letGo(true));
      return true;
    },
    async release() {
      if (!client) return;
      await client.query('select pg_advisory_unlock($1)', [SENDER_LOCK]).catch(() => undefined);
      letGo(false);
    },
  };
}
