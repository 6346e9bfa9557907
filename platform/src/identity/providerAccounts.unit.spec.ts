import { describe, expect, it } from 'vitest';
import type { ProviderAccountStatus } from './identityProvider.js';
import { ProviderAccounts } from './providerAccounts.js';

const active: ProviderAccountStatus = { disabled: false, sessionsValidSince: null };

/** A provider whose answer for every account the test sets (null: it knows none), counting the calls and accounts asked. */
function provider(first: ProviderAccountStatus | null | Error = active) {
  const state = { answer: first, calls: [] as (readonly string[])[] };
  return {
    state,
    accountStatuses: (uids: readonly string[]) => {
      state.calls.push(uids);
      const { answer } = state;
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(new Map(answer ? uids.map((uid) => [uid, answer] as const) : []));
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

  it('asks once for concurrent requests, answers at once from then on, and waits again for an answer a minute old', async () => {
    let now = 0;
    const fake = provider();
    const accounts = new ProviderAccounts(fake, { clock: () => now });
    await Promise.all([accounts.stillLetIn('ada', 0), accounts.stillLetIn('ada', 0)]);
    now = 59_000;
    // An answer at hand: a plain boolean, no promise.
    expect(accounts.stillLetIn('ada', 0)).toBe(true);
    expect(fake.state.calls).toEqual([['ada']]);

    fake.state.answer = { disabled: true, sessionsValidSince: null };
    now = 60_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);
    expect(fake.state.calls).toHaveLength(2);
  });

  it('keeps the accounts seen lately fresh in the background, a hundred a call, so that they never wait', async () => {
    let now = 0;
    const fake = provider();
    const accounts = new ProviderAccounts(fake, { clock: () => now, keepFreshMs: 120_000 });
    const uids = Array.from({ length: 150 }, (_, n) => `u${n}`);
    for (const uid of uids) await accounts.stillLetIn(uid, 0);
    now = 20_000;
    await accounts.refreshRecent();
    expect(fake.state.calls).toHaveLength(150);

    // Past half a minute: asked again together, and the new answers used at once.
    fake.state.answer = { disabled: true, sessionsValidSince: null };
    now = 30_000;
    await accounts.refreshRecent();
    expect(fake.state.calls.slice(150).map((call) => call.length)).toEqual([100, 50]);
    now = 70_000;
    expect(accounts.stillLetIn('u7', 0)).toBe(false);
    expect(fake.state.calls).toHaveLength(152);

    // An account not seen for longer than keepFreshMs is left alone until it comes back.
    now = 200_000;
    await accounts.stillLetIn('u7', 0);
    await accounts.refreshRecent();
    now = 230_000;
    await accounts.refreshRecent();
    expect(fake.state.calls.slice(153)).toEqual([['u7']]);
  });

  it('keeps the last answer, or lets the caller in, while the provider does not answer, and says so', async () => {
    let now = 0;
    const failed: (readonly string[])[] = [];
    const fake = provider(new Error('provider unreachable'));
    const accounts = new ProviderAccounts(fake, { clock: () => now, onLookupFailed: (uids) => failed.push(uids) });
    expect(await accounts.stillLetIn('ada', 0)).toBe(true);
    fake.state.answer = { disabled: true, sessionsValidSince: null };
    now = 60_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);
    fake.state.answer = new Error('provider unreachable');
    now = 120_000;
    expect(await accounts.stillLetIn('ada', 0)).toBe(false);
    expect(failed).toEqual([['ada'], ['ada']]);
  });
});
