import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { withoutPassword, type EventLog, type LogEndSource, type ShopConfig } from '@toolforge/platform';
import { openVault, sealedLog, type PrivacySettings } from '@toolforge/platform/privacy';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { DataDirInUse, EMBEDDED_DATABASES, lockDataDir, type DataDirLock } from '@toolforge/platform/pglite';
import { openPostgresPool, pgSql } from '@toolforge/platform/postgres';
import { RedisCache } from '@toolforge/platform/redis';
import type { IdentifiedLog, SqlExecutor } from '@toolforge/platform/sql';
import { connectToRunningShop } from './operatorSocket/client.js';
import { openThreadedEventLog } from './threads/threadedEventLog.js';
import { openThreadedReadModel } from './threads/threadedReadModel.js';
import { claimRebuild, type RebuildClaim } from '../rebuildClaim.js';

/** The log and read model an operator's command reads, opened from the services' own settings. */
export interface ShopConnection {
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** Where the log lives, for the output. */
  readonly logDescription: string;
  /** The read model's database, when the command asked for it. */
  readonly readModel: SqlExecutor | undefined;
  readonly readModelDescription: string | undefined;
  /**
   * Whether projectors of their own may be writing the read model meanwhile: services mode, and a
   * running embedded shop read through its socket. Otherwise the embedded read model is this tool's
   * alone while it runs (it holds the data dir).
   */
  readonly sharedWithProjectors: boolean;
  /** The services' cache (REDIS_URL), when a command has to tell it something. */
  readonly cache: RedisCache | undefined;
  /** The right to rebuild the read model, or undefined while another rebuild holds it. */
  claimRebuild(): Promise<RebuildClaim | undefined>;
  /** The read model's database for the customers' keys: the connection's own, or opened (once) when a command that asked for no read model meets a sealed value; closed with the connection. */
  openKeyStore(): Promise<SqlExecutor>;
  close(): Promise<void>;
}

/** What a report reads of the shop: its log and read model, and how to name them (the console's routes hand their host's). */
export type ShopSource = Pick<ShopConnection, 'log' | 'logDescription' | 'readModel' | 'readModelDescription'>;

/** The shop could not be reached or opened: exit code 2, with this message and no stack trace. */
export class CannotConnect extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotConnect';
  }
}

type ConnectionSettings = Pick<
  ShopConfig,
  'kafkaBrokers' | 'kafkaTopicPrefix' | 'dataDir' | 'databaseUrl' | 'redisUrl' | 'redisKeyPrefix'
> &
  Partial<Pick<ShopConfig, 'kafkaSecurity' | 'privacy'>>;

/** What a command needs of the shop: the read model too, or the read model to write (named by the command that writes it). */
export interface ShopNeeds {
  readonly readModel: boolean;
  readonly writesReadModel?: 'rebuild' | 'replay';
  /**
   * A command that copies the whole log and must find it as it ends (`privacy reseal`): a running
   * embedded shop, which goes on appending, is refused as for a rebuild.
   */
  readonly copiesLog?: 'privacy reseal';
}

/**
 * Kafka (KAFKA_BROKERS) with the read model in PostgreSQL (DATABASE_URL), or the embedded log and
 * read model in DATA_DIR. The embedded database is one process's at a time, so a data dir that a
 * running `make start` holds is read through that process's operators' socket (docs/operators.md),
 * which only reads: a rebuild there is refused, the operator stops the shop first.
 */
export async function connectToShop(config: ConnectionSettings, needs: ShopNeeds): Promise<ShopConnection> {
  const shop = config.kafkaBrokers
    ? await connectToServers(config, config.kafkaBrokers, needs)
    : await connectToEmbedded(config.dataDir, needs);
  return config.privacy ? revealedThroughKeyStore(shop, config.privacy) : shop;
}

/**
 * The connection with its log read through the vault on the key store in the read model's database
 * (docs/privacy.md): every command shows the customers' values as the shop does, and a rebuild or a
 * replay writes them into the read model as the projector does. The store is reached only when a
 * sealed value is first met (a command that asked for no read model opens its database then), and
 * the tool never makes a key, nor changes the store's tables: it opens keys only, also on a running
 * shop's read-only statements.
 */
