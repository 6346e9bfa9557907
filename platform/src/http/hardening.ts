import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { IDEMPOTENCY_KEY_HEADER, READ_AFTER_HEADER, READ_AFTER_SATISFIED_HEADER, messages } from '@toolforge/contracts';
import { RATE_LIMIT_DEFAULTS, type ShopConfig } from '../config.js';
import { HttpError } from './errorReplies.js';
import { HEALTH_PATHS } from './health.js';

/**
 * The body limit of the routes anyone may call without signing in (/login, /logout). Their longest
 * valid body, every character escaped as JSON's six-byte \uXXXX, is under 3 KiB; a stranger's larger
 * body is refused with 413 before it is read, so nobody without an account makes the shop parse and
 * check 64 KiB (the signed-in routes' limit) of anything.
 */
export const STRANGER_BODY_LIMIT = 4 * 1024;

export interface RateLimitRule {
  /** Requests allowed per caller in each window. */
  max: number;
  timeWindowMs: number;
  /**
   * Who a request counts against: the signed-in user when the route authenticates first (so
   * customers behind one address do not share a budget), otherwise the client address.
   */
  per: 'user' | 'address';
}

/** Routes' own limits by path; null: that route is unlimited, whatever the limits of all the others say. */
export type RouteRateLimits = Readonly<Record<string, RateLimitRule | null>>;

export interface HttpHardeningOptions {
  /** Browser origins allowed to call the API (the web app). */
  origins: readonly string[];
  /** Limits by route path, e.g. { '/login': …, '/order': … }; null leaves that route unlimited. */
  rateLimits?: RouteRateLimits;
  /** The limit of every GET route without one of its own (the queries); /health and /ready are never limited. */
  queryRateLimit?: RateLimitRule;
  /** The limit of every other route without one of its own (the commands). */
  commandRateLimit?: RateLimitRule;
}

/** `max` requests a minute per `per`; undefined for 0, which turns a limit off. */
function perMinute(max: number, per: RateLimitRule['per']): RateLimitRule | undefined {
  return max > 0 ? { max, timeWindowMs: 60_000, per } : undefined;
}

/** The query limit for RATE_LIMIT_QUERY requests a minute per caller; 0 turns it off. */
export function queryRateLimit(max: number): RateLimitRule | undefined {
  return perMinute(max, 'user');
}

/**
 * The limit of every command without a limit of its own, RATE_LIMIT_COMMAND a minute per caller; 0
 * turns it off. Each command may append an event, and the log is read in full at every start: no
 * account may grow it without bound (an edited review is an event each time).
 */
export function commandRateLimit(max: number): RateLimitRule | undefined {
  return perMinute(max, 'user');
}

/**
 * The limits of the shop's sensitive commands, RATE_LIMIT_LOGIN sign-ins a minute per address and
 * RATE_LIMIT_ORDER orders a minute per customer, the spec's one-product orders and the cart's
 * checkouts each (both hold stock); 0 leaves a route unlimited.
 * The web client calls /login on every page load and every ID-token refresh, and a shop's customers
 * often share one address (an office, a workshop, a mobile carrier's NAT): 300 a minute lets some
 * fifty people behind one address reload a few pages a minute each. /login guesses no password (a
 * Firebase ID token is verified or refused), so the limit only caps the sign-ins, and their events
 * in the log, that one address can cause.
 */
export function shopRateLimits(config: Pick<ShopConfig, 'loginRateLimit' | 'orderRateLimit'>): RouteRateLimits {
  return {
    '/login': perMinute(config.loginRateLimit, 'address') ?? null,
    '/order': perMinute(config.orderRateLimit, 'user') ?? null,
    '/checkout': perMinute(config.orderRateLimit, 'user') ?? null,
    // Each opens a page at the payment provider: as many a minute as orders.
    '/orders/:id/pay': perMinute(config.orderRateLimit, 'user') ?? null,
    '/payments/webhook': PAYMENT_WEBHOOK_RATE_LIMIT,
  };
}

/**
 * The payment provider's webhooks come without a bearer, so a limit counts them by address, and the
 * provider posts every shop's events from a few addresses: the commands' limit (RATE_LIMIT_COMMAND a
 * minute) would throttle a busy hour's payments. A limit of their own, far above what the shop's
 * payments send (a handful of events each), still bounds what a stranger makes the shop verify (each
 * is an HMAC over at most 64 KiB, refused before anything is decided).
 */
export const PAYMENT_WEBHOOK_RATE_LIMIT: RateLimitRule = { max: 3000, timeWindowMs: 60_000, per: 'address' };

/** The shop's limits when nothing is configured. */
export const SHOP_RATE_LIMITS: RouteRateLimits = shopRateLimits({
  loginRateLimit: RATE_LIMIT_DEFAULTS.login,
  orderRateLimit: RATE_LIMIT_DEFAULTS.order,
});

/** The IETF draft's headers (RateLimit-Limit, -Remaining, -Reset) a limited route answers, for the web to read. */
const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'];

/**
 * Helmet's security headers with its defaults, worked out once. They are the same for every answer,
 * and @fastify/helmet would build Helmet's middleware (parsing the CSP directives) again on every
 * request, a cost each hot GET paid.
 */
function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet()({} as never, response as never, () => undefined);
  return headers;
}

/**
 * The HTTP hygiene every API instance gets (issue 4): Helmet's security headers, CORS for
 * the web's origins with the shop's own headers (@fastify/cors), and rate limits on chosen routes
 * (@fastify/rate-limit), whose answers carry the IETF draft's RateLimit-* headers. Call it on the root instance before any route plugin is registered: the
 * limits attach to routes as they are added, whichever plugin adds them.
 */
export async function useHttpHardening(app: FastifyInstance, options: HttpHardeningOptions): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: [...options.origins],
    // Every method the web calls: reads, commands, a product's edit (PUT) and deletion.
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER, READ_AFTER_HEADER],
    exposedHeaders: [READ_AFTER_SATISFIED_HEADER, ...RATE_LIMIT_HEADERS],
    maxAge: 600,
  });

  const limits = options.rateLimits ?? {};
  const queries = options.queryRateLimit;
  const commands = options.commandRateLimit;
  if (Object.keys(limits).length === 0 && !queries && !commands) return;
  const ruleOf = (url: string, method: string | string[]): RateLimitRule | undefined => {
    if (HEALTH_PATHS.includes(url)) return undefined;
    const methods = [method].flat();
    // CORS preflights answer before any route's hooks; they cost nothing and change nothing.
    if (methods.every((name) => name === 'OPTIONS')) return undefined;
    const isQuery = methods.every((name) => name === 'GET' || name === 'HEAD');
    if (url in limits) return limits[url] ?? undefined;
    return isQuery ? queries : commands;
  };
  // Runs before the rate-limit plugin's own onRoute hook (added next), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const rule = ruleOf(route.url, route.method);
    if (!rule) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (request: FastifyRequest) =>
          rule.per === 'user' && request.user?.uid ? `user:${request.user.uid}` : `address:${request.ip}`,
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: () => new HttpError(429, messages.tooManyRequests),
  });
}
