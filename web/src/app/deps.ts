import type { NavigateOptions, To } from 'react-router-dom';
import type { CommandClient } from '../api/commandClient';
import type { IdentityProvider } from '../features/auth/identityProvider';

/** The outside world the sagas talk to, handed in so tests can stand in for each part. */
export interface ShopDeps {
  identity: IdentityProvider;
  commands: CommandClient;
  navigate: (to: To, options?: NavigateOptions) => void | Promise<void>;
  /** Sends the browser to an address outside the shop (the payment provider's hosted page): the app is left behind. */
  navigateAway: (url: string) => void;
  /** A fresh Idempotency-Key for each user action that must happen once (an order, a status move, a cancel). */
  newIdempotencyKey: () => string;
  /** Pause before retrying a call that never reached the server. */
  retryDelayMs?: number;
}
