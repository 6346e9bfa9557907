import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { sendTo } from '../testing/http.js';
import { apiTokens } from './apiToken.js';
import { useErrorReplies } from './errorReplies.js';
import { readConfig } from '../config.js';
import {
  PAYMENT_WEBHOOK_RATE_LIMIT,
  SHOP_RATE_LIMITS,
  commandRateLimit,
  queryRateLimit,
  shopRateLimits,
  useHttpHardening,
} from './hardening.js';

const WEB = 'http://localhost:8180';

describe('useHttpHardening', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await useHttpHardening(app, {
      origins: [WEB],
      rateLimits: {
        '/login': { max: 2, timeWindowMs: 60_000, per: 'address' },
        '/order': { max: 2, timeWindowMs: 60_000, per: 'user' },
      },
    });
    // The routes live in an encapsulated plugin with its own error replies, as the services' do.
    await app.register(async (scope) => {
      useErrorReplies(scope);
      await scope.register(apiTokens, { secret: 'hardening-test-secret-long-enough' });
      scope.post('/login', () => Promise.resolve({ acknowledged: true }));
      scope.post('/order', { onRequest: scope.authenticate }, () => Promise.resolve({ acknowledged: true }));
      scope.get('/products', () => Promise.resolve([]));
      scope.get('/token/:uid', (request) =>
        Promise.resolve({
          token: scope.issueApiToken({ uid: (request.params as { uid: string }).uid, name: 'n', email: 'e@x.test', admin: false }, 1),
        }),
      );
    });
  });
  afterAll(() => app.close());

  const tokenOf = async (uid: string) => (await app.inject({ method: 'GET', url: `/token/${uid}` })).json<{ token: string }>().token;

  it('sets security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/products' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('lets the web origin call with the shop’s headers, and no other origin', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/order',
      headers: {
        origin: WEB,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,idempotency-key,x-read-after',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(WEB);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('idempotency-key');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-read-after');
    // The methods the web calls, the admin's product edit (PUT) among them.
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(['GET', 'POST', 'PUT', 'DELETE']);

    const read = await app.inject({ method: 'GET', url: '/products', headers: { origin: WEB } });
    expect(read.headers['access-control-expose-headers']).toContain('x-read-after-satisfied');
    const foreign = await app.inject({ method: 'GET', url: '/products', headers: { origin: 'http://evil.test' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits sign-ins per address and answers 429 in the shop’s error shape', async () => {
    const login = () => app.inject({ method: 'POST', url: '/login', remoteAddress: '10.0.0.1' });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: messages.tooManyRequests });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address has its own budget; unlimited routes are untouched.
    expect((await app.inject({ method: 'POST', url: '/login', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    for (let n = 0; n < 5; n += 1)
      expect((await app.inject({ method: 'GET', url: '/products', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('limits orders per signed-in customer, whatever the address', async () => {
    const [ada, bo] = [await tokenOf('u-ada'), await tokenOf('u-bo')];
    const order = (token: string) => sendTo(app, { method: 'POST', url: '/order', token });
    expect((await order(ada)).statusCode).toBe(200);
    expect((await order(ada)).statusCode).toBe(200);
    expect((await order(ada)).statusCode).toBe(429);
    expect((await order(bo)).statusCode).toBe(200);
  });
});

describe('the shop’s sign-in limit', () => {
  /** An instance with the shop's own limits, trusting `trustProxy` for the client's address. */
  async function shopInstance(trustProxy: boolean | string[] = false): Promise<FastifyInstance> {
    const app = Fastify({ trustProxy });
    await useHttpHardening(app, { origins: [WEB], rateLimits: SHOP_RATE_LIMITS });
    await app.register((scope, _options, done) => {
      useErrorReplies(scope);
      scope.post('/login', () => Promise.resolve({ acknowledged: true }));
      done();
    });
    return app;
  }

  it('lets the people behind one address load pages (each calls /login) a hundred times a minute', async () => {
    const app = await shopInstance();
    try {
      for (let load = 1; load <= 100; load += 1) {
        const response = await app.inject({ method: 'POST', url: '/login', remoteAddress: '203.0.113.7' });
        expect(response.statusCode, `page load ${load}`).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('counts per client behind a trusted proxy (TRUST_PROXY), and per connection otherwise', async () => {
    const { max } = SHOP_RATE_LIMITS['/login']!;
    const fromProxy = (app: FastifyInstance, client: string) =>
      app.inject({ method: 'POST', url: '/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });

    const behindProxy = await shopInstance(['10.0.0.1']);
    const direct = await shopInstance();
    try {
      for (let n = 0; n < max; n += 1) {
        expect((await fromProxy(behindProxy, '198.51.100.1')).statusCode).toBe(200);
        expect((await fromProxy(direct, '198.51.100.1')).statusCode).toBe(200);
      }
      expect((await fromProxy(behindProxy, '198.51.100.1')).statusCode).toBe(429);
      // Trusted: another client behind the same proxy has its own budget.
      expect((await fromProxy(behindProxy, '198.51.100.2')).statusCode).toBe(200);
      // Not trusted: X-Forwarded-For is anyone's to write, so the proxy's address is the client.
      expect((await fromProxy(direct, '198.51.100.2')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});

describe('the rate limits as RATE_LIMIT_LOGIN, RATE_LIMIT_ORDER and RATE_LIMIT_QUERY set them', () => {
  /** An instance limited as these settings say, with a sign-in, an order and a query route. */
  async function configuredInstance(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
    const config = readConfig(env);
    const app = Fastify();
    await useHttpHardening(app, {
      origins: [WEB],
      rateLimits: shopRateLimits(config),
      queryRateLimit: queryRateLimit(config.queryRateLimit),
      commandRateLimit: commandRateLimit(config.commandRateLimit),
    });
    await app.register(async (scope) => {
      useErrorReplies(scope);
      await scope.register(apiTokens, { secret: 'hardening-test-secret-long-enough' });
      scope.post('/login', () => Promise.resolve({ acknowledged: true }));
      scope.post('/order', () => Promise.resolve({ acknowledged: true }));
      scope.post('/checkout', { onRequest: scope.authenticate }, () => Promise.resolve({ acknowledged: true }));
      scope.post('/review', { onRequest: scope.authenticate }, () => Promise.resolve({ acknowledged: true }));
      scope.get('/products', () => Promise.resolve([]));
      scope.get('/token/:uid', (request) =>
        Promise.resolve({
          token: scope.issueApiToken({ uid: (request.params as { uid: string }).uid, name: 'n', email: 'e@x.test', admin: false }, 1),
        }),
      );
    });
    return app;
  }
  const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, remoteAddress: '192.0.2.9', headers: { origin: WEB } });

  it('refuses the (n+1)th call with 429 and Retry-After, and says the budget in RateLimit-* headers the web may read', async () => {
    const app = await configuredInstance({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_QUERY: '2' });
    try {
      for (let n = 1; n <= 3; n += 1) {
        const signIn = await call(app, 'POST', '/login');
        expect(signIn.statusCode).toBe(200);
        expect(signIn.headers['ratelimit-limit']).toBe('3');
        expect(signIn.headers['ratelimit-remaining']).toBe(String(3 - n));
        expect(Number(signIn.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(String(signIn.headers['access-control-expose-headers'])).toContain('ratelimit-remaining');
      }
      const refused = await call(app, 'POST', '/login');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: messages.tooManyRequests });
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      expect((await call(app, 'GET', '/products')).headers['ratelimit-limit']).toBe('2');
      expect((await call(app, 'GET', '/products')).statusCode).toBe(200);
      expect((await call(app, 'GET', '/products')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('leaves a route unlimited, without RateLimit-* headers, when its variable is 0 (QUERY_RATE_LIMIT too)', async () => {
    const app = await configuredInstance({ RATE_LIMIT_LOGIN: '0', RATE_LIMIT_ORDER: '0', QUERY_RATE_LIMIT: '0' });
    try {
      for (let n = 0; n < 40; n += 1) {
        expect((await call(app, 'POST', '/login')).statusCode).toBe(200);
        expect((await call(app, 'POST', '/order')).statusCode).toBe(200);
        expect((await call(app, 'GET', '/products')).statusCode).toBe(200);
      }
      expect((await call(app, 'POST', '/login')).headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('limits checkouts per signed-in customer as orders (RATE_LIMIT_ORDER), whatever the address, on a budget of their own', async () => {
    const app = await configuredInstance({ RATE_LIMIT_ORDER: '2', RATE_LIMIT_COMMAND: '100' });
    const tokenOf = async (uid: string) => (await app.inject({ method: 'GET', url: `/token/${uid}` })).json<{ token: string }>().token;
    const checkout = (token: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/checkout', remoteAddress, headers: { authorization: `Bearer ${token}` } });
    try {
      const [ada, bo] = [await tokenOf('ada'), await tokenOf('bo')];
      expect((await checkout(ada, '192.0.2.1')).statusCode).toBe(200);
      const last = await checkout(ada, '192.0.2.2');
      expect(last.statusCode).toBe(200);
      expect(last.headers['ratelimit-limit']).toBe('2');
      const refused = await checkout(ada, '192.0.2.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: messages.tooManyRequests });
      // Another customer behind the same address has a budget of their own; the spec's orders too.
      expect((await checkout(bo, '192.0.2.3')).statusCode).toBe(200);
      expect((await call(app, 'POST', '/order')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('leaves checkouts unlimited when RATE_LIMIT_ORDER is 0, whatever the other commands’ limit', async () => {
    const app = await configuredInstance({ RATE_LIMIT_ORDER: '0', RATE_LIMIT_COMMAND: '3' });
    try {
      for (let n = 0; n < 40; n += 1) expect((await call(app, 'POST', '/checkout')).statusCode).toBe(401);
      expect((await call(app, 'POST', '/checkout')).headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('limits every other command per caller (RATE_LIMIT_COMMAND): one account cannot grow the log without bound', async () => {
    const app = await configuredInstance({ RATE_LIMIT_COMMAND: '3' });
    const review = async (uid: string) =>
      app.inject({
        method: 'POST',
        url: '/review',
        remoteAddress: '192.0.2.9',
        headers: { authorization: `Bearer ${(await app.inject({ method: 'GET', url: `/token/${uid}` })).json<{ token: string }>().token}` },
      });
    try {
      for (let n = 1; n <= 3; n += 1) {
        const accepted = await review('ada');
        expect(accepted.statusCode).toBe(200);
        expect(accepted.headers['ratelimit-remaining']).toBe(String(3 - n));
      }
      const refused = await review('ada');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Per caller, not per address: another customer behind the same address has a budget of its own.
      expect((await review('bob')).statusCode).toBe(200);
      // The limits of their own stay theirs; preflights are never counted.
      expect((await call(app, 'POST', '/order')).headers['ratelimit-limit']).toBe('30');
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/review',
        headers: { origin: WEB, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('keeps today’s limits when nothing is set', () => {
    const config = readConfig({});
    expect(shopRateLimits(config)).toEqual(SHOP_RATE_LIMITS);
    expect(SHOP_RATE_LIMITS['/login']).toMatchObject({ max: 300, per: 'address' });
    expect(SHOP_RATE_LIMITS['/order']).toMatchObject({ max: 30, per: 'user' });
    expect(SHOP_RATE_LIMITS['/checkout']).toEqual(SHOP_RATE_LIMITS['/order']);
    expect(queryRateLimit(config.queryRateLimit)).toMatchObject({ max: 600, per: 'user' });
    expect(commandRateLimit(config.commandRateLimit)).toMatchObject({ max: 120, per: 'user' });
  });

  it('limits opening payment pages as orders are, and the provider’s webhooks by address far above the commands’ limit', () => {
    const config = readConfig({ RATE_LIMIT_ORDER: '12', RATE_LIMIT_COMMAND: '120' });
    expect(shopRateLimits(config)['/orders/:id/pay']).toEqual({ max: 12, timeWindowMs: 60_000, per: 'user' });
    // The provider posts without a bearer, every payment's events from a few addresses: the commands' budget would throttle it.
    expect(shopRateLimits(config)['/payments/webhook']).toEqual(PAYMENT_WEBHOOK_RATE_LIMIT);
    expect(PAYMENT_WEBHOOK_RATE_LIMIT).toMatchObject({ per: 'address' });
    expect(PAYMENT_WEBHOOK_RATE_LIMIT.max).toBeGreaterThan(10 * config.commandRateLimit);
  });
});
