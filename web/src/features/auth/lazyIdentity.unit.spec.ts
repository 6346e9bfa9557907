import { beforeEach, describe, expect, it } from 'vitest';
import { FakeIdentity } from '../../test/fakeIdentity';
import type { IdentityUser } from './identityProvider';
import { SIGNED_IN_HINT, lazyIdentity } from './lazyIdentity';

/** Everything queued so far has run: the fake and the wrapper answer in microtasks. */
const settle = () => new Promise<void>((done) => setTimeout(done, 0));

describe('lazyIdentity', () => {
  let fake: FakeIdentity;
  let loads: number;
  const load = () => {
    loads += 1;
    return Promise.resolve(fake);
  };
  const heard = (identity: ReturnType<typeof lazyIdentity>) => {
    const users: (string | null)[] = [];
    identity.onIdTokenChanged((user: IdentityUser | null) => users.push(user?.email ?? null));
    return users;
  };

  beforeEach(() => {
    fake = new FakeIdentity();
    fake.addAccount('casey@toolforge.test', 'Customer@2022forge');
    loads = 0;
    localStorage.clear();
  });

  it('tells a visitor who was not signed in "signed out" without loading the provider', async () => {
    const identity = lazyIdentity(load, localStorage);
    const users = heard(identity);
    await settle();
    expect(users).toEqual([null]);
    expect(loads).toBe(0);
    expect(identity.currentUser()).toBeNull();
  });

  it('loads the provider with the first sign-in, and listeners hear the user once, without a second "signed out"', async () => {
    const identity = lazyIdentity(load, localStorage);
    const users = heard(identity);
    await settle();
    const user = await identity.signInWithEmail('casey@toolforge.test', 'Customer@2022forge');
    await settle();
    expect(user.email).toBe('casey@toolforge.test');
    expect(loads).toBe(1);
    expect(users).toEqual([null, 'casey@toolforge.test']);
    expect(identity.currentUser()?.email).toBe('casey@toolforge.test');
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
  });

  it('restores a remembered session at start when the last visit ended signed in', async () => {
    localStorage.setItem(SIGNED_IN_HINT, '1');
    fake.remember('casey@toolforge.test');
    const identity = lazyIdentity(load, localStorage);
    const users = heard(identity);
    await settle();
    expect(loads).toBe(1);
    expect(users).toEqual(['casey@toolforge.test']);
  });

  it('forgets the hint on sign-out, and when the remembered session had ended', async () => {
    localStorage.setItem(SIGNED_IN_HINT, '1');
    fake.remember('casey@toolforge.test');
    const identity = lazyIdentity(load, localStorage);
    const users = heard(identity);
    await settle();
    await identity.signOut();
    await settle();
    expect(users).toEqual(['casey@toolforge.test', null]);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();

    const expired = lazyIdentity(() => Promise.resolve(new FakeIdentity()), localStorage);
    localStorage.setItem(SIGNED_IN_HINT, '1');
    const none = heard(expired);
    await settle();
    expect(none).toEqual([null]);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
  });

  it('stops calling a listener once it unsubscribed', async () => {
    const identity = lazyIdentity(load, localStorage);
    const users: (string | null)[] = [];
    const unsubscribe = identity.onIdTokenChanged((user) => users.push(user?.email ?? null));
    await settle();
    unsubscribe();
    await identity.signInWithEmail('casey@toolforge.test', 'Customer@2022forge');
    await settle();
    expect(users).toEqual([null]);
  });

  it('works without storage, as a visitor who was signed out', async () => {
    const identity = lazyIdentity(load, undefined);
    const users = heard(identity);
    await settle();
    expect(users).toEqual([null]);
    await identity.signInWithEmail('casey@toolforge.test', 'Customer@2022forge');
    await settle();
    expect(users).toEqual([null, 'casey@toolforge.test']);
  });
});
