import type { ApiCaller } from '@toolforge/platform/http';
import type { VerifiedIdTokens } from '@toolforge/platform/identity';
import type { AccountStates } from './accountStates.js';
import type { Accounts } from './accounts.js';

/**
 * Who an identity-provider ID token is on the command side (the spec's own client sends one on
 * every protected call and never a bearer to /login). A verified account the shop has never seen is
 * signed in on first sight, as `/login` with that token would do, so `ADMIN_EMAILS` gives it the role
 * through the log; the role is always the write model's, never the token's.
 */
export function commandIdTokenCaller(
  accounts: Accounts,
  states: AccountStates,
  idTokens: VerifiedIdTokens,
): (idToken: string) => Promise<ApiCaller> {
  /** First sightings under way, by uid: concurrent first requests sign the account in once. */
  const signingIn = new Map<string, Promise<unknown>>();

  return async (idToken) => {
    const identity = await idTokens.verify(idToken);
    const { uid, email } = identity;
    if (!states.get(uid) && email) {
      let pending = signingIn.get(uid);
      if (!pending) {
        pending = accounts.signIn({ ...identity, email }, identity.name ?? '').finally(() => signingIn.delete(uid));
        signingIn.set(uid, pending);
      }
      await pending;
    }
    return {
      uid,
      name: states.get(uid)?.name ?? identity.name ?? '',
      email: email ?? '',
      admin: states.isAdmin(uid),
      sessionVersion: accounts.standing(uid)?.version ?? 0,
      viaIdToken: true,
    };
  };
}
