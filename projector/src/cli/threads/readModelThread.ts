/**
 * The embedded read model opened on a thread of its own, for the operators' tool
 * (threadedReadModel.ts): a rebuild's writes to it then take none of the time of the tool's own
 * thread, which reads and projects the log meanwhile. Statements, transactions and COPY are asked
 * for by call; a transaction stays open here between the calls of its work.
 */
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { Transaction } from '@toolforge/platform/pglite';
import { copyBytesIntoPglite, type CopiedBytes } from '@toolforge/platform/sql';
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
  /** Begins transaction `id` (the caller numbers its transactions): the calls after it may follow at once, without waiting for its answer. */
  begin(id: number): Promise<null>;
  inTransaction(statement: Statement & { tx: number }): Promise<unknown[]>;
  /** COPY on a savepoint: true once the rows are in, false when it refused them. */
  copy(copied: CopiedBytes & { tx: number }): Promise<boolean>;
  /** Commits (or rolls back) the transaction, and answers once it has. */
  end(ending: { tx: number; commit: boolean }): Promise<null>;
};

interface OpenTransaction {
  readonly tx: Transaction;
  end(commit: boolean): Promise<void>;
}

/** Thrown in a transaction's work to roll it back: never seen outside. */
const ROLLED_BACK = new Error('rolled back as its caller asked');

await serveThreadCalls<ReadModelThreadCalls>(async ({ dataDir }: ReadModelThreadData) => {
  const db = await openEmbeddedPostgres(dataDir, 'readModel');
  /** Each transaction by the number its caller gave it, once PGlite has begun it (calls for it wait until then). */
  const open = new Map<number, Promise<OpenTransaction>>();
  const transaction = (tx: number) => {
    const opened = open.get(tx);
    if (!opened) throw new Error(`no transaction ${tx} is open`);
    return opened;
  };

  return {
    calls: {
      query: async ({ sql, params }) => (await db.query(sql, [...params])).rows,
      begin: (id: number) => {
        if (open.has(id)) throw new Error(`transaction ${id} is open already`);
        const opened = new Promise<OpenTransaction>((begun, failed) => {
          // PGlite's transaction commits when its work resolves: the work here waits for `end`.
          const settled = db
            .transaction(
              (tx) =>
                new Promise<void>((commit, rollBack) => {
                  begun({ tx, end: (yes) => (yes ? commit() : rollBack(ROLLED_BACK), settled) });
                }),
            )
            .catch((error: unknown) => {
              if (error !== ROLLED_BACK) throw error;
            })
            .finally(() => open.delete(id));
          settled.catch(failed);
        });
        // Set before any later call is answered: the calls that follow `begin` find it and wait for it.
        open.set(id, opened);
        return opened.then(() => null);
      },
      inTransaction: async ({ tx, sql, params }) => (await (await transaction(tx)).tx.query(sql, [...params])).rows,
      copy: async ({ tx, ...copied }) => copyBytesIntoPglite(db, (await transaction(tx)).tx, copied),
      end: async ({ tx, commit }) => {
        await (await transaction(tx)).end(commit);
        return null;
      },
    },
    async close() {
      await Promise.all([...open.values()].map((opened) => opened.then((tx) => tx.end(false)).catch(() => undefined)));
      await db.close();
    },
  };
});
