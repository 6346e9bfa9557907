import { FirebaseError, initializeApp } from 'firebase/app';
import {
  EmailAuthProvider,
  GoogleAuthProvider,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { ShopConfig } from '../../config';
import { messages } from '@toolforge/contracts';
import type { IdentityProvider, IdentityUser } from './identityProvider';

function toIdentityUser(user: User): IdentityUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

/**
 * A sign-in's user. Firebase refuses a disabled account with a bare code; the shop disables only an
 * erased account (docs/privacy.md), so it says that in words.
 */
async function signedIn(signIn: Promise<UserCredential>): Promise<IdentityUser> {
  try {
    return toIdentityUser((await signIn).user);
  } catch (error) {
    if (error instanceof FirebaseError && error.code === 'auth/user-disabled') throw new Error(messages.accountDisabled, { cause: error });
    throw error;
  }
}

/** The identity provider on Firebase Auth, or on its emulator when the config names one. */
export function firebaseIdentity(config: ShopConfig): IdentityProvider {
  const auth = getAuth(initializeApp(config.firebase));
  if (config.authEmulator) connectAuthEmulator(auth, config.authEmulator, { disableWarnings: true });

  const signedInUser = (): User => {
    if (!auth.currentUser) throw new Error(messages.noUserLoggedIn);
    return auth.currentUser;
  };

  return {
    onIdTokenChanged: (listener) => onIdTokenChanged(auth, (user) => listener(user ? toIdentityUser(user) : null)),
    currentUser: () => (auth.currentUser ? toIdentityUser(auth.currentUser) : null),
    idToken: () => signedInUser().getIdToken(),
    signInWithEmail: (email, password) => signedIn(signInWithEmailAndPassword(auth, email, password)),
    signInWithGoogle: () => signedIn(signInWithPopup(auth, new GoogleAuthProvider())),
    createAccount: async (email, password) => toIdentityUser((await createUserWithEmailAndPassword(auth, email, password)).user),
    updateDisplayName: async (displayName) => {
      const user = signedInUser();
      await updateProfile(user, { displayName });
      return toIdentityUser(user);
    },
    sendVerificationEmail: () => sendEmailVerification(signedInUser()),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signInAgain: async (password) => {
      const user = signedInUser();
      if (!user.email) throw new Error(messages.emailMissing);
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      // Forced: the token the provider holds may be older than this sign-in.
      return user.getIdToken(true);
    },
    signOut: () => signOut(auth),
  };
}