async function revealedThroughKeyStore(shop: ShopConnection, privacy: PrivacySettings): Promise<ShopConnection> {
  // Each connection opens its key store once (the read model's database where it has one already).
  const database = (): Promise<SqlExecutor> =>
    shop.openKeyStore().catch((error: Error) => {
      throw new CannotConnect(`cannot open the customers’ key store: ${error.message}`);
    });
  const lazily: SqlExecutor = {
    query: async (statement, params) => (await database()).query(statement, params),
    transaction: async (work) => (await database()).transaction(work),
  };
  const { vault } = await openVault(lazily, privacy, { readOnly: true });
  return { ...shop, log: sealedLog(shop.log, vault) };
}

async function connectToServers(config: ConnectionSettings, brokers: string[], needs: { readModel: boolean }): Promise<ShopConnection> {
  if (needs.readModel && !config.databaseUrl) {
    throw new CannotConnect('with KAFKA_BROKERS set, the read model is in PostgreSQL: set DATABASE_URL too');
  }
  let log: KafkaEventLog;
  try {
    // No transactional id: a reader never claims the writer's place, nor fences the command service.
    // Settings that name a principal sign in as it; others leave the process's own KAFKA_* settings to kafkaClient.
    const security = config.kafkaSecurity?.sasl ? config.kafkaSecurity : undefined;
    log = await KafkaEventLog.open({ brokers, clientId: 'toolforge-cli', topicPrefix: config.kafkaTopicPrefix, security });
  } catch (error) {
    throw new CannotConnect(`cannot reach Kafka at ${brokers.join(',')}: ${(error as Error).message}`);
  }
  if (!needs.readModel || !config.databaseUrl) {
    const { databaseUrl } = config;
    // The customers' keys are in the read model's database: a pool of one, when a sealed value asks for it.
    const keyStore = lazyDatabase(() => {
      if (!databaseUrl) return Promise.reject(new Error('the customers’ keys are in the read model’s PostgreSQL: set DATABASE_URL'));
      const pool = openPostgresPool(databaseUrl, { max: 1 });
      return Promise.resolve({ sql: pgSql(pool), close: () => pool.end() });
    });
    return connection(
      log,
      `Kafka at ${brokers.join(',')}`,
      undefined,
      async () => {
        await log.close();
        await keyStore.close();
      },
      keyStore.open,
    );
  }
  // A rebuild holds one connection for the switch while its projector uses another.
  const pool = openPostgresPool(config.databaseUrl, { max: 3 });
  const sql = pgSql(pool);
  try {
    await sql.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await log.close();
    throw new CannotConnect(`cannot reach PostgreSQL at ${withoutPassword(config.databaseUrl)}: ${(error as Error).message}`);
  }
  const cache = config.redisUrl ? RedisCache.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix }) : undefined;
  return {
    ...connection(
      log,
      `Kafka at ${brokers.join(',')}`,
      { sql, description: `PostgreSQL at ${withoutPassword(config.databaseUrl)}` },
      async () => {
        await log.close();
        await cache?.close();
        await pool.end();
      },
      () => Promise.resolve(sql),
    ),
    sharedWithProjectors: true,
    cache,
    claimRebuild: () => claimRebuild(pool),
  };
}

