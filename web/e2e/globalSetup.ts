// The browser test needs the Firebase Auth emulator (its accounts, and the stack's identity), not
// Kafka: start the emulator when nothing answers, and stop it afterwards only if this run started it.
import { startEmulator, stopEmulator } from '../../scripts/auth-emulator.mjs';

export default async function setup() {
  const started = await startEmulator();
  return async () => {
    if (started) await stopEmulator();
  };
}
