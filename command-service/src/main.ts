import { apiTokenSecret, describeIdentitySource, serviceConfigOrExit, stopOnSignals } from '@toolforge/platform';
import { startAnchoring } from '@toolforge/platform/anchors';
import { commandRateLimit, shopRateLimits } from '@toolforge/platform/http';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { openEventLog } from '@toolforge/platform/openEventLog';
import { sealedLog } from '@toolforge/platform/privacy';
import { buildCommandService } from './app.js';
import { cardPaymentsOf, registerDevelopmentWebhook, type DevelopmentWebhook } from './payments/hosting.js';
import { openKeyStore } from './privacy/keyStore.js';

/**
 * The command service alone (services mode, docs/architecture.md#2-two-ways-to-run-same-code): on Kafka when KAFKA_BROKERS is set, else
 * on the embedded log in DATA_DIR (whose lock it then holds); listening on COMMAND_PORT.
 */
const { config, identity } = serviceConfigOrExit();
const opened = await openEventLog(config, { clientId: 'toolforge-command-service', writer: true });
// Every event is sealed on its way into the log, and read back opened (docs/privacy.md).
const keyStore = await openKeyStore(config).catch((error: unknown) => {
  // A setting that is missing or wrong, not a crash: said in one line, as serviceConfigOrExit does.
  console.error(`command service: ${(error as Error).message}`);
  process.exit(2);
});

const payments = cardPaymentsOf(config);
/** Development only: the local provider's webhook endpoint of this instance, once it listens. */
let webhook: DevelopmentWebhook | undefined = undefined;

let ending: Promise<void> | undefined;
/** Finish the requests in hand, let the log finish its last append and disconnect. */
const finish = async () => {
  ending ??= (async () => {
    // No more webhooks for this instance first (development only: the local provider's endpoint).
    await webhook?.close();
    await app.close();
    await anchoring.close();
    await opened.close();
    await keyStore.close();
  })();
  return ending;
};

const app = await buildCommandService(
  {
    log: sealedLog(opened.log, keyStore.vault),
    privacy: keyStore,
    // The keys' database is the read model's: its dead letters are there.
    readModel: keyStore.sql,
    identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
    jwtSecret: await apiTokenSecret(config),
    adminEmails: config.adminEmails,
    limits: { deadlineMs: config.commandDeadlineMs, limit: config.commandQueueLimit },
    reservationTtlMs: config.reservationTtlMs,
    payments,
    seller: config.seller,
    writer: opened.writer,
    // No longer the writer: /ready says so from now on; answer what is in hand, then end non-zero
    // so that a supervisor starts a fresh instance, which reads the settled log again.
    onWriterLost: (reason) => {
      app.log.error({ reason }, 'this command service is no longer the log’s writer; ending so that a fresh one starts');
      const forced = setTimeout(() => process.exit(1), 15_000);
      forced.unref();
      void finish()
        .catch((error: unknown) => app.log.error({ err: error }, 'shutdown failed'))
        .finally(() => process.exit(1));
    },
  },
  {
    logger: { level: config.logLevel ?? 'info' },
    trustProxy: config.trustProxy,
    hardening: {
      origins: config.webOrigins,
      rateLimits: shopRateLimits(config),
      commandRateLimit: commandRateLimit(config.commandRateLimit),
    },
    readiness: [opened.answers],
  },
);

// The writer signs its checkpoints of the hash chain into the anchors' folder (docs/audit-trail.md).
const anchoring = await startAnchoring(opened.log, config.anchors, { info: (m) => app.log.info(m), error: (m) => app.log.error(m) });
stopOnSignals('command service', app.log, finish);

await app.listen({ host: config.host, port: config.commandPort });
webhook = await registerDevelopmentWebhook(payments, { host: config.host, port: config.commandPort }, app.log);
app.log.info(`command service on ${opened.description}; identity: ${describeIdentitySource(identity, config.firebaseProjectId)}`);
app.log.info(`audit anchors in ${config.anchors.dir}, signed with ${anchoring.publicKey}`);
app.log.info(`customers’ data keys in ${keyStore.description}`);
