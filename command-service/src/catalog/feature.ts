import { CATALOGUE_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { orders } from '../orders/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { Catalogue, productStates, type ProductStates } from './catalogue.js';
import { productRoutes } from './productRoutes.js';

/** The catalogue: products, by id, that admins add, edit, restock and delete, and orders reserve. */
export const catalog: CommandFeature<{ products: ProductStates }> = {
  name: 'catalog',
  writeModel(need) {
    // A payment names only its order: the order's state names the product whose hold it ends.
    const products = productStates(need(orders).orders);
    return { states: { products }, parts: [products] };
  },
  async serve({ app, handler, states }) {
    await app.register(documented({ tag: CATALOGUE_TAG }, productRoutes), {
      catalogue: new Catalogue({ handler, products: states.products }),
    });
  },
};
