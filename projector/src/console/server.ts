import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  HEALTH_TAG,
  documented,
  frameworkErrors,
  healthRoutes,
  packageVersion,
  queryRateLimit,
  useApiDescription,
  useHttpHardening,
  useNotFoundReply,
  type ReadinessCheck,
} from '@toolforge/platform/http';
import { OPERATOR_CONSOLE_TAG, operatorConsole, type OperatorConsoleDeps } from './plugin.js';

export interface ProjectorServerOptions {
  /** What /ready checks: the read model's database and Kafka. */
  readonly checks: readonly ReadinessCheck[];
  readonly console: OperatorConsoleDeps;
  /** WEB_ORIGINS: the web app calls the console from its own origin. */
  readonly origins: readonly string[];
  /** RATE_LIMIT_QUERY per caller, as on the query service; none when not given. */
  readonly rateLimit?: number;
  readonly logger?: FastifyBaseLogger;
}

/**
 * The projector process's HTTP (services mode, PROJECTOR_PORT): /health and /ready for supervisors,
 * and the operator console's API for admins, with the query service's hardening (CORS for the web
 * app, rate limits) and an API description of its own.
 */
export async function buildProjectorServer(options: ProjectorServerOptions) {
  const app = Fastify({ frameworkErrors, ...(options.logger && { loggerInstance: options.logger }) });
  await useHttpHardening(app, {
    origins: options.origins,
    queryRateLimit: options.rateLimit === undefined ? undefined : queryRateLimit(options.rateLimit),
  });
  await useApiDescription(app, {
    // The package's version: packageVersion reads the package.json beside the folder of the module it is given.
    version: packageVersion(new URL('../index.js', import.meta.url).href),
    description: `The projector of services mode: its health, and the operator console. ${OPERATOR_CONSOLE_TAG.description}`,
  });
  await app.register(documented({ tag: HEALTH_TAG }, healthRoutes), { checks: options.checks });
  useNotFoundReply(app);
  await app.register(operatorConsole, options.console);
  return app;
}
