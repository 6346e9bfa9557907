// Types for payment-provider.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
/** The local provider's address: STRIPE_API_BASE for a shop that pays through it. */
export const PAYMENT_PROVIDER_URL: string;
/** STRIPE_SECRET_KEY for the local provider. */
export const LOCAL_STRIPE_SECRET_KEY: string;
/** STRIPE_WEBHOOK_SECRET for the local provider: what it signs every webhook with. */
export const LOCAL_STRIPE_WEBHOOK_SECRET: string;
export function isRunning(url?: string): Promise<boolean>;
/** Resolves true if this call started the provider, false when one already answered. */
export function startPaymentProvider(options?: { dataDir?: string }): Promise<boolean>;
/** False when this project had not started a provider. */
export function stopPaymentProvider(): Promise<boolean>;
