import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@toolforge/contracts';
import { API_DESCRIPTION_PATH } from '@toolforge/platform/http';
import { apiDescriptionMismatches, validApiDocument, withRegisteredRoutes, type ApiDocument } from '@toolforge/platform/testing';
import { startCommandService, type CommandHarness } from './test/harness.js';

describe('the command service describes its API (issue 15)', () => {
  let shop: CommandHarness;
  let routes: RouteOptions[];
  let document: ApiDocument;

  beforeAll(async () => {
    ({ built: shop, routes } = await withRegisteredRoutes(() => startCommandService()));
    const response = await shop.send({ method: 'GET', url: API_DESCRIPTION_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json<ApiDocument>();
  });
  afterAll(() => shop.close());

  it('serves a valid OpenAPI 3.1 document named after the shop, without a token', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'ToolForge', version: '0.1.0' });
    await validApiDocument(document);
  });

  it('holds every route it registered, with its request and answer shapes, access and tag', () => {
    expect(routes.filter((route) => route.url === '/order').length).toBeGreaterThan(0);
    expect(apiDescriptionMismatches(document, routes)).toEqual([]);
  });

  it('documents the Idempotency-Key on the order commands and the checkout, and on nothing else', () => {
    const takesKey = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          (operation.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY_HEADER),
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(takesKey.sort()).toEqual(['post /checkout', 'post /order', 'post /orders/{id}/cancel', 'post /orders/{id}/status']);
  });

  it('names the bearer scheme on admin commands and says they are for admins, and leaves /login open', () => {
    const addProduct = document.paths['/addproduct']!.post!;
    expect(addProduct.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(addProduct.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(document.paths['/login']!.post!.security).toBeUndefined();
  });
});
