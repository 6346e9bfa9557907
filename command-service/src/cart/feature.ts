import { CART_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { catalog } from '../catalog/feature.js';
import { identity } from '../identity/feature.js';
import { orders } from '../orders/feature.js';
import { payments } from '../payments/feature.js';
import { PaymentPages } from '../payments/paymentPage.js';
import type { CommandFeature } from '../shared/feature.js';
import { cartRoutes } from './cartRoutes.js';
import { Carts } from './carts.js';
import { cartStates, type CartStates } from './cartStates.js';

/** The cart: each customer fills their own, line by line, and checks it out as one order of every line. */
export const cart: CommandFeature<{ carts: CartStates }> = {
  name: 'cart',
  writeModel() {
    const carts = cartStates();
    return { states: { carts }, parts: [carts] };
  },
  async serve({ app, deps, handler, states, need }) {
    const { accounts } = need(identity);
    const carts = new Carts({
      handler,
      carts: states.carts,
      products: need(catalog).products,
      // A checkout is an order command: a retry under its Idempotency-Key is answered as POST /order's is.
      receipts: need(orders).receipts,
      customerName: (uid) => accounts.nameOf(uid),
      isVerified: (uid) => accounts.isVerified(uid),
    });
    const pages = new PaymentPages(deps.payments, need(orders).orders, need(payments).openPages);
    await app.register(documented({ tag: CART_TAG }, cartRoutes), { carts, pages });
  },
};
