import { adminByStanding, sessionIsCurrent } from '@toolforge/platform';
import type { ApiCaller, ApiTokenOptions } from '@toolforge/platform/http';
import { letInByProvider, VerifiedIdTokens, type IdentityProvider } from '@toolforge/platform/identity';
import { queryIdTokenCaller } from './idTokenCallers.js';
import { RecentStandings, STANDING_MAX_AGE_MS } from './recentStandings.js';
import type { StandingReader } from './standingReads.js';

export interface ReadModelCallersOptions {
  /** How long an account's standing (role, sessions) read from the read model is used again. */
  readonly standingMaxAgeMs?: number;
  /**
   * The identity provider, to take its ID tokens as well as API tokens (the spec's client sends
   * them), with ADMIN_EMAILS for accounts the read model does not know yet. Without it: API tokens only.
   */
  readonly idTokens?: {
    readonly identity: Pick<IdentityProvider, 'verifyIdToken' | 'accountStatuses'>;
    readonly adminEmails: readonly string[];
  };
}

/** The checks of apiTokens (platform/http) that take the read model's word on a caller. */
export type ReadModelCallers = Required<Pick<ApiTokenOptions, 'isAdmin' | 'isSessionCurrent'>> &
  Pick<ApiTokenOptions, 'idTokenCaller' | 'isLetInByProvider'> & { isAdmin: (caller: ApiCaller) => Promise<boolean> };

/**
 * Who a reader of the read model lets in (the query side, the operator console): the users table is
 * the word on a token's session and role, so a logout or a revocation ends the tokens issued before
 * it, and a grant or revocation counts for tokens already issued. Only while the table has not yet
 * applied the sign-in a token was issued at (an admin calling right after their first sign-in) does
 * the token's own admin claim stand in for it.
 */
export function readModelCallers(
  store: Pick<StandingReader, 'userStanding'>,
  app: Parameters<typeof letInByProvider>[1],
  options: ReadModelCallersOptions,
): ReadModelCallers {
  const standings = new RecentStandings(store, { maxAgeMs: options.standingMaxAgeMs ?? STANDING_MAX_AGE_MS });
  const { idTokens } = options;
  return {
    isAdmin: async (caller) => adminByStanding(caller, await standings.of(caller.uid)),
    isSessionCurrent: async (caller) => sessionIsCurrent(caller, await standings.of(caller.uid)),
    idTokenCaller:
      idTokens &&
      queryIdTokenCaller(new VerifiedIdTokens(idTokens.identity), new Set(idTokens.adminEmails.map((email) => email.trim().toLowerCase()))),
    // With the identity provider, an API token's account disabled (or signed out) there is refused within a minute.
    isLetInByProvider: idTokens && letInByProvider(idTokens.identity, app),
  };
}
