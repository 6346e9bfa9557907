import { describe, expect, it } from 'vitest';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  PAYMENT_PROVIDER_URL,
  isRunning,
} from '../../../scripts/payment-provider.mjs';
import { startTestProvider } from '../test/localPayments.js';
import { LOCAL_PAYMENTS } from './server.js';

describe('scripts/payment-provider.mjs', () => {
  // The script runs before anything is built, so it names the provider's defaults again: they must agree.
  it('points the shop at the address and keys the local provider starts with', () => {
    expect(PAYMENT_PROVIDER_URL).toBe(`http://${LOCAL_PAYMENTS.host}:${LOCAL_PAYMENTS.port}`);
    expect(LOCAL_STRIPE_SECRET_KEY).toBe(LOCAL_PAYMENTS.secretKey);
    expect(LOCAL_STRIPE_WEBHOOK_SECRET).toBe(LOCAL_PAYMENTS.webhookSecret);
  });

  it('tells the provider from anything else on the port by its health', async () => {
    const provider = await startTestProvider();
    try {
      expect(await isRunning(provider.url)).toBe(true);
      expect(await isRunning(`${provider.url}/v1`)).toBe(false);
    } finally {
      await provider.close();
    }
  });
});
