import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** What the built web app reads from /config.js at run time (web/src/config.ts), so one build serves any port. */
export interface WebRuntimeConfig {
  commandApi: string;
  queryApi: string;
  /** http://host:port of the Auth emulator, or null for real Firebase. */
  authEmulator: string | null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

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
 * two APIs and the Auth emulator or Firebase's endpoints; product images may come from any https
 * address (an admin names them); no page may frame it.
 */
export function contentSecurityPolicy(config: WebRuntimeConfig): string {
  const origin = (url: string) => new URL(url).origin;
  const apis = [config.commandApi, config.queryApi].map(origin);
  const emulator = config.authEmulator ? [origin(config.authEmulator)] : [];
  const firebase = config.authEmulator ? { connect: [], frames: [], scripts: [] } : FIREBASE_AUTH;
  const sources = (...lists: string[][]) => [...new Set(lists.flat())].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(["'self'"], firebase.scripts)}`,
    "style-src 'self'",
    "img-src 'self' data: https:",
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

/**
 * Serves the built web app (web/dist): its files, /config.js with this host's API addresses, and
 * index.html for every other path without a file extension, so the client's routes (/allproducts,
 * /userdashboard/orders/…) load on a reload or a shared link.
 */
export async function serveWebApp(options: { root: string; host: string; port: number; config: WebRuntimeConfig }): Promise<WebServer> {
  const root = resolve(options.root);
  const configScript = `window.TOOLFORGE_CONFIG = ${JSON.stringify(options.config)};\n`;
  const policy = contentSecurityPolicy(options.config);

  const server = createServer((request, response) => {
    response.setHeader('content-security-policy', policy);
    handle(root, configScript, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => ready());
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, port, close: () => closeServer(server) };
}

async function handle(root: string, configScript: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  response.setHeader('x-content-type-options', 'nosniff');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (path === '/config.js') {
    send(response, request, 200, TYPES['.js']!, 'no-cache', configScript);
    return;
  }
  const file = await existingFile(root, path);
  if (file) {
    // Vite fingerprints everything under /assets: those never change under the same name.
    const caching = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': caching });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
    return;
  }
  if (extname(path) !== '') {
    send(response, request, 404, TYPES['.txt']!, 'no-cache', 'Not Found');
    return;
  }
  const index = await existingFile(root, '/index.html');
  if (!index) {
    send(response, request, 404, TYPES['.txt']!, 'no-cache', 'Not Found');
    return;
  }
  response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
  if (request.method === 'HEAD') response.end();
  else createReadStream(index).pipe(response);
}

/** The file a URL path names inside root, or undefined; never a path outside root. */
async function existingFile(root: string, urlPath: string): Promise<string | undefined> {
  const file = normalize(join(root, urlPath));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    const found = await stat(file);
    if (found.isFile()) return file;
    if (found.isDirectory()) return existingFile(root, join(urlPath, 'index.html'));
  } catch {
    return undefined;
  }
  return undefined;
}

function send(response: ServerResponse, request: IncomingMessage, status: number, type: string, caching: string, body: string) {
  response.writeHead(status, { 'content-type': type, 'cache-control': caching });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    // Browsers keep connections open; they must not hold the shutdown.
    server.closeAllConnections();
  });
}
