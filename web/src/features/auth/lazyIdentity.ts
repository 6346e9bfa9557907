import type { IdentityProvider, IdentityUser } from './identityProvider';

/** Set while someone is signed in, so that the next visit knows to restore the session at start. */
export const SIGNED_IN_HINT = 'toolforge.signedIn';

type Listener = (user: IdentityUser | null) => void;

/** localStorage may be missing or refuse (private modes, tests): then every visit counts as signed out until the provider says otherwise. */
function hintStore(storage: Storage | undefined) {
  const attempt = <T>(action: () => T, fallback: T): T => {
    try {
      return action();
    } catch {
      return fallback;
    }
  };
  return {
    present: () => attempt(() => storage?.getItem(SIGNED_IN_HINT) === '1', false),
    remember: (signedIn: boolean) =>
      attempt(() => (signedIn ? storage?.setItem(SIGNED_IN_HINT, '1') : storage?.removeItem(SIGNED_IN_HINT)), undefined),
  };
}

/**
 * The identity provider loaded only when it is needed: Firebase Auth is a large part of the
 * JavaScript a first visit would load (bench-results/2026-11-25.md#the-web-app-before-and-after-issue-16),
 * and a signed-out visitor browsing the shop never needs it. It loads at start when the last visit
 * ended signed in (the hint), so a remembered session is restored as before; otherwise listeners
 * hear "signed out" at once, and the provider loads with the first call that needs it (a sign-in, a
 * registration, a password reset).
 */
export function lazyIdentity(load: () => Promise<IdentityProvider>, storage: Storage | undefined): IdentityProvider {
  const hint = hintStore(storage);
  let provider: IdentityProvider | undefined;
  let loading: Promise<IdentityProvider> | undefined;
  const waiting = new Set<Listener>();
  const attached = new Map<Listener, () => void>();

  const attach = (real: IdentityProvider, listener: Listener) => {
    waiting.delete(listener);
    attached.set(listener, real.onIdTokenChanged(listener));
  };
  const ensure = (): Promise<IdentityProvider> =>
    (loading ??= load().then((loaded) => {
      provider = loaded;
      for (const listener of [...waiting]) attach(loaded, listener);
      return loaded;
    }));
  const later =
    <A extends unknown[], R>(call: (real: IdentityProvider, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      call(await ensure(), ...args);

  return {
    onIdTokenChanged(listener) {
      let last: IdentityUser | null | undefined;
      const heard: Listener = (user) => {
        // The provider, loaded late, opens with the "signed out" this listener already heard.
        if (user === null && last === null) return;
        last = user;
        hint.remember(user !== null);
        listener(user);
      };
      if (provider) attach(provider, heard);
      else {
        waiting.add(heard);
        if (hint.present()) void ensure();
        else queueMicrotask(() => (provider ? undefined : heard(null)));
      }
      return () => {
        waiting.delete(heard);
        attached.get(heard)?.();
        attached.delete(heard);
      };
    },
    currentUser: () => provider?.currentUser() ?? null,
    idToken: later((real) => real.idToken()),
    signInWithEmail: later((real, email: string, password: string) => real.signInWithEmail(email, password)),
    signInWithGoogle: later((real) => real.signInWithGoogle()),
    createAccount: later((real, email: string, password: string) => real.createAccount(email, password)),
    updateDisplayName: later((real, displayName: string) => real.updateDisplayName(displayName)),
    sendVerificationEmail: later((real) => real.sendVerificationEmail()),
    sendPasswordReset: later((real, email: string) => real.sendPasswordReset(email)),
    signInAgain: later((real, password: string) => real.signInAgain(password)),
    signOut: later((real) => real.signOut()),
  };
}
