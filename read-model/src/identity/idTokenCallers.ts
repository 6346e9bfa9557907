import type { ApiCaller } from '@toolforge/platform/http';
import type { VerifiedIdTokens } from '@toolforge/platform/identity';

/**
 * Who an identity-provider ID token is on the query side (the spec's client sends one on every
 * protected call). The role is the read model's users row once it exists; before the account's
 * first event has been projected, it is what the command side decides on first sight: a verified
 * `ADMIN_EMAILS` address is an admin (a revocation would have left a row). The session is the
 * identity provider's: VerifiedIdTokens refuses a revoked one within its revocation check.
 */
export function queryIdTokenCaller(idTokens: VerifiedIdTokens, adminEmails: ReadonlySet<string>): (idToken: string) => Promise<ApiCaller> {
  return async (idToken) => {
    const { uid, name, email, emailVerified } = await idTokens.verify(idToken);
    return {
      uid,
      name: name ?? '',
      email: email ?? '',
      admin: emailVerified && email !== null && adminEmails.has(email.toLowerCase()),
      // Any row of the account is newer than this: its admin flag is the word (adminByStanding).
      sessionVersion: 0,
      viaIdToken: true,
    };
  };
}
