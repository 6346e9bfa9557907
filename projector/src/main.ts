import { pino } from 'pino';
import { apiTokenSecret, configOrExit, readConfig, stopOnSignals, withoutPassword } from '@toolforge/platform';
import { databaseAnswers, logAnswers } from '@toolforge/platform/http';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { KafkaEventLog, KafkaLogEnds } from '@toolforge/platform/kafka';
import { CheckpointAnnouncer, openPostgresPool, pgSql } from '@toolforge/platform/postgres';
import { RedisCache } from '@toolforge/platform/redis';
import { openVault, sealedLog } from '@toolforge/platform/privacy';
import type { OnLogChange } from '@toolforge/platform/sql';
import { readModelHotAnswers, readModelReader, sqlStandingReader } from '@toolforge/read-model';
import { verifySettingsOf } from './cli/verify/verifyCommand.js';
import { buildProjectorServer } from './console/server.js';
import { bulkFirstBuild } from './bulkFirstBuild.js';
import { reportDeadLetters } from './deadLetterReport.js';
import { KafkaProjector } from './kafkaProjector.js';
import { LogChangedError, onLogChangeSetting } from './logBinding.js';
import { advisorySenderLock, startOrderEmails, type OrderEmails } from './mail/index.js';
import { openProjectorStore } from './projectorStore.js';
import { claimRebuild } from './rebuildClaim.js';

/**
 * The projector alone (services mode, docs/architecture.md#2-two-ways-to-run-same-code, docs/architecture.md#6-the-projector-and-the-read-model): consumes the Kafka topics (KAFKA_BROKERS) as
 * a member of the consumer group toolforge-projector and applies them to the read model in
 * PostgreSQL (DATABASE_URL), telling Redis (REDIS_URL, optional) what went stale after each commit
 * and refreshing the hot catalogue answers there.
 */
const config = configOrExit(() => readConfig());
const logger = pino({ name: 'projector', level: config.logLevel ?? 'info' });
if (!config.kafkaBrokers || !config.databaseUrl) {
  logger.error(
    {},
    'the projector alone reads Kafka and writes a PostgreSQL server: set KAFKA_BROKERS and DATABASE_URL (`make start` runs the whole shop in one process instead)',
  );
  process.exit(2);
}

// One batch at a time, one hot-answer refresh beside it (its reads run one after the other), the
// notice that checkpoints moved, and the order e-mails: a page of the outbox, a send's update, and
// the sender's lock on a connection of its own; and one for the operator console's reads.
const pool = openPostgresPool(config.databaseUrl, {
  max: config.mail ? 7 : 4,
  onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection broke'),
});
const sql = pgSql(pool);
const store = await openProjectorStore(sql);
// Every event is read through the vault: its personal values opened, or read as forgotten (docs/privacy.md).
const { vault } = await openVault(sql, config.privacy);
const cache = config.redisUrl ? RedisCache.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger }) : undefined;
let onLogChange: OnLogChange;
try {
  onLogChange = onLogChangeSetting();
} catch (error) {
  logger.error({}, (error as Error).message);
  process.exit(2);
}
// A read model that has applied nothing, on a long log (a new database, or one dropped to be made
// again), is built in bulk first, as `toolforge rebuild` builds one, under the rebuild's claim: when
// another holds it (the operators' tool, a projector started beside this one) this one catches up
// as before, and the build's switch catches up with what such a projector applied meanwhile.
if (config.bulkBuildFrom > 0) {
  const claim = await claimRebuild(pool);
  if (claim) {
    const log = sealedLog(
      await KafkaEventLog.open({
        brokers: config.kafkaBrokers,
        clientId: 'toolforge-projector-build',
        topicPrefix: config.kafkaTopicPrefix,
      }),
      vault,
    );
    try {
      await bulkFirstBuild({ log, sql, logger, from: config.bulkBuildFrom, liveProjectors: true, cache });
    } finally {
      await log.close();
      await claim.release();
    }
  }
}

