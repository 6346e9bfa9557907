/** Who a Firebase ID token says the caller is. */
export interface VerifiedIdentity {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly picture: string | null;
  /** When the ID token expires (seconds since the epoch): nothing may trust it longer. */
  readonly expiresAt: number;
  /** When the person last signed in with their credentials (seconds since the epoch): a refreshed token keeps it. */
  readonly authTime: number;
}

/** An account found by its email: `emailVerified` says whether it proved it owns the address. */
export interface IdentityAccount {
  readonly uid: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

/** The identity port: verifies ID tokens and finds accounts by email. Adapter: firebase-admin. */
export interface IdentityProvider {
  /**
   * Throws InvalidIdentityToken for a token that is malformed, expired, not for this project, or
   * whose session was revoked (or account disabled) at the identity provider.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  findUserByEmail(email: string): Promise<IdentityAccount | null>;
  /** Ends the account's sessions at the identity provider: ID tokens issued before now stop verifying. */
  revokeSessions(uid: string): Promise<void>;
  /** Disables the account at the identity provider and ends its sessions: it signs in no more (an erasure). */
  disableAccount(uid: string): Promise<void>;
  /**
   * Whether the provider still lets each account in (at most PROVIDER_ACCOUNTS_PER_CALL at once); an
   * account it does not know (deleted) is absent from the answer.
   */
  accountStatuses(uids: readonly string[]): Promise<ReadonlyMap<string, ProviderAccountStatus>>;
}

/** The most accounts one accountStatuses call asks for (Firebase's getUsers takes 100). */
export const PROVIDER_ACCOUNTS_PER_CALL = 100;

/** An account as the identity provider has it now. */
export interface ProviderAccountStatus {
  readonly disabled: boolean;
  /** Milliseconds since the epoch: sessions begun before this were revoked there; null when none were. */
  readonly sessionsValidSince: number | null;
}

export class InvalidIdentityToken extends Error {
  constructor(cause?: unknown) {
    super('invalid identity token', { cause });
    this.name = 'InvalidIdentityToken';
  }
}
