import { LRUCache } from 'lru-cache';
import type { IdentityProvider, VerifiedIdentity } from './identityProvider.js';

export interface VerifiedIdTokensOptions {
  /**
   * How long a verification is used again before the identity provider is asked once more, and so
   * how long a session revoked there (or a disabled account) may still pass here.
   */
  revocationCheckMs?: number;
  /** How many tokens are remembered; those used longest ago are forgotten first. */
  maxTokens?: number;
  clock?: () => number;
}

/** A revoked Firebase session is out within a minute. */
export const REVOCATION_CHECK_MS = 60_000;

interface Remembered {
  readonly identity: Promise<VerifiedIdentity>;
  /** Milliseconds since the epoch: the token's expiry or the next revocation check, whichever is first. */
  readonly until: number;
}

/**
 * Identity-provider ID tokens verified once and remembered, for callers that send one on every
 * request (the spec's client): verification checks the signature, audience, issuer, expiry and,
 * through the provider, revocation; the answer is used again for at most `revocationCheckMs` and
 * never past the token's own expiry. Concurrent requests with the same token share one verification.
 * A refused token is not remembered.
 */
export class VerifiedIdTokens {
  /** Bounded by count; each entry's own `until` bounds its age (the token's expiry differs per token). */
  private readonly remembered: LRUCache<string, Remembered>;
  private readonly revocationCheckMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly provider: Pick<IdentityProvider, 'verifyIdToken'>,
    options: VerifiedIdTokensOptions = {},
  ) {
    this.revocationCheckMs = options.revocationCheckMs ?? REVOCATION_CHECK_MS;
    this.remembered = new LRUCache({ max: options.maxTokens ?? 10_000 });
    this.clock = options.clock ?? Date.now;
  }

  /** The token's identity; rejects (InvalidIdentityToken) as the provider does. */
  async verify(idToken: string): Promise<VerifiedIdentity> {
    const now = this.clock();
    const known = this.remembered.get(idToken);
    if (known && known.until > now) return known.identity;
    this.remembered.delete(idToken);

    const identity = this.provider.verifyIdToken(idToken);
    // Until the answer is in, concurrent callers wait for it rather than ask again.
    this.remembered.set(idToken, { identity, until: now + this.revocationCheckMs });
    try {
      const verified = await identity;
      this.remembered.set(idToken, { identity, until: Math.min(now + this.revocationCheckMs, verified.expiresAt * 1000) });
      return verified;
    } catch (error) {
      this.remembered.delete(idToken);
      throw error;
    }
  }
}