let projector: KafkaProjector;
try {
  projector = await KafkaProjector.start({
    brokers: config.kafkaBrokers,
    topicPrefix: config.kafkaTopicPrefix,
    store,
    cache,
    // Every feature's hot answers (the catalogue's home, count and first pages), as the query service answers them.
    hotAnswers: readModelHotAnswers(readModelReader(sql)),
    logger,
    onLogChange,
    vault,
    // Nothing is projected any more: end, so that a supervisor starts a fresh projector.
    onGaveUp: () => process.exit(1),
  });
} catch (error) {
  // Not a failure a restart cures: exit 2 (as for a missing setting) with what to do.
  if (!(error instanceof LogChangedError)) throw error;
  logger.error({ log: error.log, previous: error.binding.previous }, error.message);
  await cache?.close();
  await pool.end();
  process.exit(2);
}

// The order e-mails (docs/documents.md): bound to the log before /ready answers, so that every order
// placed from then on gets its e-mails; the outbox polls Kafka (it is no member of the consumer
// group: it reads every partition from checkpoints of its own), and one projector process sends.
let emails: OrderEmails | undefined;
let emailsLog: KafkaEventLog | undefined;
if (config.mail) {
  emailsLog = sealedLog(
    await KafkaEventLog.open({ brokers: config.kafkaBrokers, clientId: 'toolforge-mail', topicPrefix: config.kafkaTopicPrefix }),
    vault,
  );
  emails = await startOrderEmails({ sql, log: emailsLog, mail: config.mail, lock: advisorySenderLock(pool), logger });
} else {
  logger.info({}, 'order e-mails are off: SMTP_URL is not set');
}

// /health and /ready for supervisors on PROJECTOR_PORT: ready while PostgreSQL and Kafka answer (a
// consumer that gave up ends the process above). Not the pool's connections: an admin client of its own.
const kafka = await KafkaLogEnds.open({
  brokers: config.kafkaBrokers,
  clientId: 'toolforge-projector-health',
  topicPrefix: config.kafkaTopicPrefix,
});
// The operator console beside them (docs/operators.md#the-operator-console): the toolforge commands' own
// code on a reader of Kafka of its own (never the consumer group's), its events' values opened.
const consoleLog = sealedLog(
  await KafkaEventLog.open({ brokers: config.kafkaBrokers, clientId: 'toolforge-console', topicPrefix: config.kafkaTopicPrefix }),
  vault,
);
const health = await buildProjectorServer({
  checks: [databaseAnswers('the read model database', sql), logAnswers('Kafka', kafka)],
  origins: config.webOrigins,
  rateLimit: config.queryRateLimit,
  logger,
  console: {
    shop: {
      log: consoleLog,
      logDescription: `Kafka at ${config.kafkaBrokers.join(',')}`,
      readModel: sql,
      readModelDescription: `PostgreSQL at ${withoutPassword(config.databaseUrl)}`,
    },
    deadLetters: store,
    verify: verifySettingsOf(process.env),
    jwtSecret: await apiTokenSecret(config),
    standings: sqlStandingReader(sql),
    idTokens: {
      identity: firebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost }),
      adminEmails: config.adminEmails,
    },
  },
});
await health.listen({ host: config.host, port: config.projectorPort });

// Let the batch in hand commit, leave the consumer group (its partitions move to the other members
// at once), then close the cache and the pool.
stopOnSignals('projector', logger, async () => {
  await health.close();
  await consoleLog.close();
  await emails?.stop();
  await emailsLog?.close();
  await projector.stop();
  await kafka.close();
  await cache?.close();
  await pool.end();
});

// Each commit is announced to the query services (LISTEN/NOTIFY): their read-your-writes waits end
// at the commit rather than at their next poll of the checkpoints.
const announcer = new CheckpointAnnouncer(sql, logger);
projector.onCommitted(() => announcer.announce());

await reportDeadLetters(store, logger);
logger.info(
  {},
  `projector on Kafka at ${config.kafkaBrokers.join(',')} into PostgreSQL at ${withoutPassword(config.databaseUrl)}${config.redisUrl ? `, Redis at ${withoutPassword(config.redisUrl)}` : ''}; /health, /ready and the operator console on port ${config.projectorPort}`,
);
