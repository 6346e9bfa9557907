import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '@toolforge/contracts';
import { readConfig } from '@toolforge/platform';
import { EMULATOR_HOST, PROJECT_ID, freePort } from '@toolforge/platform/testing';
import { demoCatalogue } from './catalogue.js';
import { startEmbeddedShop, type RunningShop } from './host.js';
import { contentSecurityPolicy } from './webServer.js';

/** Where the spec's own client is served from: an origin that is neither the API's nor the web app's. */
const CLIENT_ORIGIN = 'http://spec-client.example:3000';

/**
 * Issue 34, row 8: `make start`'s seeded pictures load in a client on another origin than the web
 * app (the API serves them, and the seed names them on the API), cacheable, and a path that names
 * no shipped picture reaches no file.
 */
describe('the seeded product pictures', () => {
  let dataDir: string;
  let shop: RunningShop;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-pictures-'));
    const config = readConfig({
      DATA_DIR: dataDir,
      API_PORT: String(await freePort()),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      FIREBASE_PROJECT_ID: PROJECT_ID,
    });
    // No web app: the pictures must not depend on it.
    shop = await startEmbeddedShop(config, { webRoot: join(dataDir, 'no-web-app') });
  });
  afterAll(async () => {
    await shop?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A picture as an <img> on CLIENT_ORIGIN fetches it: its address resolved against that page, the page's origin sent. */
  const fetchPicture = (imageUrl: string) => fetch(new URL(imageUrl, `${CLIENT_ORIGIN}/`), { headers: { origin: CLIENT_ORIGIN } });

  it('load on the home page of a client on another origin, with a year of caching and a cross-origin resource policy', async () => {
    const home = await fetch(`${shop.apiUrl}/homeproducts`, { headers: { origin: CLIENT_ORIGIN } });
    expect(home.status).toBe(200);
    const products = (await home.json()) as ProductDto[];
    expect(products).toHaveLength(6);
    for (const { imageUrl } of products) {
      const picture = await fetchPicture(imageUrl);
      expect(picture.status, imageUrl).toBe(200);
      expect(picture.headers.get('content-type'), imageUrl).toMatch(/^image\/svg\+xml/);
      expect(picture.headers.get('cache-control'), imageUrl).toBe('public, max-age=31536000, immutable');
      expect(picture.headers.get('etag'), imageUrl).toBeTruthy();
      expect(picture.headers.get('last-modified'), imageUrl).toBeTruthy();
      // Helmet's same-origin would have the browser refuse the picture to another origin's page.
      expect(picture.headers.get('cross-origin-resource-policy'), imageUrl).toBe('cross-origin');
      expect(await picture.text(), imageUrl).toContain('<svg');
    }
  });

  it('are all on the API, every one of the catalogue', async () => {
    for (const { imageUrl } of demoCatalogue(shop.apiUrl)) {
      expect(new URL(imageUrl).origin).toBe(new URL(shop.apiUrl).origin);
      expect((await fetchPicture(imageUrl)).status, imageUrl).toBe(200);
    }
  });

  it('refuses a path out of the pictures’ folder, plain or encoded, with 404 and no file', async () => {
    for (const path of [
      '/images/products/../../../package.json',
      '/images/products/../../etc/passwd',
      '/images/products/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/images/products/..%2f..%2f..%2fpackage.json',
      '/images/products/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/images/products/..%5c..%5c..%5cpackage.json',
      '/images/products//etc/passwd',
      '/images/products/',
      '/images/products/missing.svg',
    ]) {
      // node:http sends the path as written: fetch would resolve the dots before sending.
      const answer = await rawGet(new URL(shop.apiUrl), path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/"workspaces"|root:x:0/);
    }
  });
});

describe('the web app’s pictures', () => {
  it('may come from the query API, http in development, as the seed names them', () => {
    const policy = contentSecurityPolicy({ commandApi: 'http://localhost:5001', queryApi: 'http://localhost:5002', authEmulator: null });
    expect(policy).toContain("img-src 'self' data: https: http://localhost:5002;");
  });
});

function rawGet(api: URL, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const sent = request({ host: api.hostname, port: api.port, path, method: 'GET' }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => done({ status: answer.statusCode ?? 0, body }));
    });
    sent.on('error', fail);
    sent.end();
  });
}
