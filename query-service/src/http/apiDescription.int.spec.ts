import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { READ_AFTER_HEADER } from '@toolforge/contracts';
import { API_DESCRIPTION_PATH } from '@toolforge/platform/http';
import { apiDescriptionMismatches, validApiDocument, withRegisteredRoutes, type ApiDocument } from '@toolforge/platform/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';

describe('the query service describes its API (issue 15)', () => {
  let service: QueryHarness;
  let routes: RouteOptions[];
  let document: ApiDocument;

  beforeAll(async () => {
    ({ built: service, routes } = await withRegisteredRoutes(() => startQueryService()));
    const response = await service.get(API_DESCRIPTION_PATH);
    expect(response.statusCode).toBe(200);
    document = response.json<ApiDocument>();
  });
  afterAll(() => service.close());

  it('serves a valid OpenAPI 3.1 document without a token', async () => {
    expect(document.info).toMatchObject({ title: 'ToolForge', version: '0.1.0' });
    await validApiDocument(document);
  });

  it('holds every route it registered, with its request and answer shapes, access and tag', () => {
    expect(routes.some((route) => route.url === '/products')).toBe(true);
    expect(apiDescriptionMismatches(document, routes)).toEqual([]);
  });

  it('documents X-Read-After on the signed-in reads only: a public read ignores it', () => {
    const readsAfter = (path: string) =>
      (document.paths[path]!.get!.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === READ_AFTER_HEADER);
    expect(readsAfter('/products')).toBe(true);
    expect(readsAfter('/orders/{uid}')).toBe(true);
    expect(readsAfter('/homeproducts')).toBe(false);
    expect(document.paths['/homeproducts']!.get!.security).toBeUndefined();
  });
});
