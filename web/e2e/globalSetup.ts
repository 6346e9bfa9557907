// The browser test needs the Firebase Auth emulator (its accounts, and the stack's identity) and the
// local payment provider (the shop's card payments) and the local mail catcher (a stack started with
// e-mails on), not Kafka: start each when nothing answers, and stop it afterwards only if this run started it.
import { startEmulator, stopEmulator } from '../../scripts/auth-emulator.mjs';
import { startPaymentProvider, stopPaymentProvider } from '../../scripts/payment-provider.mjs';
import { startMailCatcher, stopMailCatcher } from '../../scripts/mail-catcher.mjs';
import { startTogether } from '../../scripts/processes.mjs';

export default async function setup() {
  return startTogether([
    { start: startEmulator, stop: stopEmulator },
    { start: () => startPaymentProvider(), stop: stopPaymentProvider },
    { start: startMailCatcher, stop: stopMailCatcher },
  ]);
}
