import { readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** What the built web app reads from /config.js at run time (web/src/config.ts), so one build serves any port. */
export interface WebRuntimeConfig {
  commandApi: string;
  queryApi: string;
  /** The operator console's API: the shop's one API when embedded, the projector's port in services mode; the query API's when not given. */
  operatorApi?: string;
  /** http://host:port of the Auth emulator, or null for real Firebase. */
  authEmulator: string | null;
  /** Whether the shop takes card payments: the app offers "Pay now" only then. */
  cardPayments?: boolean;
}

/** Where the Firebase Auth client goes when it talks to real Firebase (no emulator). */
const FIREBASE_AUTH = {
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
  // Sign-in with Google: Firebase's helper iframe on the project's auth domain, and the Google
  // script that opens it (loaded only when that button is used).
  frames: ['https://*.firebaseapp.com', 'https://*.web.app'],
  scripts: ['https://apis.google.com'],
};

/**
 * The Content-Security-Policy of the built app: its scripts, styles and fonts come from this
 * server only (Vite's build has no inline script; /config.js is a file here too); it calls the
 * APIs (commands, queries, the operator console) and the Auth emulator or Firebase's endpoints; product images may come from any https
 * address (an admin names them); no page may frame it.
 */
export function contentSecurityPolicy(config: WebRuntimeConfig): string {
  const origin = (url: string) => new URL(url).origin;
  const apis = [config.commandApi, config.queryApi, config.operatorApi ?? config.queryApi].map(origin);
  const emulator = config.authEmulator ? [origin(config.authEmulator)] : [];
  const firebase = config.authEmulator ? { connect: [], frames: [], scripts: [] } : FIREBASE_AUTH;
  const sources = (...lists: string[][]) => [...new Set(lists.flat())].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(["'self'"], firebase.scripts)}`,
    "style-src 'self'",
    // The seeded pictures come from the query API (query-service/src/catalog/pictures.ts), http in development.
    `img-src ${sources(["'self'", 'data:', 'https:'], [origin(config.queryApi)])}`,
    "font-src 'self'",
    `connect-src ${sources(["'self'"], apis, emulator, firebase.connect)}`,
    `frame-src ${sources(["'self'"], emulator, firebase.frames)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface WebServer {
  readonly url: string;
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** Vite fingerprints everything under assets/: those never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A fingerprinted file of the build: the only kind of name a preload link carries. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * index.html for each first page the build listed in page-preloads.json (web/src/build/pagePreloads.ts),
 * with links that have the browser fetch that page's code beside the app's. A build without the
 * file (or a page without an entry) gets index.html as it is.
 */
async function firstPagesHtml(root: string): Promise<Map<string, string>> {
  const read = (file: string) => readFile(join(root, file), 'utf8').catch(() => undefined);
  const [index, listed] = await Promise.all([read('index.html'), read('page-preloads.json')]);
  const pages = new Map<string, string>();
  if (index === undefined || listed === undefined || !index.includes('</head>')) return pages;
  for (const [route, files] of Object.entries(JSON.parse(listed) as Record<string, unknown>)) {
    if (!Array.isArray(files)) continue;
    const links = files
      .filter((file): file is string => typeof file === 'string' && ASSET.test(file))
      .map((file) =>
        file.endsWith('.css') ? `<link rel="stylesheet" href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`,
      );
    pages.set(route, index.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return pages;
}

/**
 * Serves the built web app (web/dist) with Fastify and @fastify/static: its files, /config.js with
 * this host's API addresses, and index.html for every other path without a file extension, so the
 * client's routes (/allproducts, /userdashboard/orders/…) load on a reload or a shared link. Every
 * answer is compressed (brotli, else gzip) when the browser accepts it: the app is mostly text.
 */
export async function serveWebApp(options: { root: string; host: string; port: number; config: WebRuntimeConfig }): Promise<WebServer> {
  const root = resolve(options.root);
  const configScript = `window.TOOLFORGE_CONFIG = ${JSON.stringify(options.config)};\n`;
  const policy = contentSecurityPolicy(options.config);
  const firstPages = await firstPagesHtml(root);

  // Browsers keep connections open: they must not hold the shutdown.
  const app = Fastify({ forceCloseConnections: true });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
  });
  // Small answers too (/config.js, index.html): the page waits for both before anything else.
  await app.register(fastifyCompress, { threshold: 0, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', relative(root, file).startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
    },
  });

  app.get('/config.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).header('allow', 'GET, HEAD').send();
    const path = request.url.split('?')[0]!;
    // A path with an extension names a file that is not there; any other is a client route.
    if (extname(path) !== '')
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not Found');
    const firstPage = firstPages.get(path);
    if (firstPage !== undefined) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(firstPage);
    return reply.sendFile('index.html');
  });

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://localhost:${port}`, port, close: () => app.close() };
}
