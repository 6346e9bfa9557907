import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { API_DESCRIPTION_PATH, API_REFERENCE_PREFIX } from '@toolforge/platform/http';
import {
  apiDescriptionMismatches,
  uniqueEmail,
  validApiDocument,
  withRegisteredRoutes,
  type ApiDocument,
} from '@toolforge/platform/testing';
import { openEmbeddedTestShop, type EmbeddedTestShop } from './test/embeddedTestShop.js';

describe('the embedded shop describes both sides in one document (issue 15)', () => {
  let shop: EmbeddedTestShop;
  let routes: RouteOptions[];
  let document: ApiDocument;

  beforeAll(async () => {
    ({ built: shop, routes } = await withRegisteredRoutes(() => openEmbeddedTestShop({ adminEmails: [uniqueEmail('docs-admin')] })));
    const response = await shop.app.inject({ method: 'GET', url: API_DESCRIPTION_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    document = response.json<ApiDocument>();
  });
  afterAll(() => shop.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    await validApiDocument(document);
  });

  it("holds every route of the command side, the query side and the host, with each route's shapes", () => {
    expect(document.paths['/addproduct']?.post).toBeDefined();
    expect(document.paths['/homeproducts']?.get).toBeDefined();
    expect(document.paths['/ready']?.get).toBeDefined();
    // One path, two sides: PUT (a command) and GET (a query) of /product/:id.
    expect(Object.keys(document.paths['/product/{id}'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(apiDescriptionMismatches(document, routes)).toEqual([]);
  });

  it('serves the reference page and its files from the installed package, under the API security headers', async () => {
    const page = await shop.app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    const api = await shop.app.inject({ method: 'GET', url: '/health' });
    expect(page.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
    const script = await shop.app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/static/swagger-ui-bundle.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });
});
