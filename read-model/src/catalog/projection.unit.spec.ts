import { describe, expect, it } from 'vitest';
import type { ProductUpdated } from '@toolforge/contracts';
import { productAdded, productDeleted, productUpdated, stockAdjusted } from '@toolforge/contracts/testing';
import { project, projectOrRefuse } from '../projection.js';
import { projectProductEvent } from './projection.js';
import { stored } from '@toolforge/platform/testing';

describe('products projection', () => {
  it('lists an added product with its price in cents, its ladder, its pack size, its stock and where it sits in the log', () => {
    const priceTiers = [
      { minQuantity: 10, unitPriceCents: 119_00 },
      { minQuantity: 50, unitPriceCents: 109_00 },
    ];
    const event = productAdded(
      {
        productId: 'p-1',
        name: 'Cordless Drill 18V',
        category: 'power-tool',
        priceCents: 129_00,
        stock: 40,
        minOrder: 2,
        priceTiers,
        packSize: 2,
      },
      { occurredAt: '2022-05-01T10:00:00.000Z' },
    );
    // The catalogue's own writes: the stock history follows the event too (stockHistory/projection.ts).
    expect(projectProductEvent(stored(event, 7))).toEqual([
      {
        kind: 'insertProduct',
        product: {
          productId: 'p-1',
          name: 'Cordless Drill 18V',
          category: 'power-tool',
          model: event.data.model,
          imageUrl: event.data.imageUrl,
          priceCents: 129_00,
          stock: 40,
          minOrder: 2,
          description: event.data.description,
          priceTiers,
          packSize: 2,
          addedAt: '2022-05-01T10:00:00.000Z',
          logPosition: { partition: 0, offset: 7 },
        },
      },
    ]);
  });

  it('hides a deleted product as of the deletion', () => {
    const event = productDeleted('p-1', { occurredAt: '2022-05-02T09:30:00.000Z' });
    expect(project(stored(event, 8, 2))).toEqual([{ kind: 'deleteProduct', productId: 'p-1', at: '2022-05-02T09:30:00.000Z' }]);
  });
});

describe('products projection of edits and stock adjustments', () => {
  it('changes only the fields an edit names', () => {
    const event = productUpdated('p-1', { name: 'Cordless Drill 20V', priceCents: 139_00 });
    expect(project(stored(event, 9))).toEqual([
      { kind: 'updateProduct', productId: 'p-1', changes: { name: 'Cordless Drill 20V', priceCents: 139_00 } },
    ]);
  });

  it('changes the ladder and the pack size as an edit names them', () => {
    const priceTiers = [{ minQuantity: 12, unitPriceCents: 9_00 }];
    expect(project(stored(productUpdated('p-1', { priceTiers, packSize: 6 }), 9))).toEqual([
      { kind: 'updateProduct', productId: 'p-1', changes: { priceTiers, packSize: 6 } },
    ]);
  });

  it('never writes a field a product may not change, and refuses an edit that names none it may', () => {
    const smuggled = { minOrder: 3, stock: 1_000, addedAt: '2000-01-01T00:00:00.000Z' } as ProductUpdated['data']['changes'];
    expect(project(stored(productUpdated('p-1', smuggled), 9))).toEqual([
      { kind: 'updateProduct', productId: 'p-1', changes: { minOrder: 3 } },
    ]);
    for (const changes of [{}, { stock: 5 }, { name: undefined }] as ProductUpdated['data']['changes'][]) {
      expect(projectOrRefuse(stored(productUpdated('p-1', changes), 9))).toMatchObject({
        writes: [],
        refused: expect.stringContaining('ProductUpdated changes none of the fields a product may change'),
      });
    }
  });

  it('moves the stock on hand by a restock or a write-off, and refuses a move by no whole number', () => {
    expect(projectProductEvent(stored(stockAdjusted('p-1', 25), 10))).toEqual([{ kind: 'adjustStock', productId: 'p-1', delta: 25 }]);
    expect(projectProductEvent(stored(stockAdjusted('p-1', -3), 11))).toEqual([{ kind: 'adjustStock', productId: 'p-1', delta: -3 }]);
    for (const delta of [0, 2.5]) {
      expect(projectOrRefuse(stored(stockAdjusted('p-1', delta), 12)).refused).toContain(
        'StockAdjusted moves the stock by no whole number',
      );
    }
  });
});
