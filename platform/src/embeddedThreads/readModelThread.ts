/**
 * The embedded read model opened on a thread of its own, for the operators' tool
 * (threadedReadModel.ts): a rebuild's writes to it then take none of the time of the tool's own
 * thread, which reads and projects the log meanwhile. Statements, transactions and COPY are asked
 * for by call; a transaction stays open here between the calls of its work.
 */
import type { Transaction } from '@electric-sql/pglite';
import { openEmbeddedPostgres } from '../pglite.js';
import { copyCsvIntoPglite, type CopiedCsv } from '../readModel/sql.js';
import { serveThreadCalls } from './threadCalls.js';

/** What the read model's thread is started with. */
export interface ReadModelThreadData {
  readonly dataDir: string;
}

interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** The calls the read model's thread answers; `tx` is what `begin` answered. */
export type ReadModelThreadCalls = {
  query(statement: Statement): Promise<unknown[]>;
  begin(none: null): Promise<number>;
  inTransaction(statement: Statement & { tx: number }): Promise<unknown[]>;
  copy(copied: CopiedCsv & { tx: number }): Promise<null>;
  /** Commits (or rolls back) the transaction, and answers once it has. */
  end(ending: { tx: number; commit: boolean }): Promise<null>;
};

/** Thrown in a transaction's work to roll it back: never seen outside. */
const ROLLED_BACK = new Error('rolled back as its caller asked');

await serveThreadCalls<ReadModelThreadCalls>(async ({ dataDir }: ReadModelThreadData) => {
  const db = await openEmbeddedPostgres(dataDir, 'readModel');
  const open = new Map<number, { tx: Transaction; end(commit: boolean): Promise<void> }>();
  let lastTx = 0;
  const transaction = (tx: number) => {
    const opened = open.get(tx);
    if (!opened) throw new Error(`no transaction ${tx} is open`);
    return opened;
  };

  return {
    calls: {
      query: async ({ sql, params }) => (await db.query(sql, [...params])).rows,
      begin: (_none: null) =>
        new Promise<number>((begun, failed) => {
          const id = (lastTx += 1);
          // PGlite's transaction commits when its work resolves: the work here waits for `end`.
          const settled = db
            .transaction(
              (tx) =>
                new Promise<void>((commit, rollBack) => {
                  open.set(id, { tx, end: (yes) => (yes ? commit() : rollBack(ROLLED_BACK), settled) });
                  begun(id);
                }),
            )
            .catch((error: unknown) => {
              if (error !== ROLLED_BACK) throw error;
            })
            .finally(() => open.delete(id));
          settled.catch(failed);
        }),
      inTransaction: async ({ tx, sql, params }) => (await transaction(tx).tx.query(sql, [...params])).rows,
      copy: async ({ tx, ...copied }) => {
        await copyCsvIntoPglite(transaction(tx).tx, copied);
        return null;
      },
      end: async ({ tx, commit }) => {
        await transaction(tx).end(commit);
        return null;
      },
    },
    async close() {
      await Promise.all([...open.values()].map((opened) => opened.end(false).catch(() => undefined)));
      await db.close();
    },
  };
});
