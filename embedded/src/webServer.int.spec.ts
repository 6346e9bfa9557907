import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, serveWebApp, type WebServer } from './webServer.js';

const INDEX = '<!doctype html><html><head><title>ToolForge</title></head><body><div id="root"></div></body></html>';

describe('serveWebApp', () => {
  let parent: string;
  let root: string;
  let web: WebServer;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'toolforge-web-'));
    root = join(parent, 'dist');
    await mkdir(join(root, 'assets'), { recursive: true });
    await mkdir(join(root, 'images/products'), { recursive: true });
    await writeFile(join(root, 'index.html'), INDEX);
    await writeFile(
      join(root, 'page-preloads.json'),
      JSON.stringify({
        '/login': ['/assets/LoginPage-abc123.js', '/assets/form-abc123.css', '../secret.txt', '/assets/x"><script>alert(1)</script>.js'],
      }),
    );
    await writeFile(join(root, 'assets/index-abc123.js'), 'console.log(1)');
    await writeFile(join(root, 'images/products/claw-hammer.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(parent, 'secret.txt'), 'outside');
    web = await serveWebApp({
      root,
      host: '127.0.0.1',
      // A port the system chooses, so this test never takes one another process uses.
      port: 0,
      config: { commandApi: 'http://localhost:5100', queryApi: 'http://localhost:5100', authEmulator: 'http://127.0.0.1:9099' },
    });
  });
  afterAll(async () => {
    await web.close();
    await rm(parent, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`http://127.0.0.1:${web.port}${path}`);

  /** The answer as sent: fetch would ask for and undo the compression itself. */
  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((answered, failed) => {
      request({ host: '127.0.0.1', port: web.port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => answered({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', failed);
      })
        .on('error', failed)
        .end();
    });

  it('serves the app’s files with their types, and fingerprinted assets as immutable', async () => {
    const svg = await get('/images/products/claw-hammer.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const script = await get('/assets/index-abc123.js');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers the client’s routes with index.html, and a missing file with 404', async () => {
    for (const path of ['/', '/allproducts', '/userdashboard/orders/u-1']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
    expect((await get('/images/products/missing.svg')).status).toBe(404);
  });

  it('names the code of a first page the build listed in the page it sends for that route, and only well-formed asset names', async () => {
    for (const path of ['/login', '/login?next=%2Fallproducts']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-abc123.js">');
      expect(html, path).toContain('<link rel="stylesheet" href="/assets/form-abc123.css">');
      expect(html.indexOf('/assets/LoginPage-abc123.js'), path).toBeLessThan(html.indexOf('</head>'));
      expect(html, path).not.toContain('secret.txt');
      expect(html, path).not.toContain('<script>');
      expect(html, path).toContain('<div id="root">');
    }
    for (const path of ['/', '/register', '/login/extra']) expect(await (await get(path)).text(), path).not.toContain('modulepreload');
  });

  it('tells the app where this host’s API and Auth emulator are', async () => {
    const config = await get('/config.js');
    expect(config.headers.get('content-type')).toContain('text/javascript');
    expect(await config.text()).toBe(
      'window.TOOLFORGE_CONFIG = {"commandApi":"http://localhost:5100","queryApi":"http://localhost:5100","authEmulator":"http://127.0.0.1:9099"};\n',
    );
  });

  it('caches index.html and /config.js only after asking again, and says its types are not to be guessed', async () => {
    for (const path of ['/', '/allproducts', '/config.js']) {
      const response = await get(path);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect((await get('/assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers GET and HEAD only', async () => {
    const head = await raw('/assets/index-abc123.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const refused = await raw('/', {}, method);
      expect(refused.status, method).toBe(405);
      expect(refused.headers.allow).toBe('GET, HEAD');
    }
  });

  describe('compression', () => {
    const script = 'console.log(1)';
    const page = INDEX;

    it('sends brotli to a browser that accepts it, and says the answer varies with accept-encoding', async () => {
      for (const [path, text] of [
        ['/assets/index-abc123.js', script],
        ['/', page],
        ['/allproducts', page],
      ] as const) {
        const response = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
        expect(response.headers['content-encoding'], path).toBe('br');
        expect(response.headers.vary, path).toContain('accept-encoding');
        expect(brotliDecompressSync(response.body).toString(), path).toBe(text);
      }
      const login = await raw('/login', { 'accept-encoding': 'br' });
      expect(login.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(login.body).toString()).toContain('modulepreload');
      const config = await raw('/config.js', { 'accept-encoding': 'br' });
      expect(config.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(config.body).toString()).toContain('window.TOOLFORGE_CONFIG = ');
    });

    it('sends gzip to a browser that accepts only gzip', async () => {
      for (const path of ['/assets/index-abc123.js', '/', '/config.js']) {
        const response = await raw(path, { 'accept-encoding': 'gzip' });
        expect(response.headers['content-encoding'], path).toBe('gzip');
        expect(response.headers.vary, path).toContain('accept-encoding');
        expect(gunzipSync(response.body).length, path).toBeGreaterThan(0);
      }
      expect(gunzipSync((await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip' })).body).toString()).toBe(script);
    });

    it('sends the file as it is to a client that asks for no encoding', async () => {
      const response = await raw('/assets/index-abc123.js');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(script);
    });
  });

  it('never serves a file outside the app’s folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await get(path);
      expect(await response.text()).not.toBe('outside');
    }
  });

  it('sends a Content-Security-Policy with every answer: scripts from itself, calls to the APIs and the emulator, no framing', async () => {
    for (const path of ['/', '/assets/index-abc123.js', '/config.js', '/images/products/missing.svg']) {
      const policy = (await get(path)).headers.get('content-security-policy');
      expect(policy, path).toContain("script-src 'self';");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("connect-src 'self' http://localhost:5100 http://127.0.0.1:9099;");
      expect(policy, path).toContain("object-src 'none'");
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the app reach Firebase’s endpoints when no emulator is configured, and each API origin once', () => {
    const policy = contentSecurityPolicy({
      commandApi: 'https://api.shop.example:5001/',
      queryApi: 'https://api.shop.example:5002',
      authEmulator: null,
    });
    expect(policy).toContain(
      "connect-src 'self' https://api.shop.example:5001 https://api.shop.example:5002 https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com;",
    );
    expect(policy).toContain("frame-src 'self' https://*.firebaseapp.com https://*.web.app;");
    expect(policy).not.toContain('127.0.0.1:9099');
  });
});
