import { readModelFeature } from '../feature.js';
import type { PaymentEvent } from '@toolforge/contracts';
import type { OrderWrite } from '../orders/writes.js';
import { projectPaymentEvent } from './projection.js';
import { PAYMENT_TABLES } from './tables.js';

/**
 * The payments in the read model: how each order was paid, why its last attempt failed, what was
 * refunded of it. They are columns of the orders' rows (migrations/012-order-payments.ts says why),
 * written by the orders' moves (orders/writes.ts) and answered by the orders' reads: the payments
 * have no write, read or cache area of their own, only their events' projection (projection.ts)
 * and their columns. OrderPaid, the orders' own event, says how it was paid in its own move
 * (paymentChange.ts, `settledBy`) rather than being followed here: a second write of the same event
 * would be the same offset twice, which the moves' once-only rule (by offset) would drop or repeat.
 */
export const paymentsReadModel = readModelFeature<PaymentEvent, never, Record<never, never>, Record<never, never>, OrderWrite>({
  name: 'payments',
  events: ['OrderPaymentFailed', 'PaymentNotApplied', 'OrderRefunded'],
  project: projectPaymentEvent,
  writes: {},
  tables: PAYMENT_TABLES,
  cacheAreas: {},
  reads: () => ({}),
});
