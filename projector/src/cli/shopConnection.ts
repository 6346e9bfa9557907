import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DataDirInUse,
  KafkaEventLog,
  PgliteEventLog,
  lockDataDir,
  openEmbeddedPostgres,
  openPostgresPool,
  pgSql,
  pgliteSql,
  withoutPassword,
  type EventLog,
  type IdentifiedLog,
  type LogEndSource,
  type DataDirLock,
  type ShopConfig,
  type SqlExecutor,
} from '@toolforge/platform';

/** The log and read model an operator's command reads, opened from the services' own settings. */
export interface ShopConnection {
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** Where the log lives, for the output. */
  readonly logDescription: string;
  /** The read model's database, when the command asked for it. */
  readonly readModel: SqlExecutor | undefined;
  readonly readModelDescription: string | undefined;
  close(): Promise<void>;
}

/** The shop could not be reached or opened: exit code 2, with this message and no stack trace. */
export class CannotConnect extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotConnect';
  }
}

type ConnectionSettings = Pick<ShopConfig, 'kafkaBrokers' | 'kafkaTopicPrefix' | 'dataDir' | 'databaseUrl'>;

/**
 * Kafka (KAFKA_BROKERS) with the read model in PostgreSQL (DATABASE_URL), or the embedded log and
 * read model in DATA_DIR. The embedded database is one process's at a time, so a data dir that a
 * running `make start` holds is refused: the operator stops the shop or points DATA_DIR at a copy.
 */
export async function connectToShop(config: ConnectionSettings, needs: { readModel: boolean }): Promise<ShopConnection> {
  return config.kafkaBrokers ? connectToServers(config, config.kafkaBrokers, needs) : connectToEmbedded(config.dataDir);
}

async function connectToServers(config: ConnectionSettings, brokers: string[], needs: { readModel: boolean }): Promise<ShopConnection> {
  if (needs.readModel && !config.databaseUrl) {
    throw new CannotConnect('with KAFKA_BROKERS set, the read model is in PostgreSQL: set DATABASE_URL too');
  }
  let log: KafkaEventLog;
  try {
    // No transactional id: a reader never claims the writer's place, nor fences the command service.
    log = await KafkaEventLog.open({ brokers, clientId: 'toolforge-cli', topicPrefix: config.kafkaTopicPrefix });
  } catch (error) {
    throw new CannotConnect(`cannot reach Kafka at ${brokers.join(',')}: ${(error as Error).message}`);
  }
  if (!needs.readModel || !config.databaseUrl) return connection(log, `Kafka at ${brokers.join(',')}`, undefined, () => log.close());
  const pool = openPostgresPool(config.databaseUrl, { max: 2 });
  const sql = pgSql(pool);
  try {
    await sql.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await log.close();
    throw new CannotConnect(`cannot reach PostgreSQL at ${withoutPassword(config.databaseUrl)}: ${(error as Error).message}`);
  }
  return connection(
    log,
    `Kafka at ${brokers.join(',')}`,
    { sql, description: `PostgreSQL at ${withoutPassword(config.databaseUrl)}` },
    async () => {
      await log.close();
      await pool.end();
    },
  );
}

async function connectToEmbedded(dataDir: string): Promise<ShopConnection> {
  // Opening an empty folder would create a new, empty shop there and audit that.
  if (!existsSync(join(dataDir, 'pg'))) {
    throw new CannotConnect(
      `there is no embedded shop in ${dataDir}: set DATA_DIR to the folder \`make start\` uses, or KAFKA_BROKERS and DATABASE_URL`,
    );
  }
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new CannotConnect(
      `the embedded shop in ${dataDir} is running (pid ${error.pid}): stop make start first, or point DATA_DIR at a copy of the folder`,
    );
  }
  try {
    const db = await openEmbeddedPostgres(dataDir);
    const log = await PgliteEventLog.open(db);
    return connection(
      log,
      `the embedded log in ${dataDir}`,
      { sql: pgliteSql(db), description: `the embedded read model in ${dataDir}` },
      async () => {
        await log.close();
        await db.close();
        await lock.release();
      },
    );
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function connection(
  log: EventLog & LogEndSource & IdentifiedLog,
  logDescription: string,
  readModel: { sql: SqlExecutor; description: string } | undefined,
  close: () => Promise<void>,
): ShopConnection {
  return { log, logDescription, readModel: readModel?.sql, readModelDescription: readModel?.description, close };
}
