// Tests verify real ID tokens from the Firebase Auth emulator; start it when nothing answers yet
// and stop it afterwards only if this run started it.
// @ts-expect-error -- a plain ESM script shared with the Makefile, without type declarations.
import { startEmulator, stopEmulator } from './auth-emulator.mjs';

export default async function setup() {
  const started: boolean = await startEmulator();
  return async () => {
    if (started) await stopEmulator();
  };
}
