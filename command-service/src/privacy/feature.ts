import { PRIVACY_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { identity } from '../identity/feature.js';
import { orders } from '../orders/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { Erasure } from './erasure.js';
import { OpenOrders } from './openOrders.js';
import { operatorErasure } from './operatorErasure.js';
import { privacyRoutes } from './privacyRoutes.js';

/**
 * The customers' right to erasure on the command side (docs/privacy.md): POST /me/erase, and the
 * operator's `toolforge forget customer` through the host. Served where the host gives the key store
 * (deps.privacy: every host of the shop does; a test's command service without one has no erasure).
 */
export const privacy: CommandFeature<{ openOrders: OpenOrders }> = {
  name: 'privacy',
  writeModel(need) {
    const openOrders = new OpenOrders(need(orders).orders);
    return { states: { openOrders }, parts: [openOrders] };
  },
  async serve({ app, deps, handler, clock, states, need }) {
    if (!deps.privacy) return;
    const erasure = new Erasure({
      ...deps.privacy,
      handler,
      accounts: need(identity).accounts,
      openOrders: states.openOrders,
      identity: deps.identity,
      clock,
      log: app.log,
    });
    deps.onErasure?.(operatorErasure(erasure));
    await app.register(documented({ tag: PRIVACY_TAG }, privacyRoutes), { erasure, identity: deps.identity, clock });
  },
};
