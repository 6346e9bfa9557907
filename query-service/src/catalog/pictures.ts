import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the shop's product pictures are requested: the seeded catalogue's addresses name this path on the API. */
export const PICTURES_PATH = '/images/products/';

/** The pictures shipped with the web app (web/public/images/products), from src/catalog and dist/catalog alike. */
const PICTURES_DIR = fileURLToPath(new URL('../../../web/public/images/products', import.meta.url));

/** A year: a shipped picture never changes under its name (a new picture gets a new name). */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The shop's product pictures on the API (issue 34, row 8): the spec's own client runs on another
 * origin than the web app, so the seeded catalogue's pictures must load from the API itself.
 *
 * With `wildcard: false` @fastify/static lists the folder once and adds a route for each file in it:
 * a path that names no shipped picture (`../../etc/passwd`, `%2e%2e%2f…`, a folder) never reaches
 * the file system and gets the API's 404. Each answer may be cached for a year (ETag and
 * Last-Modified to revalidate), and says Cross-Origin-Resource-Policy: cross-origin instead of
 * Helmet's same-origin, which would stop an <img> on any other origin from showing it. A picture's GET and HEAD are in the API
 * description, under the catalogue's tag.
 */
export async function productPictures(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: PICTURES_DIR,
    prefix: PICTURES_PATH,
    wildcard: false,
    // Each picture is in the API description (under the catalogue's tag), as every route is.
    schemaHide: false,
    // The query side sends no other file: no reply.sendFile.
    decorateReply: false,
    maxAge: ONE_YEAR_MS,
    immutable: true,
    etag: true,
    lastModified: true,
    setHeaders: (reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
