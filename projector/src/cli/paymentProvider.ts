import type { PaymentSettings } from '@toolforge/platform';
import type { PaymentProvider } from '@toolforge/platform/payments';
import { CannotConnect } from './shopConnection.js';

/** How the tool opens the payment provider the settings name: the Stripe adapter, or a stand-in in the tests. */
export type OpenPaymentProvider = (settings: PaymentSettings) => PaymentProvider | Promise<PaymentProvider>;

/**
 * The Stripe adapter (platform/src/payments/stripeProvider.ts, `stripePaymentProvider`), the one
 * implementation of the port. Looked up by name when the command runs, so that a build without
 * the adapter answers the payment audit with exit code 2 and says why, and every other command
 * works as before.
 */
export const openStripeProvider: OpenPaymentProvider = async (settings) => {
  const adapter: unknown = Reflect.get(await import('@toolforge/platform/payments'), 'stripePaymentProvider');
  if (typeof adapter !== 'function') throw new CannotConnect('this build has no payment provider adapter (stripePaymentProvider)');
  return (adapter as (settings: PaymentSettings) => PaymentProvider | Promise<PaymentProvider>)(settings);
};
