import { vi } from 'vitest';
import type { ShopDeps } from '../app/deps';
import { createShopStore, type RootState } from '../app/store';
import { fakeCommands } from './fakeCommands';
import { FakeIdentity } from './fakeIdentity';

/** The real store, reducers and sagas, with the identity provider, server, router and the browser's leaving stood in for. */
export function createTestStore() {
  const identity = new FakeIdentity();
  const commands = fakeCommands();
  const navigate = vi.fn<ShopDeps['navigate']>();
  const navigateAway = vi.fn<ShopDeps['navigateAway']>();
  let keys = 0;
  const newIdempotencyKey = vi.fn(() => `key-${(keys += 1)}`);
  const deps: ShopDeps = { identity, commands, navigate, navigateAway, newIdempotencyKey, retryDelayMs: 1 };
  const store = createShopStore(deps);
  return { store, identity, commands, navigate, navigateAway, newIdempotencyKey };
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Waits until `check` of the store's state is truthy (sagas run on promises) and answers it. */
export async function waitForState<T>(
  store: { getState(): RootState },
  check: (state: RootState) => T,
  timeoutMs = 2000,
): Promise<Truthy<T>> {
  const started = Date.now();
  for (;;) {
    const value = check(store.getState());
    if (value) return value as Truthy<T>;
    if (Date.now() - started > timeoutMs) throw new Error(`state never matched: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A store with a signed-in user whose identity provider remembers them, once the start-up sync
 * has given them an API token (the server's admin flag follows `admin`).
 */
export async function signedInTestStore({ admin = false } = {}) {
  const shop = createTestStore();
  const email = admin ? 'admin@toolforge.test' : 'ada@toolforge.test';
  shop.identity.addAccount(email, 'secret1', { uid: 'u-7', displayName: 'Ada' });
  shop.identity.remember(email);
  const session = await waitForState(shop.store, (state) => state.auth.session);
  return { ...shop, accessToken: session.accessToken };
}
