import type { SqlExecutor, SqlQueryable } from '@toolforge/platform/sql';
import { describe, expect, it } from 'vitest';
import type { RowWrite } from '@toolforge/read-model';
import { ReservationTally } from './reservationTally.js';

/** An executor whose transactions take COPY, keeping the rows each fold copied. */
function foldsInto(folds: unknown[][]): SqlExecutor {
  const query = () => Promise.reject(new Error('a fold copies its sums'));
  const tx: SqlQueryable = {
    query,
    copyRows: (copied) => {
      folds.push([...copied.rows]);
      return Promise.resolve(true);
    },
  };
  return { query, transaction: (work) => work(tx) };
}

const reserve = (productId: string, quantity: number): RowWrite => ({ kind: 'reserveStock', productId, quantity });

describe('ReservationTally', () => {
  it('folds every commit counted, the last one too, when the fold comes before the event loop has turned', async () => {
    const folds: unknown[][] = [];
    const tally = new ReservationTally();
    tally.count([reserve('p-1', 2), reserve('p-2', 1)]);
    tally.count([reserve('p-1', 3)]);
    await tally.fold(foldsInto(folds));
    expect(folds).toEqual([
      [
        ['p-1', 5],
        ['p-2', 1],
      ],
    ]);
  });

  it('adds up once the event loop turns, passes over other writes, and folds each sum once', async () => {
    const folds: unknown[][] = [];
    const tally = new ReservationTally();
    const sql = foldsInto(folds);
    tally.count([reserve('p-1', 2), { kind: 'signOutUser', uid: 'u-1', at: '2026-11-27T10:00:00Z', version: 2 }]);
    await new Promise((resolve) => setImmediate(resolve));
    tally.count([reserve('p-1', 4)]);
    await tally.fold(sql);
    await tally.fold(sql);
    tally.count([reserve('p-3', 1)]);
    await tally.fold(sql);
    expect(folds).toEqual([[['p-1', 6]], [['p-3', 1]]]);
  });
});
