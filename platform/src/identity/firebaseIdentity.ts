import { applicationDefault, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { InvalidIdentityToken, type IdentityProvider, type VerifiedIdentity } from './identityProvider.js';
import { identityFromClaims } from './providerClaims.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  /**
   * host:port of the Auth emulator (development only: it accepts unsigned ID tokens); unset for
   * real Firebase with Application Default Credentials (see identitySource in platform).
   */
  emulatorHost?: string;
}

/**
 * firebase-admin reads the emulator address from the environment only (on every call), so it is
 * set here, or removed: a stray value (blank, say) must not put real Firebase in emulator mode,
 * where unsigned ID tokens pass. A `demo-` project id never reaches Google.
 */
export function firebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const name = `toolforge-${options.projectId}`;
  const app: App =
    getApps().find((existing) => existing.name === name) ??
    initializeApp(
      options.emulatorHost ? { projectId: options.projectId } : { projectId: options.projectId, credential: applicationDefault() },
      name,
    );
  const auth: Auth = getAuth(app);

  return {
    async verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
      let token: DecodedIdToken;
      try {
        // checkRevoked: a session revoked at Firebase (or a disabled account) cannot sign in here.
        token = await auth.verifyIdToken(idToken, true);
      } catch (error) {
        throw new InvalidIdentityToken(error);
      }
      // A genuine token whose claims the shop cannot use is refused as such (403), not as unverified.
      return identityFromClaims(token);
    },
    async revokeSessions(uid: string) {
      await auth.revokeRefreshTokens(uid);
    },
    async disableAccount(uid: string) {
      try {
        await auth.updateUser(uid, { disabled: true });
      } catch (error) {
        // An account deleted at the provider already signs in no more.
        if ((error as { code?: string }).code === 'auth/user-not-found') return;
        throw error;
      }
      await auth.revokeRefreshTokens(uid);
    },
    async accountStatuses(uids: readonly string[]) {
      const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
      return new Map(
        users.map((user) => {
          const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : Number.NaN;
          return [user.uid, { disabled: user.disabled, sessionsValidSince: Number.isNaN(validSince) ? null : validSince }];
        }),
      );
    },
    async findUserByEmail(email: string) {
      try {
        const user = await auth.getUserByEmail(email);
        return { uid: user.uid, email: user.email ?? email, emailVerified: user.emailVerified };
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}
