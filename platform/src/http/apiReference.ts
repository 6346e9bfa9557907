import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the reference page on the API description is served, with its own files under it. */
export const API_REFERENCE_PREFIX = '/docs';

/**
 * The reference page at /docs: Swagger UI, served from the installed package (no CDN), on the
 * document @fastify/swagger keeps (useApiDescription registers that first).
 *
 * Swagger UI, not Scalar, because it runs under the security headers every API answer carries
 * (hardening.ts, Helmet's defaults): its page loads its scripts and styles as files from this
 * server ('self'), has no inline script, and its inline style attributes and data: icons are what
 * Helmet's policy already allows. Scalar's page starts from an inline script (a CSP hash or
 * 'unsafe-inline' would be needed) and fetches fonts from its CDN. So the policy is not relaxed
 * for /docs at all, and no route of the API gets a weaker one.
 */
export async function useApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PREFIX,
    uiConfig: {
      // Nothing leaves the shop: the page asks no outside validator about the document.
      validatorUrl: null,
      deepLinking: true,
    },
    theme: { title: 'ToolForge API' },
  });
}
