// Types for auth-emulator.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
export const EMULATOR_HOST: string;
export const PROJECT_ID: string;
export function isRunning(host?: string): Promise<boolean>;
/** Resolves true if this call started the emulator, false when one already answered. */
export function startEmulator(options?: { dataDir?: string }): Promise<boolean>;
/** False when this project had not started an emulator. */
export function stopEmulator(): Promise<boolean>;
