import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGUE_TAG, ORDERS_TAG } from '@toolforge/contracts';
import { apiTokens } from './apiToken.js';
import { accessOf, describeRoutes, documented } from './routeDocs.js';

const header = (description: string) => ({ description, schema: z.string() });

describe('route docs', () => {
  let app: FastifyInstance;
  const routes = new Map<string, RouteOptions>();

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onRoute', (route) => {
      routes.set(route.url, route);
    });
    await app.register(async (scope) => {
      await scope.register(apiTokens, { secret: 'route-docs-test-secret-long-enough' });
      // A service's scope-wide header, on signed-in routes only; the feature plugins below tag their routes.
      describeRoutes(scope, (route) => (accessOf(route) ? { headers: { 'x-wide': header('scope-wide') } } : {}));
      await scope.register(
        documented({ tag: ORDERS_TAG, headers: { 'x-own': header('the feature') } }, async (feature) => {
          feature.get('/open', () => Promise.resolve({}));
          feature.get('/mine', { onRequest: feature.authenticate }, () => Promise.resolve({}));
          feature.get('/all', { onRequest: [feature.requireAdmin] }, () => Promise.resolve({}));
          feature.get('/tagged', { config: { docs: { tag: CATALOGUE_TAG } } }, () => Promise.resolve({}));
          return Promise.resolve();
        }),
      );
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('knows a route by the authentication hook it runs: none, a sign-in, or an admin', () => {
    expect(accessOf(routes.get('/open')!)).toBeUndefined();
    expect(accessOf(routes.get('/mine')!)).toBe('signed-in');
    expect(accessOf(routes.get('/all')!)).toBe('admin');
  });

  it("tags a feature plugin's routes, keeps a route's own tag, and adds the scope's headers to the feature's", () => {
    expect(routes.get('/open')!.config?.docs).toEqual({ tag: ORDERS_TAG, headers: { 'x-own': header('the feature') } });
    expect(Object.keys(routes.get('/mine')!.config?.docs?.headers ?? {}).sort()).toEqual(['x-own', 'x-wide']);
    expect(routes.get('/tagged')!.config?.docs?.tag).toBe(CATALOGUE_TAG);
  });

  it('leaves the routes answering as before', async () => {
    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/mine' })).statusCode).toBe(401);
  });
});
