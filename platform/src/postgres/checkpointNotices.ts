import pg from 'pg';
import type { Logger } from '../logger.js';
import { CoalescedRuns } from '../timing/coalescedRuns.js';
import type { SqlQueryable } from '../sql/sql.js';

/** The PostgreSQL channel on which the projector says its checkpoints moved (per database). */
export const CHECKPOINTS_CHANNEL = 'toolforge_checkpoints';

/**
 * Services mode: the projector tells the query service that its checkpoints moved (NOTIFY), so a
 * read-your-writes wait is released at the projector's commit rather than at the watcher's next
 * 25 ms poll, which stays the fallback (a notice lost with a broken connection costs a poll). One
 * notice at a time; the commits meanwhile share the next one. Off the projector's path: a failure
 * is logged, never thrown.
 */
export class CheckpointAnnouncer {
  private readonly notices: CoalescedRuns;

  constructor(sql: SqlQueryable, logger?: Pick<Logger, 'warn'>) {
    this.notices = new CoalescedRuns(() =>
      sql.query('select pg_notify($1, $2)', [CHECKPOINTS_CHANNEL, '']).then(
        () => undefined,
        (error: unknown) => logger?.warn({ err: error }, 'could not announce that the checkpoints moved'),
      ),
    );
  }

  announce(): void {
    this.notices.request();
  }
}

export interface CheckpointNotices {
  close(): Promise<void>;
}

/**
 * Calls `onMoved` for each notice on CHECKPOINTS_CHANNEL, on a connection of its own (LISTEN holds
 * it). A broken connection is opened again after `retryMs`, and `onMoved` is called then too, for
 * whatever moved while nobody listened.
 */
export async function listenForCheckpoints(
  connectionString: string,
  onMoved: () => void,
  options: { logger?: Pick<Logger, 'warn'>; retryMs?: number } = {},
): Promise<CheckpointNotices> {
  const retryMs = options.retryMs ?? 1000;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const listener = new pg.Client({ connectionString, application_name: 'toolforge-checkpoint-notices' });
    listener.on('notification', () => onMoved());
    listener.on('error', (error) => {
      options.logger?.warn({ err: error }, 'the connection listening for checkpoint notices broke; the waits poll meanwhile');
      reconnect(listener);
    });
    listener.on('end', () => reconnect(listener));
    try {
      await listener.connect();
      await listener.query(`listen ${CHECKPOINTS_CHANNEL}`);
    } catch (error) {
      // Not yet `client`: its 'end' starts nothing, and the caller decides whether to try again.
      await listener.end().catch(() => undefined);
      throw error;
    }
    // Closed while it connected: nobody would end it.
    if (closed) await listener.end().catch(() => undefined);
    else client = listener;
  };
  const reconnect = (broken: pg.Client) => {
    if (closed || client !== broken) return;
    client = undefined;
    void broken.end().catch(() => undefined);
    retry = setTimeout(() => void attempt(), retryMs);
  };
  const attempt = async (): Promise<void> => {
    try {
      await connect();
      onMoved();
    } catch (error) {
      options.logger?.warn({ err: error }, 'could not listen for checkpoint notices; trying again');
      if (!closed) retry = setTimeout(() => void attempt(), retryMs);
    }
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
