// The browser test needs the Firebase Auth emulator (its accounts, and the stack's identity) and the
// local payment provider (the shop's card payments), not Kafka: start each when nothing answers, and
// stop it afterwards only if this run started it.
import { startEmulator, stopEmulator } from '../../scripts/auth-emulator.mjs';
import { startPaymentProvider, stopPaymentProvider } from '../../scripts/payment-provider.mjs';

export default async function setup() {
  const [startedEmulator, startedPayments] = await Promise.all([startEmulator(), startPaymentProvider()]);
  return async () => {
    await Promise.all([startedEmulator ? stopEmulator() : undefined, startedPayments ? stopPaymentProvider() : undefined]);
  };
}
