// The browser test needs the Firebase Auth emulator (its accounts, and the stack's identity) and the
// local payment provider (the shop's card payments) and the local mail catcher (a stack started with
// e-mails on), not Kafka: start each when nothing answers, and stop it afterwards only if this run started it.
import { startEmulator, stopEmulator } from '../../scripts/auth-emulator.mjs';
import { startPaymentProvider, stopPaymentProvider } from '../../scripts/payment-provider.mjs';
import { startMailCatcher, stopMailCatcher } from '../../scripts/mail-catcher.mjs';

export default async function setup() {
  const [startedEmulator, startedPayments, startedMail] = await Promise.all([startEmulator(), startPaymentProvider(), startMailCatcher()]);
  return async () => {
    await Promise.all([
      startedEmulator ? stopEmulator() : undefined,
      startedPayments ? stopPaymentProvider() : undefined,
      startedMail ? stopMailCatcher() : undefined,
    ]);
  };
}
