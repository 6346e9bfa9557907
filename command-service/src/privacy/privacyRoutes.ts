import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRIVACY_PATHS, RECENT_SIGN_IN_SECONDS, eraseAccountSchema, messages } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { InvalidIdentityToken, type IdentityProvider } from '@toolforge/platform/identity';
import { acknowledged, unverifiedAcknowledgementSchema } from '../shared/replies.js';
import type { Erasure } from './erasure.js';

export interface PrivacyRouteOptions {
  erasure: Erasure;
  identity: IdentityProvider;
  clock: () => Date;
}

/**
 * POST /me/erase: the signed-in customer erases their account (docs/privacy.md#erasure). Besides the
 * session's token, the body carries an ID token of the same account from a sign-in at most
 * RECENT_SIGN_IN_SECONDS old: whoever finds a session left open cannot erase the account behind it.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its route without awaiting anything
export async function privacyRoutes(scope: FastifyInstance, { erasure, identity, clock }: PrivacyRouteOptions) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    PRIVACY_PATHS.erase,
    { onRequest: app.authenticate, schema: { body: eraseAccountSchema, response: { 200: unverifiedAcknowledgementSchema } } },
    async (request) => {
      const uid = request.user.uid;
      const signIn = await recentSignIn(identity, request.body.idToken);
      if (signIn.uid !== uid) throw new HttpError(403, messages.forbiddenOtherUser);
      if (clock().getTime() / 1000 - signIn.authTime > RECENT_SIGN_IN_SECONDS) throw new HttpError(403, messages.eraseNeedsRecentSignIn);
      return acknowledged(await erasure.erase(uid, { by: 'customer', actor: uid }));
    },
  );
}

/** The ID token's sign-in, or a 403 asking for a fresh one: a token that does not verify proves no recent sign-in. */
async function recentSignIn(identity: IdentityProvider, idToken: string) {
  try {
    return await identity.verifyIdToken(idToken);
  } catch (error) {
    if (error instanceof InvalidIdentityToken) throw new HttpError(403, messages.eraseNeedsRecentSignIn);
    throw error;
  }
}
