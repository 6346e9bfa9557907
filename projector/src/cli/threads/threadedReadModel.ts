import { copiedBytes, type SqlExecutor, type SqlQueryable, type SqlResult } from '@toolforge/platform/sql';
import type { ReadModelThreadCalls, ReadModelThreadData } from './readModelThread.js';
import { builtScript, startThread } from './threadCalls.js';

/** The embedded read model on a thread of its own, and how to close it. */
export interface ThreadedReadModel {
  readonly sql: SqlExecutor;
  close(): Promise<void>;
}

/**
 * The embedded read model in `dataDir`, opened on a thread of its own (readModelThread.ts) for the
 * operators' tool, which holds the data dir's lock: a rebuild projects the log here while that
 * thread writes, and the log's own thread reads (docs/operators.md). Statements and transactions as
 * pgliteSql has them; the rows COPY appends are put in its binary format here and handed over as bytes.
 */
export async function openThreadedReadModel(dataDir: string): Promise<ThreadedReadModel> {
  const thread = await startThread<ReadModelThreadCalls>(
    builtScript('readModelThread'),
    { dataDir } satisfies ReadModelThreadData,
    'the embedded read model',
  );
  let lastTx = 0;
  const sql: SqlExecutor = {
    async query<Row>(statement: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      return { rows: (await thread.call('query', { sql: statement, params })) as Row[] };
    },
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      // Not waited for: the work's first statement follows it at once, and the thread runs it once
      // the transaction has begun (a round trip less per batch, while this thread is busy projecting).
      const tx = (lastTx += 1);
      const begun = thread.call('begin', tx);
      begun.catch(() => undefined);
      let result: T;
      try {
        result = await work({
          async query<Row>(statement: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
            return { rows: (await thread.call('inTransaction', { tx, sql: statement, params })) as Row[] };
          },
          async copyRows(copied) {
            const bytes = copiedBytes(copied);
            if (bytes === undefined) return false;
            // Bytes the thread takes over without a copy: a rebuild hands it every row of the read model as them.
            return thread.call('copy', { tx, ...bytes }, [bytes.bytes.buffer]);
          },
        });
        await begun;
      } catch (error) {
        // The work's failure is the one to tell, whatever the rollback meets (a thread that ended
        // meanwhile), unless the transaction never began: the work's calls then failed for that.
        await thread.call('end', { tx, commit: false }).catch(() => undefined);
        throw await begun.then(
          () => error,
          (notBegun: unknown) => notBegun,
        );
      }
      await thread.call('end', { tx, commit: true });
      return result;
    },
  };
  return { sql, close: () => thread.close() };
}
