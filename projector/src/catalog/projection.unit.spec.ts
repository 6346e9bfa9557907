import { describe, expect, it } from 'vitest';
import { productAdded, productDeleted } from '@toolforge/contracts/testing';
import { project } from '../projection.js';
import { stored } from '@toolforge/platform/testing';

describe('products projection', () => {
  it('lists an added product with its price in cents, its stock and where it sits in the log', () => {
    const event = productAdded(
      { productId: 'p-1', name: 'Cordless Drill 18V', category: 'power-tool', priceCents: 129_00, stock: 40, minOrder: 2 },
      { occurredAt: '2022-05-01T10:00:00.000Z' },
    );
    expect(project(stored(event, 7))).toEqual([
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
