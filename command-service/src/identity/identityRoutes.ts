import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSyncSchema, logoutSchema, makeAdminSchema, messages, revokeAdminSchema } from '@toolforge/contracts';
import { HttpError, STRANGER_BODY_LIMIT, bearerOf } from '@toolforge/platform/http';
import type { IdentityProvider } from '@toolforge/platform/identity';
import { acknowledged, acknowledgementSchema, loginResponseSchema, unverifiedAcknowledgementSchema } from '../shared/replies.js';
import type { Accounts } from './accounts.js';

export interface IdentityRouteOptions {
  accounts: Accounts;
  identity: IdentityProvider;
}

/** POST /login, /logout, /makeadmin and /revokeadmin: the spec's identity calls, and taking the role back. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function identityRoutes(scope: FastifyInstance, { accounts, identity }: IdentityRouteOptions) {
  // Bodies arrive as the schema's output (the validator compiler returns it), typed as such.
  const app = scope.withTypeProvider<ZodTypeProvider>();
  /** The account an admin names by its email, for granting or revoking the role; 404 when there is none. */
  const accountOf = async (email: string) => {
    const account = await identity.findUserByEmail(email);
    if (!account) throw new HttpError(404, messages.userNotFound);
    return account;
  };
  /** /login and /logout answer callers without an account: their small bodies only (413 beyond). */
  const strangersBody = { bodyLimit: STRANGER_BODY_LIMIT };
  const authenticateIfSent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await app.authenticate(request, reply);
  };

  /**
   * The login sync. With the Firebase ID token as the bearer (our web client): uid and email must be
   * the token's, the sign-in is recorded and an API token issued; the role comes from the log, never
   * from the body. Without a bearer (the spec's client sends none): acknowledged, and nothing else —
   * no event, no token, no role; that client's ID token signs it in on its first protected call.
   */
  app.post('/login', { ...strangersBody, schema: { body: loginSyncSchema, response: { 200: loginResponseSchema } } }, async (request) => {
    const { body } = request;
    const bearer = bearerOf(request);
    if (bearer === undefined) {
      if (request.headers.authorization !== undefined) throw new HttpError(401, messages.unauthenticated);
      return acknowledged({});
    }
    // Always asked afresh (not the remembered verifications): a sign-in is where revocation must show at once.
    const verified = await identity.verifyIdToken(bearer);
    if (body.uid !== verified.uid) throw new HttpError(403, messages.forbiddenOtherUser);
    if (!verified.email) throw new HttpError(403, messages.emailMissing);
    if (body.email.toLowerCase() !== verified.email.toLowerCase()) throw new HttpError(403, messages.emailMismatch);
    const { position, user, sessionVersion } = await accounts.signIn({ ...verified, email: verified.email }, body.name);
    return acknowledged({ position, accessToken: app.issueApiToken(user, sessionVersion), user });
  });

  /**
   * Ends every session of the account: its API tokens are refused from now on, here and by the query
   * service; a caller signed in with an ID token has its sessions at the identity provider revoked
   * too. Without a bearer (the spec's client sends none): acknowledged, and nothing changes — it could
   * not say whose session it ends.
   */
  app.post(
    '/logout',
    { ...strangersBody, onRequest: authenticateIfSent, schema: { body: logoutSchema, response: { 200: unverifiedAcknowledgementSchema } } },
    async (request) => {
      const { body } = request;
      if (request.headers.authorization === undefined) return acknowledged({});
      if (body.uid !== request.user.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      const signedOut = await accounts.signOut(body.uid);
      if (request.user.viaIdToken) await identity.revokeSessions(body.uid);
      return acknowledged(signedOut);
    },
  );

  app.post(
    '/makeadmin',
    { onRequest: app.requireAdmin, schema: { body: makeAdminSchema, response: { 200: acknowledgementSchema } } },
    async (request) => acknowledged(await accounts.grantAdmin(request.user.uid, await accountOf(request.body.email))),
  );

  /** Takes the role back (and ends that account's sessions); never from the shop's last admin. */
  app.post(
    '/revokeadmin',
    { onRequest: app.requireAdmin, schema: { body: revokeAdminSchema, response: { 200: acknowledgementSchema } } },
    async (request) => acknowledged(await accounts.revokeAdmin(request.user.uid, await accountOf(request.body.email))),
  );
}
