import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type ApiUser } from '@toolforge/contracts';
import type { SessionClaims } from '../userStanding.js';
import { ExpiringLru } from '../cache/expiringLru.js';
import { HttpError } from './errorReplies.js';
import { markAccessHook } from './routeDocs.js';

/** Who signs API tokens and who they are for: both services refuse a token that says otherwise. */
export const API_TOKEN_ISSUER = 'toolforge';
export const API_TOKEN_AUDIENCE = 'toolforge-api';
export const API_TOKEN_LIFETIME = '12h';
/** Verified API tokens remembered per process (the least recently used forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** An API token's claims: the user, and `sv`, the version of the user's stream it was issued at. */
export interface ApiTokenClaims extends ApiUser {
  readonly sv: number;
  /** Seconds since the epoch; @fastify/jwt sets it as it signs. */
  readonly iat?: number;
}

/** A verified token's user, with its session version under a readable name. */
export interface ApiCaller extends ApiUser {
  readonly sessionVersion: SessionClaims['sessionVersion'];
  /**
   * The caller sent the identity provider's ID token, not an API token (the spec's own client
   * does). Its session is the identity provider's: revocation there ends it (see VerifiedIdTokens).
   */
  readonly viaIdToken?: true;
  /** When the API token was issued (ms since the epoch): a session the identity provider revoked later has ended. */
  readonly issuedAt?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: ApiTokenClaims;
    user: ApiCaller;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: a valid API token whose session is current, or 401. Declared as a property, not a
     * method, as requireAdmin is: both are arrow functions, handed to routes as onRequest hooks.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a valid API token of an admin, or 401/403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The API token (docs/architecture.md#5-identity-and-roles) for a user, issued at this version of the user's stream. */
    issueApiToken(user: ApiUser, sessionVersion: number): string;
  }
}

export interface ApiTokenOptions {
  secret: string;
  /** Whether the user is an admin now. Defaults to the token's own claim. */
  isAdmin?: (caller: ApiCaller) => boolean | Promise<boolean>;
  /** Whether the token's session still runs (no sign-out or revocation since). Defaults to yes. */
  isSessionCurrent?: (caller: ApiCaller) => boolean | Promise<boolean>;
  /**
   * Who an identity-provider ID token (a bearer that is not one of the shop's API tokens) is, once
   * verified; rejects a token that does not verify. Without it only API tokens are accepted.
   */
  idTokenCaller?: (idToken: string) => Promise<ApiCaller>;
  /**
   * Whether the identity provider still lets an API token's account in (not disabled, its sessions
   * not revoked since the token was issued); see ProviderAccounts. Defaults to yes.
   */
  isLetInByProvider?: (caller: ApiCaller) => boolean | Promise<boolean>;
  expiresIn?: string;
}

/**
 * API tokens signed with @fastify/jwt: both services verify them; the command service issues them.
 * A token is accepted only with the shop's issuer and audience, an expiry and a session version.
 */
export const apiTokens = fp<ApiTokenOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', iss: API_TOKEN_ISSUER, aud: API_TOKEN_AUDIENCE, expiresIn: options.expiresIn ?? API_TOKEN_LIFETIME },
      verify: {
        algorithms: ['HS256'],
        allowedIss: API_TOKEN_ISSUER,
        allowedAud: API_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'iss', 'aud', 'uid', 'sv'],
      },
      // The caller as the routes read it: the token's claims, with the session version named.
      formatUser: (claims) => ({
        uid: claims.uid,
        name: claims.name,
        email: claims.email,
        admin: claims.admin === true,
        sessionVersion: claims.sv,
        issuedAt: typeof claims.iat === 'number' ? claims.iat * 1000 : undefined,
      }),
    });
    const isAdmin = options.isAdmin ?? ((caller: ApiCaller) => caller.admin);
    const sessionCurrent = options.isSessionCurrent ?? (() => true);
    const letIn = options.isLetInByProvider;
    // Runs on every signed-in request: no promise where both answers are at hand.
    const isSessionCurrent = (caller: ApiCaller): boolean | Promise<boolean> => {
      const current = sessionCurrent(caller);
      if (!letIn || current === false) return current;
      return current === true ? letIn(caller) : current.then((yes) => yes && letIn(caller));
    };

    app.decorate('issueApiToken', (user: ApiUser, sessionVersion: number) =>
      app.jwt.sign({ uid: user.uid, name: user.name, email: user.email, admin: user.admin, sv: sessionVersion }),
    );
    // Marked, so the API description names the bearer scheme on every route that runs them.
    // Every signed-in request carries a token verified many times before: the callers of verified
    // tokens are kept, keyed by the whole token and never past its expiry, so a repeat costs one
    // lookup instead of a decode, a hash and an HMAC (profiled: a visible share of a cached GET;
    // docs/read-model.md#the-read-paths-cost). The session is still checked on every request
    // (isSessionCurrent).
    const verified = new ExpiringLru<ApiCaller>(VERIFIED_TOKENS_KEPT);
    const authenticate = markAccessHook(async (request: FastifyRequest) => {
      const bearer = bearerOf(request);
      const known = bearer === undefined ? undefined : verified.get(bearer);
      if (known) {
        request.user = known;
        if (!(await isSessionCurrent(known))) throw new HttpError(401, messages.sessionEnded);
        return;
      }
      const claims = bearer === undefined ? undefined : readableClaims(bearer);
      if (bearer !== undefined && options.idTokenCaller && !isApiToken(claims)) {
        try {
          request.user = await options.idTokenCaller(bearer);
        } catch (error) {
          if (error instanceof HttpError) throw error;
          throw new HttpError(401, messages.unauthenticated);
        }
        return;
      }
      try {
        await request.jwtVerify();
      } catch {
        throw new HttpError(401, messages.unauthenticated);
      }
      const { uid, sessionVersion } = request.user;
      if (typeof uid !== 'string' || !Number.isSafeInteger(sessionVersion) || sessionVersion < 0) {
        throw new HttpError(401, messages.unauthenticated);
      }
      // Verified: its claims (exp among them) are the signed ones.
      const expiresInMs = typeof claims?.exp === 'number' ? claims.exp * 1000 - Date.now() : 0;
      if (bearer !== undefined && expiresInMs > 0) verified.set(bearer, Object.freeze({ ...request.user }), expiresInMs);
      if (!(await isSessionCurrent(request.user))) throw new HttpError(401, messages.sessionEnded);
    }, 'signed-in');
    const requireAdmin = markAccessHook(async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (!(await isAdmin(request.user))) throw new HttpError(403, messages.forbiddenAdmin);
    }, 'admin');
    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', requireAdmin);
  },
  { name: 'api-tokens' },
);

/** The bearer token of the Authorization header, if there is one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Whether a bearer claims to be one of the shop's own API tokens (its issuer says so, or it is no
 * readable JWT at all, which the API-token check then refuses). Anything else is left to the
 * identity provider's verification, which checks its own signature, audience and issuer.
 */
function isApiToken(claims: { iss?: unknown } | undefined): boolean {
  return claims === undefined || claims.iss === API_TOKEN_ISSUER || typeof claims.iss !== 'string';
}

/** A JWT's claims as written, not yet verified; undefined when the bearer is no readable JWT. */
function readableClaims(bearer: string): { iss?: unknown; exp?: unknown } | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** Re-exported so every importer loads @fastify/jwt's request.user typing along with this plugin. */
export type { FastifyJWT } from '@fastify/jwt';
