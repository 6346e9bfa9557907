import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type ApiUser } from '@toolforge/contracts';
import { HttpError } from './errorReplies.js';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: ApiUser;
    user: ApiUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid API token, or 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: a valid API token of an admin, or 401/403. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The API token (DESIGN §5) for a user. */
    issueApiToken(user: ApiUser): string;
  }
}

export interface ApiTokenOptions {
  secret: string;
  /** Whether the user is an admin now. Defaults to the token's own claim. */
  isAdmin?: (user: ApiUser) => boolean | Promise<boolean>;
  expiresIn?: string;
}

/** API tokens signed with @fastify/jwt: both services verify them; the command service issues them. */
export const apiTokens = fp<ApiTokenOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.expiresIn ?? '12h' } });
    const isAdmin = options.isAdmin ?? ((user: ApiUser) => user.admin);

    app.decorate('issueApiToken', (user: ApiUser) =>
      app.jwt.sign({ uid: user.uid, name: user.name, email: user.email, admin: user.admin }),
    );
    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch {
        throw new HttpError(401, messages.unauthenticated);
      }
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (!(await isAdmin(request.user))) throw new HttpError(403, messages.forbiddenAdmin);
    });
  },
  { name: 'api-tokens' },
);

/** Re-exported so every importer loads @fastify/jwt's request.user typing along with this plugin. */
export type { FastifyJWT } from '@fastify/jwt';
