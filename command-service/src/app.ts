import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { EventLog } from '@toolforge/contracts';
import { apiTokens, useErrorReplies, useHttpHardening, useZodSchemas, type HttpHardeningOptions } from '@toolforge/platform';
import { WriteModel } from './domain/writeModel.js';
import { identityRoutes } from './http/identityRoutes.js';
import { orderRoutes } from './http/orderRoutes.js';
import { productRoutes } from './http/productRoutes.js';
import { translateRejection } from './http/replies.js';
import type { IdentityProvider } from './identity/identityProvider.js';
import { Shop } from './shop.js';

export interface CommandServiceDeps {
  log: EventLog;
  identity: IdentityProvider;
  jwtSecret: string;
  /** ADMIN_EMAILS: accounts that are admins from their first (verified) sign-in. */
  adminEmails: readonly string[];
  clock?: () => Date;
  newId?: () => string;
}

/** Request bodies of this API are small forms; anything larger is refused (413) unread. */
export const COMMAND_BODY_LIMIT = 64 * 1024;

/**
 * The command side as a Fastify plugin: it rebuilds its write model from the log, then serves the
 * command routes. Encapsulated, so the embedded host can mount it beside the query side.
 */
export async function commandService(app: FastifyInstance, deps: CommandServiceDeps): Promise<void> {
  const model = new WriteModel();
  await model.catchUp(deps.log);
  const shop = new Shop({
    log: deps.log,
    model,
    policy: { adminEmails: new Set(deps.adminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean)) },
    clock: deps.clock,
    newId: deps.newId,
  });

  useZodSchemas(app);
  useErrorReplies(app, translateRejection);
  // The role is the log's current word, not the token's: a grant takes effect on the next request.
  await app.register(apiTokens, { secret: deps.jwtSecret, isAdmin: (user) => model.isAdmin(user.uid) });
  await app.register(identityRoutes, { shop, identity: deps.identity });
  await app.register(productRoutes, { shop });
  await app.register(orderRoutes, { shop });
}

/**
 * A standalone command service (services mode, and tests through app.inject). With `hardening`,
 * the instance gets security headers, CORS for the web and the rate limits, as the embedded host does.
 */
export async function buildCommandService(
  deps: CommandServiceDeps,
  options: FastifyServerOptions & { hardening?: HttpHardeningOptions } = {},
): Promise<FastifyInstance> {
  const { hardening, ...serverOptions } = options;
  const app = Fastify({ bodyLimit: COMMAND_BODY_LIMIT, ...serverOptions });
  if (hardening) await useHttpHardening(app, hardening);
  await app.register(commandService, deps);
  return app;
}
