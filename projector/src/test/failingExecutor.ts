import type { SqlExecutor } from '@toolforge/platform/sql';

export interface FailingExecutor extends SqlExecutor {
  /** The next `times` commits fail: every statement of the batch has run, then it rolls back. */
  failNextCommits(times: number): void;
  failures(): number;
}

/** An executor that can be made to die between applying a batch and committing it. */
export function failingBeforeCommit(sql: SqlExecutor): FailingExecutor {
  let failures = 0;
  let toFail = 0;
  return {
    query: (text, params) => sql.query(text, params),
    transaction: (work) =>
      sql.transaction(async (tx) => {
        const result = await work(tx);
        if (toFail > 0) {
          toFail -= 1;
          failures += 1;
          throw new Error('the process died before COMMIT');
        }
        return result;
      }),
    failNextCommits: (times) => {
      toFail = times;
    },
    failures: () => failures,
  };
}
