import { describe, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { deciderSpec, fact } from '../test/deciderSpec.js';
import { productDecider } from './decide.js';

const spec = deciderSpec(productDecider);

const hammer = {
  productId: 'p1',
  name: 'Claw Hammer',
  category: 'hand-tool' as const,
  model: 'CH-16',
  imageUrl: '/images/products/claw-hammer.svg',
  stock: 120,
  minOrder: 2,
  description: 'Forged steel head with a fibreglass handle.',
};
const added = fact({ type: 'ProductAdded', data: { ...hammer, priceCents: 2450 } } as const);

describe('product decider', () => {
  it('adds a product with its price in cents', () => {
    spec
      .given([])
      .when({ type: 'AddProduct', data: { ...hammer, price: '24.5' } })
      .then([{ type: 'ProductAdded', data: { ...hammer, priceCents: 2450 } }]);
  });

  it('refuses to add a product id twice', () => {
    spec
      .given([added])
      .when({ type: 'AddProduct', data: { ...hammer, price: '1' } })
      .thenRejects('conflict', 'Product p1 already exists');
  });

  it('deletes a product', () => {
    spec
      .given([added])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .then([{ type: 'ProductDeleted', data: { productId: 'p1' } }]);
  });

  it('refuses to delete an unknown product', () => {
    spec
      .given([])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .thenRejects('not-found', messages.productNotFound);
  });

  it('refuses to delete a product twice', () => {
    spec
      .given([added, fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const)])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .thenRejects('not-found', messages.productNotFound);
  });
});
