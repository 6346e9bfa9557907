import { messages } from '@toolforge/contracts';
import type { IdentityProvider, IdentityUser } from '../features/auth/identityProvider';

interface Account {
  user: IdentityUser;
  password: string;
  /** Disabled at the provider, as an erased account is: it signs in no more. */
  disabled?: boolean;
}

/**
 * An identity provider in memory that behaves like Firebase Auth where the flows can tell:
 * listeners hear the current user at once and on every sign-in, sign-out and token refresh.
 */
export class FakeIdentity implements IdentityProvider {
  readonly accounts = new Map<string, Account>();
  readonly sentVerifications: string[] = [];
  readonly sentResets: string[] = [];
  /** What each step saw, in order, to check that flows call the provider in the spec's order. */
  readonly steps: string[] = [];
  private current: IdentityUser | null = null;
  private tokenVersion = 0;
  private listeners = new Set<(user: IdentityUser | null) => void>();
  failNext: Error | null = null;

  addAccount(email: string, password: string, patch: Partial<IdentityUser> = {}): IdentityUser {
    const user: IdentityUser = {
      uid: `uid-${this.accounts.size + 1}`,
      displayName: null,
      email,
      photoURL: null,
      emailVerified: false,
      providerIds: ['password'],
      ...patch,
    };
    this.accounts.set(email, { user, password });
    return user;
  }

  /** Disables the account, as the shop's server does when it erases one. */
  disable(email: string) {
    this.accounts.get(email)!.disabled = true;
  }

  /** A user remembered from an earlier visit, as Firebase restores it at start-up. */
  remember(email: string) {
    this.current = this.accounts.get(email)!.user;
  }

  refreshToken() {
    this.tokenVersion += 1;
    this.emit();
  }

  onIdTokenChanged(listener: (user: IdentityUser | null) => void) {
    this.listeners.add(listener);
    // Firebase answers asynchronously with the restored user.
    queueMicrotask(() => listener(this.snapshot()));
    return () => this.listeners.delete(listener);
  }

  currentUser() {
    return this.snapshot();
  }

  idToken() {
    return settled(() => {
      if (!this.current) throw new Error(messages.noUserLoggedIn);
      return `id-token:${this.current.uid}:${this.tokenVersion}`;
    });
  }

  signInWithEmail(email: string, password: string) {
    return settled(() => {
      this.steps.push('signIn');
      this.throwIfFailing();
      const account = this.accounts.get(email);
      if (!account || account.password !== password) throw new Error('Firebase: Error (auth/invalid-credential).');
      // As firebaseIdentity says Firebase's auth/user-disabled.
      if (account.disabled) throw new Error(messages.accountDisabled);
      return this.signIn(account.user);
    });
  }

  signInAgain(password: string) {
    return settled(() => {
      this.steps.push('signInAgain');
      this.throwIfFailing();
      if (!this.current) throw new Error(messages.noUserLoggedIn);
      if (this.accounts.get(this.current.email!)!.password !== password) throw new Error('Firebase: Error (auth/invalid-credential).');
      // A new sign-in is a new ID token, which listeners hear as Firebase's do.
      this.tokenVersion += 1;
      this.emit();
      return `id-token:${this.current.uid}:${this.tokenVersion}`;
    });
  }

  signInWithGoogle() {
    return settled(() => {
      this.steps.push('google');
      this.throwIfFailing();
      const account = this.accounts.get('google.user@toolforge.test') ?? {
        user: this.addAccount('google.user@toolforge.test', '', { displayName: 'Google User', providerIds: ['google.com'] }),
      };
      return this.signIn(account.user);
    });
  }

  createAccount(email: string, password: string) {
    return settled(() => {
      this.steps.push('createAccount');
      this.throwIfFailing();
      if (this.accounts.has(email)) throw new Error('Firebase: Error (auth/email-already-in-use).');
      return this.signIn(this.addAccount(email, password));
    });
  }

  updateDisplayName(displayName: string) {
    return settled(() => {
      this.steps.push(`updateDisplayName:${displayName}`);
      if (!this.current) throw new Error(messages.noUserLoggedIn);
      this.current = { ...this.current, displayName };
      this.accounts.get(this.current.email!)!.user = this.current;
      return this.snapshot()!;
    });
  }

  sendVerificationEmail() {
    return settled(() => {
      this.steps.push('sendVerificationEmail');
      this.sentVerifications.push(this.current!.email!);
    });
  }

  sendPasswordReset(email: string) {
    return settled(() => {
      this.steps.push('sendPasswordReset');
      this.throwIfFailing();
      if (!this.accounts.has(email)) throw new Error('Firebase: Error (auth/user-not-found).');
      this.sentResets.push(email);
    });
  }

  signOut() {
    return settled(() => {
      this.steps.push('signOut');
      this.current = null;
      this.emit();
    });
  }

  private signIn(user: IdentityUser) {
    this.current = user;
    this.tokenVersion += 1;
    this.emit();
    return this.snapshot()!;
  }

  private snapshot(): IdentityUser | null {
    return this.current ? { ...this.current, providerIds: [...this.current.providerIds] } : null;
  }

  private emit() {
    for (const listener of this.listeners) listener(this.snapshot());
  }

  private throwIfFailing() {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw failure;
  }
}

/** Runs `work` at once, as the body of an async method would run: what it throws is the rejection. */
function settled<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()));
}
