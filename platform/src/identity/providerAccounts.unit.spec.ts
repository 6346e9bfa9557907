import { describe, expect, it } from 'vitest';
import type { ProviderAccountStatus } from './identityProvider.js';
import { ProviderAccounts } from './providerAccounts.js';

const active: ProviderAccountStatus = { disabled: false, sessionsValidSince: null };

/** A provider whose answer for every account the test sets, counting the look-ups. */
function provider(first: ProviderAccountStatus | null | Error = active) {
  const state = { answer: first, lookUps: 0 };
  return {
    state,
    accountStatus: () => {
      state.lookUps += 1;
      return state.answer instanceof Error ? Promise.reject(state.answer) : Promise.resolve(state.answer);
    },
  };
}

describe('whether the identity provider still lets an API token’s account in', () => {
  it('refuses a disabled account, a deleted one, and a session begun before the provider revoked its sessions', async () => {
    for (const [answer, letIn] of [
      [active, true],
      [{ disabled: true, sessionsValidSince: null }, false],
      [null, false],
      [{ disabled: false, sessionsValidSince: 5_000 }, false],
      [{ disabled: false, sessionsValidSince: 1_000 }, true],
    ] as const) {
      expect(await new ProviderAccounts(provider(answer)).stillLetIn('ada', 2_000), JSON.stringify(answer)).toBe(letIn);
    }
  });

  it('asks at most once per half minute while the account is active, and never uses an answer a minute old', async () => {
    let now = 0;
    const fake = provider();
    const accounts = new ProviderAccounts(fake, { clock: () => now });
    await Promise.all([accounts.stillLetIn('ada', 0), accounts.stillLetIn('ada', 0)]);
    now = 29_000;
    await accounts.stillLetIn('ada', 0);
    expect(fake.state.lookUps).toBe(1);

    // Past half a minute: this request is answered from the last look-up while a new one is asked for.
    fake.state.answer = { disabled: true, sessionsValidSince: null };
    now = 31_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(true);
    expect(fake.state.lookUps).toBe(2);
    await Promise.resolve();
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);

    // Idle for a minute: the next request waits for a fresh answer.
    fake.state.answer = active;
    now = 95_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(true);
    expect(fake.state.lookUps).toBe(3);
  });

  it('keeps the last answer, or lets the caller in, while the provider does not answer, and says so', async () => {
    let now = 0;
    const failed: string[] = [];
    const fake = provider(new Error('provider unreachable'));
    const accounts = new ProviderAccounts(fake, { clock: () => now, onLookupFailed: (uid) => failed.push(uid) });
    expect(await accounts.stillLetIn('ada', 0)).toBe(true);
    fake.state.answer = { disabled: true, sessionsValidSince: null };
    now = 60_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);
    fake.state.answer = new Error('provider unreachable');
    now = 120_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);
    expect(failed).toEqual(['ada', 'ada']);
  });
});
