import { copyCsv } from '../readModel/copyRows.js';
import type { SqlExecutor, SqlQueryable, SqlResult } from '../readModel/sql.js';
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
 * pgliteSql has them; the rows COPY appends are made CSV here and handed over as its bytes.
 */
export async function openThreadedReadModel(dataDir: string): Promise<ThreadedReadModel> {
  const thread = await startThread<ReadModelThreadCalls>(
    builtScript('readModelThread'),
    { dataDir } satisfies ReadModelThreadData,
    'the embedded read model',
  );
  const sql: SqlExecutor = {
    async query<Row>(statement: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      return { rows: (await thread.call('query', { sql: statement, params })) as Row[] };
    },
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const tx = await thread.call('begin', null);
      let result: T;
      try {
        result = await work({
          async query<Row>(statement: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
            return { rows: (await thread.call('inTransaction', { tx, sql: statement, params })) as Row[] };
          },
          async copyRows({ table, columns, rows }) {
            // As UTF-8 bytes, which the thread takes over without a copy: a rebuild hands it a gigabyte of CSV.
            const csv = new TextEncoder().encode(copyCsv(rows));
            await thread.call('copy', { tx, table, columns, csv }, [csv.buffer]);
          },
        });
      } catch (error) {
        // The work's failure is the one to tell, whatever the rollback meets (a thread that ended meanwhile).
        await thread.call('end', { tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await thread.call('end', { tx, commit: true });
      return result;
    },
  };
  return { sql, close: () => thread.close() };
}
