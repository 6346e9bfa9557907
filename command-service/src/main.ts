import { SHOP_RATE_LIMITS, apiTokenSecret, openEventLog, readConfig, stopOnSignals } from '@toolforge/platform';
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
  { logger: { level: config.logLevel ?? 'info' }, hardening: { origins: config.webOrigins, rateLimits: SHOP_RATE_LIMITS } },
);

// Stop taking requests and finish those under way (their appends included), then let the log
// finish its last append and disconnect.
stopOnSignals('command service', app.log, async () => {
  await app.close();
  await opened.close();
});

await app.listen({ host: config.host, port: config.commandPort });
app.log.info(`command service on ${opened.description}`);
