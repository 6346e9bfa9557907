import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { InvalidIdentityToken, type IdentityProvider, type VerifiedIdentity } from './identityProvider.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  /** host:port of the Auth emulator; unset with real Firebase credentials. */
  emulatorHost?: string;
}

/**
 * firebase-admin reads the emulator address from the environment only, so it is set here before
 * the Auth client exists. A `demo-` project id never reaches Google.
 */
export function firebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const name = `toolforge-${options.projectId}`;
  const app: App = getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId: options.projectId }, name);
  const auth: Auth = getAuth(app);

  return {
    async verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
      try {
        const token = await auth.verifyIdToken(idToken);
        return {
          uid: token.uid,
          email: token.email ?? null,
          emailVerified: token.email_verified ?? false,
          name: typeof token.name === 'string' ? token.name : null,
          picture: token.picture ?? null,
        };
      } catch (error) {
        throw new InvalidIdentityToken(error);
      }
    },
    async findUserByEmail(email: string) {
      try {
        const user = await auth.getUserByEmail(email);
        return { uid: user.uid, email: user.email ?? email };
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}
