import type { PaymentSettings } from '@toolforge/platform';
import { stripePaymentProvider, type PaymentProvider } from '@toolforge/platform/payments';

/** How the tool opens the payment provider the settings name: the Stripe adapter, or a stand-in in the tests. */
export type OpenPaymentProvider = (settings: PaymentSettings) => PaymentProvider | Promise<PaymentProvider>;

/** The Stripe adapter (platform/src/payments/stripeProvider.ts), the one implementation of the port. */
export const openStripeProvider: OpenPaymentProvider = (settings) => stripePaymentProvider(settings);
