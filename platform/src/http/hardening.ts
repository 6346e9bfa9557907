import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, READ_AFTER_HEADER, READ_AFTER_SATISFIED_HEADER, messages } from '@toolforge/contracts';
import { HttpError } from './errorReplies.js';

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

export interface HttpHardeningOptions {
  /** Browser origins allowed to call the API (the web app). */
  origins: readonly string[];
  /** Limits by route path, e.g. { '/login': …, '/order': … }. Other routes are not limited. */
  rateLimits?: Readonly<Record<string, RateLimitRule>>;
}

/** The limits of the shop's sensitive commands: sign-ins per address, orders per customer. */
export const SHOP_RATE_LIMITS: Readonly<Record<string, RateLimitRule>> = {
  '/login': { max: 30, timeWindowMs: 60_000, per: 'address' },
  '/order': { max: 30, timeWindowMs: 60_000, per: 'user' },
};

/**
 * The HTTP hygiene every API instance gets (issue 4): security headers (@fastify/helmet), CORS for
 * the web's origins with the shop's own headers (@fastify/cors), and rate limits on chosen routes
 * (@fastify/rate-limit). Call it on the root instance before any route plugin is registered: the
 * limits attach to routes as they are added, whichever plugin adds them.
 */
export async function useHttpHardening(app: FastifyInstance, options: HttpHardeningOptions): Promise<void> {
  await app.register(helmet);
  await app.register(cors, {
    origin: [...options.origins],
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER, READ_AFTER_HEADER],
    exposedHeaders: [READ_AFTER_SATISFIED_HEADER, 'retry-after'],
    maxAge: 600,
  });

  const limits = options.rateLimits ?? {};
  if (Object.keys(limits).length === 0) return;
  // Runs before the rate-limit plugin's own onRoute hook (added next), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const rule = limits[route.url];
    if (!rule) return;
    route.config = {
      ...(route.config as object),
      rateLimit: {
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (request: FastifyRequest) =>
          rule.per === 'user' && request.user?.uid ? `user:${request.user.uid}` : `address:${request.ip}`,
      },
    } as typeof route.config;
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, messages.tooManyRequests),
  });
}
