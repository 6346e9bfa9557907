/**
 * What a service knows of an account, to judge an API token by: its role, and when its sessions
 * last ended. Versions count the account's events in the log (its user stream): a token carries
 * the version at which it was issued, so knowledge and tokens can be compared without clocks.
 */
export interface UserStanding {
  readonly admin: boolean;
  /** How many of the account's events this knowledge includes. */
  readonly version: number;
  /** The version of the account's last session-ending event (sign-out, admin revoked); 0 if none. */
  readonly sessionsEndedAt: number;
}

/** A token's own word: the account and the version of its user stream when it was issued. */
export interface SessionClaims {
  readonly admin: boolean;
  readonly sessionVersion: number;
}

/** A token is current unless the account's sessions ended after it was issued. */
export function sessionIsCurrent(token: SessionClaims, standing: UserStanding | undefined): boolean {
  return (standing?.sessionsEndedAt ?? 0) <= token.sessionVersion;
}

/**
 * The role is the standing's word once it knows everything the token knew; only a standing that
 * lags behind the token (a read model that has not yet applied the sign-in the token was issued
 * at) leaves the word to the token's claim.
 */
export function adminByStanding(token: SessionClaims, standing: UserStanding | undefined): boolean {
  return standing && standing.version >= token.sessionVersion ? standing.admin : token.admin;
}
