import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
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
    signInWithEmail: async (email, password) => toIdentityUser((await signInWithEmailAndPassword(auth, email, password)).user),
    signInWithGoogle: async () => toIdentityUser((await signInWithPopup(auth, new GoogleAuthProvider())).user),
    createAccount: async (email, password) => toIdentityUser((await createUserWithEmailAndPassword(auth, email, password)).user),
    updateDisplayName: async (displayName) => {
      const user = signedInUser();
      await updateProfile(user, { displayName });
      return toIdentityUser(user);
    },
    sendVerificationEmail: () => sendEmailVerification(signedInUser()),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signOut: () => signOut(auth),
  };
}
