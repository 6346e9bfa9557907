import { describe, expect, it } from 'vitest';
import type { SqlQueryable } from '@toolforge/platform/sql';
import { CACHE_AREAS } from './readModel.js';
import { applyRowWrites, cacheAreasOf } from './rowWrites.js';
import type { RowWrite } from './features.js';
import { orderRow, productRow } from './testing/rows.js';

describe('cacheAreasOf', () => {
  it('makes product pages stale when products change or stock is reserved, and the counts only when products change', () => {
    const both = [CACHE_AREAS.catalogue, CACHE_AREAS.productCounts];
    expect(cacheAreasOf({ kind: 'insertProduct', product: productRow(1) })).toEqual(both);
    expect(cacheAreasOf({ kind: 'deleteProduct', productId: 'p-1', at: '2022-01-01T00:00:00.000Z' })).toEqual(both);
    expect(cacheAreasOf({ kind: 'reserveStock', productId: 'p-1', quantity: 2 })).toEqual([CACHE_AREAS.catalogue]);
  });

  it('makes product pages stale when a product is edited, restocked or gets stock back from a cancelled order', () => {
    expect(cacheAreasOf({ kind: 'updateProduct', productId: 'p-1', changes: { name: 'Renamed' } })).toEqual([
      CACHE_AREAS.catalogue,
      CACHE_AREAS.productCounts,
    ]);
    expect(cacheAreasOf({ kind: 'adjustStock', productId: 'p-1', delta: 5 })).toEqual([CACHE_AREAS.catalogue]);
    expect(cacheAreasOf({ kind: 'reserveStock', productId: 'p-1', quantity: -2 })).toEqual([CACHE_AREAS.catalogue]);
  });

  it('makes order lists stale when an order is recorded or moves on, and nothing when a role changes', () => {
    const order = orderRow(3);
    expect(cacheAreasOf({ kind: 'insertOrder', order })).toEqual([CACHE_AREAS.orders]);
    const move = { orderId: order.orderId, status: 'paid', paid: true, logPosition: { partition: 0, offset: 4 } } as const;
    expect(cacheAreasOf({ kind: 'moveOrder', move })).toEqual([CACHE_AREAS.orders]);
    expect(cacheAreasOf({ kind: 'grantAdmin', uid: 'u-1', email: 'a@toolforge.test', version: 2 })).toEqual([]);
    expect(cacheAreasOf({ kind: 'revokeAdmin', uid: 'u-1', email: 'a@toolforge.test', version: 3 })).toEqual([]);
    expect(cacheAreasOf({ kind: 'signOutUser', uid: 'u-1', at: '2022-01-01T00:00:00.000Z', version: 4 })).toEqual([]);
  });
});

describe('applyRowWrites', () => {
  /** The statements a batch's writes run, by their first words. */
  async function statementsOf(writes: RowWrite[]): Promise<string[]> {
    const statements: string[] = [];
    const tx: SqlQueryable = {
      query(text) {
        statements.push(text.trim().split(/\s+/).slice(0, 3).join(' '));
        return Promise.resolve({ rows: [] });
      },
    };
    await applyRowWrites(tx, writes);
    return statements;
  }

  it('applies placed and moved orders as the log mixes them in one run: one insert and one update, whatever their number', async () => {
    const writes: RowWrite[] = [];
    const line = (productId: string) => ({ productId, productName: productId, quantity: 1, unitPriceCents: 5_00, lineTotalCents: 5_00 });
    for (let n = 0; n < 500; n += 2) {
      const order = orderRow(n, n % 3 === 0 ? { lines: [line('p-1'), line('p-2'), line('p-3')] } : {});
      writes.push({ kind: 'insertOrder', order }, { kind: 'reserveStock', productId: order.productId, quantity: order.quantity });
      writes.push({
        kind: 'moveOrder',
        move: { orderId: order.orderId, status: 'paid', paid: true, logPosition: { partition: 0, offset: n + 1 } },
      });
      if (n % 10 === 0) writes.push({ kind: 'reserveStock', productId: order.productId, quantity: -order.quantity });
    }
    // The orders and their lines in one statement.
    expect(await statementsOf(writes)).toEqual(['with inserted as', 'with moves as', 'insert into product_reservations']);
  });

  it('applies a run of stock adjustments in one statement, and edits one by one in their place', async () => {
    expect(
      await statementsOf([
        { kind: 'adjustStock', productId: 'p-1', delta: 5 },
        { kind: 'adjustStock', productId: 'p-2', delta: -1 },
        { kind: 'updateProduct', productId: 'p-1', changes: { name: 'Renamed' } },
        { kind: 'adjustStock', productId: 'p-1', delta: 2 },
      ]),
    ).toEqual(['update products p', 'update products set', 'update products p']);
  });
});
