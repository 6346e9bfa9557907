import { DEFAULT_RESERVATION_TTL_MS, IDEMPOTENCY_KEY_HEADER, ORDERS_TAG, idempotencyKeySchema } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { catalog } from '../catalog/feature.js';
import { identity } from '../identity/feature.js';
import { payments } from '../payments/feature.js';
import { PaymentPages } from '../payments/paymentPage.js';
import type { CommandFeature } from '../shared/feature.js';
import { orderRoutes } from './orderRoutes.js';
import { Orders } from './orders.js';
import { orderStates, type OrderStates } from './orderStates.js';
import { OrderReceipts } from './receipts.js';
import { ReservationQueue } from './reservationQueue.js';
import { ReservationSweeper } from './reservationSweeper.js';

/** Every order command takes one, the cart's checkout too (docs/api-guide.md): a network retry must not order twice. */
export const idempotencyKeyDoc = {
  description:
    'Optional: a key the client makes for one command (the web sends a UUID). A retry with the same key answers the first outcome instead of acting twice; the same key with another command is refused (422).',
  schema: idempotencyKeySchema,
};

/**
 * Orders: customers place them, reserving stock of a product; admins move them on; either cancels;
 * the shop cancels reservations that ran out unpaid.
 */
export const orders: CommandFeature<{ orders: OrderStates; receipts: OrderReceipts; reservations: ReservationQueue }> = {
  name: 'orders',
  writeModel() {
    const states = orderStates();
    const receipts = new OrderReceipts();
    const reservations = new ReservationQueue(states);
    return { states: { orders: states, receipts, reservations }, parts: [states, receipts, reservations] };
  },
  async serve({ app, deps, handler, clock, states, need }) {
    const { accounts } = need(identity);
    const uses = new Orders({
      handler,
      products: need(catalog).products,
      orders: states.orders,
      receipts: states.receipts,
      customerName: (uid) => accounts.nameOf(uid),
      isAdmin: (uid) => accounts.isAdmin(uid),
      isVerified: (uid) => accounts.isVerified(uid),
    });
    // The shop's own command: reservations that ran out unpaid, cancelled by this (the one) writer.
    const sweeper = new ReservationSweeper({
      orders: uses,
      queue: states.reservations,
      ttlMs: deps.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS,
      clock,
      writer: deps.writer,
      logger: app.log,
    });
    // Once the service is ready: an instance that fails to start never decides anything.
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or takes done()
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', () => sweeper.stop());
    await app.register(documented({ tag: ORDERS_TAG, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyDoc } }, orderRoutes), {
      orders: uses,
      // Built before any feature serves: its open pages are noted, to be closed once the order awaits no payment.
      pages: new PaymentPages(deps.payments, states.orders, need(payments).openPages),
    });
  },
};
