import Fastify, { type FastifyInstance } from 'fastify';
import { apiTokens } from '@toolforge/platform/http';
import { sqlStandingReader } from '@toolforge/read-model';
import { operatorConsole, type OperatorConsoleDeps } from '../console/plugin.js';

const SECRET = 'operator-console-test-secret-long-enough-for-hs256';

/** The operator console mounted for a spec, with the API tokens of an admin and of a customer it takes. */
export interface ConsoleApp {
  readonly app: FastifyInstance;
  admin(): string;
  customer(): string;
  close(): Promise<void>;
}

/**
 * The console's API on a test shop (its log and read model), as a host mounts it, and an issuer of
 * tokens under the same secret: the standings are the read model's, so the admin is whoever the
 * token says (no account row makes a customer one).
 */
export async function consoleApp(
  shop: OperatorConsoleDeps['shop'],
  deps: Pick<OperatorConsoleDeps, 'deadLetters' | 'verify'>,
): Promise<ConsoleApp> {
  const app = Fastify();
  await app.register(operatorConsole, { shop, ...deps, jwtSecret: SECRET, standings: sqlStandingReader(shop.readModel) });
  await app.ready();
  const issuer = Fastify();
  await issuer.register(apiTokens, { secret: SECRET });
  await issuer.ready();
  return {
    app,
    admin: () => issuer.issueApiToken({ uid: 'u-admin', name: 'Ada Admin', email: 'admin@toolforge.test', admin: true }, 0),
    customer: () => issuer.issueApiToken({ uid: 'u-ada', name: 'Ada Customer', email: 'ada@toolforge.test', admin: false }, 0),
    async close() {
      await issuer.close();
      await app.close();
    },
  };
}
