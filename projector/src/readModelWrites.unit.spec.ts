import { describe, expect, it } from 'vitest';
import { CACHE_AREAS } from '@toolforge/query-service';
import { cacheAreasOf } from './readModelWrites.js';
import { orderRow } from './test/rows.js';

describe('cacheAreasOf', () => {
  it('makes product pages stale when products change or stock is reserved', () => {
    expect(cacheAreasOf({ kind: 'deleteProduct', productId: 'p-1', at: '2022-01-01T00:00:00.000Z' })).toEqual([CACHE_AREAS.catalogue]);
    expect(cacheAreasOf({ kind: 'reserveStock', productId: 'p-1', quantity: 2 })).toEqual([CACHE_AREAS.catalogue]);
  });

  it('makes order lists stale when an order is recorded, and nothing when a role changes', () => {
    const order = orderRow(3);
    expect(cacheAreasOf({ kind: 'insertOrder', order })).toEqual([CACHE_AREAS.orders]);
    expect(cacheAreasOf({ kind: 'grantAdmin', uid: 'u-1', email: 'a@toolforge.test', version: 2 })).toEqual([]);
    expect(cacheAreasOf({ kind: 'revokeAdmin', uid: 'u-1', email: 'a@toolforge.test', version: 3 })).toEqual([]);
    expect(cacheAreasOf({ kind: 'signOutUser', uid: 'u-1', at: '2022-01-01T00:00:00.000Z', version: 4 })).toEqual([]);
  });
});
