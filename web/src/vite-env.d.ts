/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMMAND_API?: string;
  readonly VITE_QUERY_API?: string;
  readonly VITE_OPERATOR_API?: string;
  readonly VITE_AUTH_EMULATOR?: string;
  readonly VITE_CARD_PAYMENTS?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
}
