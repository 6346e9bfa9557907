import { describe, expect, it } from 'vitest';
import { InvalidIdentityToken, type VerifiedIdentity } from './identityProvider.js';
import { VerifiedIdTokens } from './verifiedIdTokens.js';

const NOW = 1_700_000_000_000;
const identity = (expiresAt: number): VerifiedIdentity => ({
  uid: 'u-1',
  email: 'ada@toolforge.test',
  emailVerified: true,
  name: 'Ada',
  picture: null,
  expiresAt,
  authTime: 0,
});

/** A provider that counts its verifications and answers what the test says. */
function provider(answer: () => Promise<VerifiedIdentity>) {
  const asked = { count: 0 };
  return { asked, verifyIdToken: () => ((asked.count += 1), answer()) };
}

describe('verified ID tokens', () => {
  it('asks the provider once per token, then again after the revocation check', async () => {
    let now = NOW;
    const ada = provider(() => Promise.resolve(identity(NOW / 1000 + 3600)));
    const tokens = new VerifiedIdTokens(ada, { revocationCheckMs: 60_000, clock: () => now });
    await tokens.verify('t');
    await tokens.verify('t');
    expect(ada.asked.count).toBe(1);
    now += 60_001;
    await tokens.verify('t');
    expect(ada.asked.count).toBe(2);
  });

  it('never trusts a token past its own expiry', async () => {
    let now = NOW;
    const ada = provider(() => Promise.resolve(identity(NOW / 1000 + 10)));
    const tokens = new VerifiedIdTokens(ada, { revocationCheckMs: 60_000, clock: () => now });
    await tokens.verify('t');
    now += 10_001;
    await tokens.verify('t');
    expect(ada.asked.count).toBe(2);
  });

  it('shares one verification between concurrent requests, and forgets a refused token', async () => {
    let refuse = true;
    const ada = provider(() => (refuse ? Promise.reject(new InvalidIdentityToken()) : Promise.resolve(identity(NOW / 1000 + 3600))));
    const tokens = new VerifiedIdTokens(ada, { clock: () => NOW });
    const results = await Promise.allSettled([tokens.verify('t'), tokens.verify('t')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(ada.asked.count).toBe(1);
    refuse = false;
    await expect(tokens.verify('t')).resolves.toMatchObject({ uid: 'u-1' });
    expect(ada.asked.count).toBe(2);
  });

  it('remembers at most maxTokens, forgetting the oldest', async () => {
    const ada = provider(() => Promise.resolve(identity(NOW / 1000 + 3600)));
    const tokens = new VerifiedIdTokens(ada, { maxTokens: 2, clock: () => NOW });
    for (const token of ['a', 'b', 'c', 'a']) await tokens.verify(token);
    expect(ada.asked.count).toBe(4);
  });

  it('keeps a token in use over one used longer ago', async () => {
    const ada = provider(() => Promise.resolve(identity(NOW / 1000 + 3600)));
    const tokens = new VerifiedIdTokens(ada, { maxTokens: 2, clock: () => NOW });
    // a is used again after b, so c's arrival forgets b, not a.
    for (const token of ['a', 'b', 'a', 'c', 'a']) await tokens.verify(token);
    expect(ada.asked.count).toBe(3);
  });
});
