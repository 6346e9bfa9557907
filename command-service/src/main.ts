import { SHOP_RATE_LIMITS, apiTokenSecret, openEventLog, readConfig } from '@toolforge/platform';
import { buildCommandService } from './app.js';
import { firebaseIdentity } from './identity/firebaseIdentity.js';

/**
 * The command service alone (services mode, DESIGN §2): on Kafka when KAFKA_BROKERS is set, else
 * on the embedded log in DATA_DIR; listening on COMMAND_PORT.
 */
const config = readConfig();
const opened = await openEventLog(config, { clientId: 'toolforge-command-service', writer: true });
const app = await buildCommandService(
  {
    log: opened.log,
    identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
    jwtSecret: await apiTokenSecret(config),
    adminEmails: config.adminEmails,
  },
  { logger: true, hardening: { origins: config.webOrigins, rateLimits: SHOP_RATE_LIMITS } },
);

/** Past this, a shutdown that hangs (a broker gone away, say) ends anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
let stopping = false;

/**
 * Graceful shutdown: stop taking requests and finish those under way (their appends included),
 * then let the log finish its last append and disconnect.
 */
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'command service stopping');
  setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await app.close();
    await opened.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ host: config.host, port: config.commandPort });
app.log.info(`command service on ${opened.description}`);
