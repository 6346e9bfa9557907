import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginSyncSchema, logoutSchema, makeAdminSchema, messages } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform';
import type { IdentityProvider } from '../identity/identityProvider.js';
import type { Shop } from '../shop.js';
import { acknowledgementSchema, loginResponseSchema } from './replies.js';

export interface IdentityRouteOptions {
  shop: Shop;
  identity: IdentityProvider;
}

function bearerToken(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new HttpError(401, messages.unauthenticated);
  return match[1]!;
}

/** POST /login, /logout and /makeadmin (SPEC §7, DESIGN §5). */
export async function identityRoutes(app: FastifyInstance, { shop, identity }: IdentityRouteOptions) {
  /**
   * The login sync: the Firebase ID token is the bearer. uid and email must be the token's; the
   * role comes from the log, never from the body.
   */
  app.post(
    '/login',
    { schema: { body: loginSyncSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const verified = await identity.verifyIdToken(bearerToken(request));
      const body = loginSyncSchema.parse(request.body);
      if (body.uid !== verified.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      if (!verified.email) throw new HttpError(403, messages.emailMissing);
      if (body.email.toLowerCase() !== verified.email.toLowerCase()) throw new HttpError(403, messages.emailMismatch);
      const { position, user } = await shop.signIn({ ...verified, email: verified.email }, body.name);
      return { acknowledged: true, position, accessToken: app.issueApiToken(user), user };
    },
  );

  app.post(
    '/logout',
    { onRequest: app.authenticate, schema: { body: logoutSchema, response: { 200: acknowledgementSchema } } },
    async (request) => {
      const body = logoutSchema.parse(request.body);
      if (body.uid !== request.user.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      return { acknowledged: true, ...(await shop.signOut(body.uid)) };
    },
  );

  app.post(
    '/makeadmin',
    { onRequest: app.requireAdmin, schema: { body: makeAdminSchema, response: { 200: acknowledgementSchema } } },
    async (request) => {
      const { email } = makeAdminSchema.parse(request.body);
      const account = await identity.findUserByEmail(email);
      if (!account) throw new HttpError(404, messages.userNotFound);
      return { acknowledged: true, ...(await shop.grantAdmin(request.user.uid, account)) };
    },
  );
}
