import type { FastifyInstance } from 'fastify';
import type { ApiTag } from '@toolforge/contracts';
import { apiTokens, describeRoutes, useErrorReplies, useZodSchemas } from '@toolforge/platform/http';
import { readModelCallers, type ReadModelCallersOptions, type StandingReader } from '@toolforge/read-model';
import type { ConsoleContext } from './context.js';
import { CONSOLE_ROUTES } from './routes.js';

/** Only the projector's package serves the console: its tag is declared here (contracts/src/apiTags.ts says where tags live). */
export const OPERATOR_CONSOLE_TAG: ApiTag = {
  name: 'Operator console',
  description:
    'What the operators’ tool `toolforge` shows, for admins: the projections’ lag, the dead letters, the log’s events, an order’s audit and the log’s verification (docs/operators.md#the-operator-console).',
};

export interface OperatorConsoleDeps extends ConsoleContext {
  /** The key API tokens are signed with (the command service's). */
  readonly jwtSecret: string;
  /** The accounts' standings in the read model: who is an admin now, whose session still runs (as on the query side). */
  readonly standings: Pick<StandingReader, 'userStanding'>;
  /** The identity provider's ID tokens taken too, as on the query side. */
  readonly idTokens?: ReadModelCallersOptions['idTokens'];
}

/**
 * The operator console's API as a Fastify plugin: the toolforge commands' own functions behind
 * admin-only routes (docs/operators.md#the-operator-console). Encapsulated, so the embedded host
 * mounts it beside the shop's sides and the projector process serves it alone.
 */
export async function operatorConsole(app: FastifyInstance, deps: OperatorConsoleDeps): Promise<void> {
  useZodSchemas(app);
  // Unknown paths are the host's to answer.
  useErrorReplies(app, undefined, { notFound: false });
  await app.register(apiTokens, { secret: deps.jwtSecret, ...readModelCallers(deps.standings, app, { idTokens: deps.idTokens }) });
  // Every route of the console is an admin's, whichever section adds it: none can be forgotten.
  app.addHook('onRoute', (route) => {
    route.onRequest = [app.requireAdmin, ...[route.onRequest ?? []].flat()];
  });
  describeRoutes(app, { tag: OPERATOR_CONSOLE_TAG });
  const context: ConsoleContext = { shop: deps.shop, deadLetters: deps.deadLetters, verify: deps.verify };
  for (const routes of CONSOLE_ROUTES) routes(app, context);
}
