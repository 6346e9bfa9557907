/** Who a Firebase ID token says the caller is (DESIGN §5). */
export interface VerifiedIdentity {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly picture: string | null;
}

/** The identity port: verifies ID tokens and finds accounts by email. Adapter: firebase-admin. */
export interface IdentityProvider {
  /** Throws InvalidIdentityToken for a token that is malformed, expired, revoked or not for this project. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  findUserByEmail(email: string): Promise<{ uid: string; email: string } | null>;
}

export class InvalidIdentityToken extends Error {
  constructor(cause?: unknown) {
    super('invalid identity token', { cause });
    this.name = 'InvalidIdentityToken';
  }
}
