/** The signed-in person as the identity provider knows them (docs/architecture.md#9-the-products-rules), in plain serialisable data. */
export interface IdentityUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** e.g. ["password"], ["google.com"]. */
  providerIds: string[];
}

/**
 * What the shop needs from its identity provider (Firebase Auth). Sagas talk to this port, so the
 * flows are tested without a network and the adapter is the only file that imports firebase.
 */
export interface IdentityProvider {
  /** Calls back with the user (or null) at start, on sign-in/out and whenever the ID token is refreshed. */
  onIdTokenChanged(listener: (user: IdentityUser | null) => void): () => void;
  currentUser(): IdentityUser | null;
  /** The current user's Firebase ID token, the bearer of POST /login. */
  idToken(): Promise<string>;
  /** Signs in with e-mail and password; a disabled account (an erased one) is refused with messages.accountDisabled. */
  signInWithEmail(email: string, password: string): Promise<IdentityUser>;
  signInWithGoogle(): Promise<IdentityUser>;
  createAccount(email: string, password: string): Promise<IdentityUser>;
  updateDisplayName(displayName: string): Promise<IdentityUser>;
  sendVerificationEmail(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /**
   * Signs the current user in again with their password and answers the ID token of that sign-in:
   * what a request asks for that a session left open must not make alone (erasing the account).
   */
  signInAgain(password: string): Promise<string>;
  signOut(): Promise<void>;
}
