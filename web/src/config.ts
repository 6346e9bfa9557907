/** Where the shop's servers are. Built-in values come from VITE_* variables; the host may override
 * them at run time through /config.js (window.TOOLFORGE_CONFIG), so one build serves any port. */
export interface ShopConfig {
  /** The command service: POST and DELETE calls. */
  commandApi: string;
  /** The query service: every GET. */
  queryApi: string;
  /** The operator console's API (docs/operators.md#the-operator-console): the shop's one API when embedded, the projector's port in services mode. */
  operatorApi: string;
  /** Firebase Auth emulator address, or null for real Firebase. */
  authEmulator: string | null;
  /** Whether the shop takes card payments (STRIPE_SECRET_KEY on the command side): without, no "Pay now" is offered. */
  cardPayments: boolean;
  firebase: { apiKey: string; authDomain: string; projectId: string };
}

declare global {
  interface Window {
    TOOLFORGE_CONFIG?: Partial<Omit<ShopConfig, 'firebase'>> & { firebase?: Partial<ShopConfig['firebase']> };
  }
}

const DEFAULT_API = 'http://localhost:5000';

function envText(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

/** VITE_AUTH_EMULATOR: unset or "true"/"1"/"on" → the default emulator; "false"/"0"/"off" → real
 * Firebase; anything else is the emulator's address. */
function emulatorFromEnv(value: string | undefined): string | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1' || text === 'on') return 'http://127.0.0.1:9099';
  if (text === 'false' || text === '0' || text === 'off') return null;
  return value!.trim();
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function readConfig(env: ImportMetaEnv = import.meta.env, runtime = globalThis.window?.TOOLFORGE_CONFIG ?? {}): ShopConfig {
  const projectId = envText(env.VITE_FIREBASE_PROJECT_ID, 'demo-toolforge');
  return {
    commandApi: withoutTrailingSlash(runtime.commandApi ?? envText(env.VITE_COMMAND_API, DEFAULT_API)),
    queryApi: withoutTrailingSlash(runtime.queryApi ?? envText(env.VITE_QUERY_API, DEFAULT_API)),
    operatorApi: withoutTrailingSlash(runtime.operatorApi ?? envText(env.VITE_OPERATOR_API, DEFAULT_API)),
    authEmulator: runtime.authEmulator !== undefined ? runtime.authEmulator : emulatorFromEnv(env.VITE_AUTH_EMULATOR),
    // The dev server's shop (make start) pays through the local provider unless told otherwise.
    cardPayments: runtime.cardPayments ?? !['false', '0', 'off'].includes((env.VITE_CARD_PAYMENTS ?? '').trim().toLowerCase()),
    firebase: {
      // A demo- project never reaches Google; the emulator accepts any API key.
      apiKey: runtime.firebase?.apiKey ?? envText(env.VITE_FIREBASE_API_KEY, 'demo-api-key'),
      authDomain: runtime.firebase?.authDomain ?? envText(env.VITE_FIREBASE_AUTH_DOMAIN, `${projectId}.firebaseapp.com`),
      projectId: runtime.firebase?.projectId ?? projectId,
    },
  };
}

export const config: ShopConfig = readConfig();