async function connectToEmbedded(dataDir: string, needs: ShopNeeds): Promise<ShopConnection> {
  // Opening an empty folder would create a new, empty shop there and audit that.
  if (!existsSync(join(dataDir, EMBEDDED_DATABASES.log))) {
    throw new CannotConnect(
      `there is no embedded shop in ${dataDir}: set DATA_DIR to the folder \`make start\` uses, or KAFKA_BROKERS and DATABASE_URL`,
    );
  }
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    return connectThroughRunningShop(dataDir, error.pid, needs);
  }
  try {
    // Each database on a thread of its own: a rebuild reads the log on one and writes the read model
    // on the other while this one projects (docs/operators.md).
    const log = await openThreadedEventLog(dataDir);
    const readModel = needs.readModel ? await openThreadedReadModel(dataDir).catch(closing(log)) : undefined;
    // Without the read model asked for: its database on a thread when a sealed value asks for its keys.
    const keyStore = readModel ? undefined : lazyDatabase(() => openThreadedReadModel(dataDir));
    return connection(
      log,
      `the embedded log in ${dataDir}`,
      readModel && { sql: readModel.sql, description: `the embedded read model in ${dataDir}` },
      async () => {
        // Both threads end and the lock is let go whatever either close meets: a thread left running keeps the tool from exiting.
        const closed = await Promise.allSettled([readModel?.close(), keyStore?.close(), log.close()]);
        await lock.release();
        const failed = closed.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      },
      keyStore ? keyStore.open : () => Promise.resolve(readModel!.sql),
    );
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** A database opened the first time it is asked for, and closed only if it was. */
function lazyDatabase(open: () => Promise<{ sql: SqlExecutor; close(): Promise<void> }>) {
  let opened: Promise<{ sql: SqlExecutor; close(): Promise<void> }> | undefined;
  return {
    open: async () => (await (opened ??= open())).sql,
    close: async () => {
      const database = await opened?.catch(() => undefined);
      await database?.close();
    },
  };
}

/** Closes what was opened before a failure, and fails with it. */
function closing(opened: { close(): Promise<void> }) {
  return async (error: unknown): Promise<never> => {
    await opened.close().catch(() => undefined);
    throw error;
  };
}

/**
 * The shop that holds the data dir serves the tool on its socket: the log, and read-only statements
 * on a read model its own projector keeps writing meanwhile. A rebuild writes, so it waits for the
 * shop to stop.
 */
async function connectThroughRunningShop(dataDir: string, pid: number, needs: ShopNeeds): Promise<ShopConnection> {
  const running = `the embedded shop in ${dataDir} is running (pid ${pid})`;
  const writer = needs.writesReadModel ?? 'rebuild';
  const rebuildRefused = new CannotConnect(
    `${running}: a ${writer} writes the read model, so stop make start first, then run the ${writer}`,
  );
  if (needs.writesReadModel) throw rebuildRefused;
  if (needs.copiesLog) {
    throw new CannotConnect(
      `${running}: ${needs.copiesLog} copies the whole log, which must not move on meanwhile, so stop make start first, then run it`,
    );
  }
  const reader = await connectToRunningShop(dataDir).catch((error: Error) => {
    // Another user's shop (the socket is its owner's only), say.
    throw new CannotConnect(`${running}, and its operators' socket refused the tool: ${error.message}`);
  });
  // No socket answers (a shop of an older ToolForge, or one that could not open it): the operator stops it, or reads a copy.
  if (!reader) throw new CannotConnect(`${running}: stop make start first, or point DATA_DIR at a copy of the folder`);
  const through = `, read through the running shop (pid ${pid})`;
  return {
    ...connection(
      reader.log,
      `the embedded log in ${dataDir}${through}`,
      needs.readModel ? { sql: reader.readModel, description: `the embedded read model in ${dataDir}${through}` } : undefined,
      () => reader.close(),
      () => Promise.resolve(reader.readModel),
    ),
    sharedWithProjectors: true,
    claimRebuild: () => Promise.reject(rebuildRefused),
  };
}

function connection(
  log: EventLog & LogEndSource & IdentifiedLog,
  logDescription: string,
  readModel: { sql: SqlExecutor; description: string } | undefined,
  close: () => Promise<void>,
  openKeyStore: () => Promise<SqlExecutor>,
): ShopConnection {
  return {
    openKeyStore,
    log,
    logDescription,
    readModel: readModel?.sql,
    readModelDescription: readModel?.description,
    sharedWithProjectors: false,
    cache: undefined,
    // The embedded read model: the data dir's lock, held by this tool, already keeps every other rebuild out.
    claimRebuild: () => Promise.resolve({ release: () => Promise.resolve() }),
    close,
  };
}
