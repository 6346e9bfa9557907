import { PAYMENTS_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { orders } from '../orders/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { OpenPages } from './openPages.js';
import { PaymentPages } from './paymentPage.js';
import { paymentRoutes } from './paymentRoutes.js';
import { Payments } from './payments.js';
import { PaymentStates } from './paymentStates.js';
import { Refunder } from './refunder.js';

/**
 * Card payments: the provider's webhooks pay an order (or fail to, or come too late and are owed
 * back), a customer opens a payment page for a pending order, and the refunder sends back what the
 * shop owes. Without `deps.payments` the routes are there, and answer that payments are unavailable.
 */
export const payments: CommandFeature<{ payments: PaymentStates; openPages: OpenPages }> = {
  name: 'payments',
  writeModel(need) {
    const orderStates = need(orders).orders;
    const states = new PaymentStates(orderStates);
    const openPages = new OpenPages((orderId) => orderStates.get(orderId)?.status === 'pending');
    return { states: { payments: states, openPages }, parts: [states, openPages] };
  },
  async serve({ app, deps, handler, states, need }) {
    const card = deps.payments;
    const uses = new Payments({ handler, orders: need(orders).orders, payments: states.payments, currency: card?.settings.currency ?? '' });
    if (card) {
      // The shop's own command, as the reservation sweeper's: refunds what it owes, as this (the one) writer.
      const refunder = new Refunder({ payments: uses, provider: card.provider, writer: deps.writer, logger: app.log });
      // Once the service is ready: an instance that fails to start refunds nothing.
      // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or takes done()
      app.addHook('onReady', async () => refunder.start());
      app.addHook('onClose', () => refunder.stop());
      // An order that no longer awaits payment has its other pages closed: nobody pays a cancelled order, or one twice.
      states.openPages.closeWith((sessionId, orderId) => {
        if (deps.writer?.writerLost) return;
        card.provider.closePage(sessionId).catch((error: unknown) => {
          app.log.warn({ err: error, orderId, sessionId }, 'could not close a payment page of an order no longer awaiting payment');
        });
      });
      app.addHook('onClose', (_app, done) => {
        states.openPages.closeWith(undefined);
        done();
      });
    }
    const pages = new PaymentPages(card, need(orders).orders, states.openPages);
    await app.register(documented({ tag: PAYMENTS_TAG }, paymentRoutes), { payments: uses, pages, card });
  },
};
