import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Topic } from '@toolforge/contracts';
import { readConfig, type EventLog, type ShopConfig } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { PgliteEventLog, lockDataDir, openEmbeddedPostgres, type PGlite } from '@toolforge/platform/pglite';
import { invoicesKeptUntil, openVault, type CustomerKeys, type PersonalDataVault } from '@toolforge/platform/privacy';
import { pgliteSql, type IdentifiedLog, type SqlExecutor } from '@toolforge/platform/sql';

/** The log a reseal writes, its writer's, and the key store its personal values are sealed with. */
export interface NewLog {
  /** The log as written: appends seal nothing here (the reseal wraps it in sealedLog). */
  readonly log: EventLog & IdentifiedLog;
  readonly vault: PersonalDataVault;
  readonly keys: CustomerKeys;
  /** Where it is, for the output. */
  readonly description: string;
  /** The setting that points the shop at it: DATA_DIR=… or KAFKA_TOPIC_PREFIX=…. */
  readonly setting: string;
  /** The files of the old data dir carried into the new one (the keys and secrets the shop keeps there by default). */
  readonly carriedFiles: readonly string[];
  /** Customers' keys carried from the old key store. */
  readonly carriedKeys: number;
  close(): Promise<void>;
  /** Removes what the reseal wrote, after a failure part-way: what is left, said for the message. */
  discard(): Promise<string>;
}

/**
 * The new embedded shop in `dir` (docs/operators.md#resealing-a-log-written-before-sealing): its
 * log, its read model's database holding the key store (the read model itself is built by the
 * shop's first start), the old data dir's master key, audit signing key and API token secret
 * carried over where the settings leave them in the data dir, and the old key store's keys: a
 * customer erased before the reseal has their key destroyed there too, so their values are written
 * as forgotten, and values the old log holds sealed already open under the same keys.
 */
export async function openNewDataDir(dir: string, old: ShopConfig, env: NodeJS.ProcessEnv, oldKeyStore: SqlExecutor): Promise<NewLog> {
  const existed = await readdir(dir).then(
    () => true,
    () => false,
  );
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(dir);
  const databases: PGlite[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.allSettled(databases.map((db) => db.close()));
    await lock.release();
  };
  const discard = async () => {
    await close();
    if (existed) for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
    else await rm(dir, { recursive: true, force: true });
    return `the new data dir ${dir} was emptied`;
  };
  try {
    const logDb = await openEmbeddedPostgres(dir, 'log');
    databases.push(logDb);
    const log = await PgliteEventLog.open(logDb);
    const readModelDb = await openEmbeddedPostgres(dir, 'readModel');
    databases.push(readModelDb);
    const fresh = readConfig({ ...env, DATA_DIR: dir });
    const carriedFiles = await carrySecrets(old, fresh);
    const sql = pgliteSql(readModelDb);
    const { vault, keys } = await openVault(sql, fresh.privacy);
    const carriedKeys = await carryKeys(oldKeyStore, sql);
    await keepInvoicesOfErased(sql, keys, fresh.privacy.invoiceRetentionYears);
    return {
      log,
      vault,
      keys,
      description: `the embedded log in ${dir}`,
      setting: `DATA_DIR=${dir}`,
      carriedFiles,
      carriedKeys,
      close,
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * The shop's keys and secrets that its settings leave in the data dir, copied into the new one
 * (owner-only): the master key the customers' keys are wrapped with, the key the writer signs its
 * anchors with (the one auditors pinned), the API tokens' secret (signed-in sessions go on). One a
 * setting names outside the data dir is the new shop's too, and stays where it is.
 */
async function carrySecrets(old: ShopConfig, fresh: ShopConfig): Promise<string[]> {
  const secrets = [
    [old.privacy.masterKeyFile, fresh.privacy.masterKeyFile],
    [old.anchors.signingKeyFile, fresh.anchors.signingKeyFile],
    ...(old.jwtSecret ? [] : [[join(old.dataDir, 'jwt-secret'), join(fresh.dataDir, 'jwt-secret')]]),
  ] as const;
  const carried: string[] = [];
  for (const [from, to] of secrets) {
    if (from === to) continue;
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL);
    } catch (error) {
      // One the old shop never made (its first start makes it) is made by the new shop's.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await chmod(to, 0o600);
    carried.push(to);
  }
  return carried;
}

interface KeyRow {
  key_id: string;
  uid: string;
  purpose: string;
  wrapped_key: string | null;
  wrapped_by: string | null;
  created_at: string;
  destroy_after: string | null;
  destroyed_at: string | null;
}

const KEY_BATCH = 5000;

/** Copies the old key store's keys, wrapped as they are (the master key goes with them), into the new one: answers how many. */
async function carryKeys(from: SqlExecutor, into: SqlExecutor): Promise<number> {
  const table = await from.query<{ found: string | null }>("select to_regclass('privacy_data_keys')::text as found");
  // A shop that never ran a ToolForge that seals has no store, and no key in it.
  if (!table.rows[0]?.found) return 0;
  const { rows } = await from.query<KeyRow>(
    `select key_id, uid, purpose, wrapped_key, wrapped_by, created_at::text, destroy_after::text, destroyed_at::text
       from privacy_data_keys order by key_id`,
  );
  for (let start = 0; start < rows.length; start += KEY_BATCH) {
    const batch = rows.slice(start, start + KEY_BATCH);
    const column = <Key extends keyof KeyRow>(key: Key) => batch.map((row) => row[key]);
    await into.query(
      `insert into privacy_data_keys (key_id, uid, purpose, wrapped_key, wrapped_by, created_at, destroy_after, destroyed_at)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])`,
      [
        column('key_id'),
        column('uid'),
        column('purpose'),
        column('wrapped_key'),
        column('wrapped_by'),
        column('created_at'),
        column('destroy_after'),
        column('destroyed_at'),
      ],
    );
  }
  return rows.length;
}

/**
 * Customers erased before the reseal whose invoices the old log holds in clear have no invoices key
 * yet: sealing would make one that nothing ever destroys. It is made now and set to be destroyed
 * when their erasure lets the buyer go (INVOICE_RETENTION_YEARS after its year), through the
 * store's own erasure; at once when that time is past.
 */
async function keepInvoicesOfErased(sql: SqlExecutor, keys: CustomerKeys, retentionYears: number): Promise<void> {
  const { rows } = await sql.query<{ uid: string; erased_ms: number }>(
    `select p.uid, (extract(epoch from p.destroyed_at) * 1000)::float8 as erased_ms from privacy_data_keys p
      where p.purpose = 'personal' and p.destroyed_at is not null
        and not exists (select 1 from privacy_data_keys i where i.uid = p.uid and i.purpose = 'invoices')`,
  );
  for (const { uid, erased_ms } of rows) {
    await keys.keysToSeal([{ uid, purpose: 'invoices' }]);
    await keys.forget(uid, invoicesKeptUntil(new Date(Number(erased_ms)), retentionYears));
  }
}

/**
 * The new log on the same Kafka cluster, its topics under `prefix` with as many partitions as the
 * old ones (created when missing), written by a transactional writer of its own; the key store is
 * the one in DATABASE_URL, which both logs share: each customer's keys are made once, and an
 * erasure reaches both logs.
 */
export async function openNewTopics(
  prefix: string,
  old: ShopConfig,
  keyStore: SqlExecutor,
  partitions: Readonly<Record<Topic, number>>,
): Promise<NewLog> {
  const brokers = old.kafkaBrokers!;
  const log = await KafkaEventLog.open({
    brokers,
    clientId: 'toolforge-reseal',
    // As the tool's reader: settings that name a principal sign in as it, others leave kafkaClient the process's own.
    security: old.kafkaSecurity.sasl ? old.kafkaSecurity : undefined,
    topicPrefix: prefix,
    transactionalId: `${prefix}toolforge-reseal`,
    partitions,
  });
  try {
    const { vault, keys } = await openVault(keyStore, old.privacy);
    await keepInvoicesOfErased(keyStore, keys, old.privacy.invoiceRetentionYears);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await log.close();
    };
    return {
      log,
      vault,
      keys,
      description: `Kafka at ${brokers.join(',')}, the topics under the prefix ${prefix}`,
      setting: `KAFKA_TOPIC_PREFIX=${prefix}`,
      carriedFiles: [],
      carriedKeys: 0,
      close,
      async discard() {
        await close();
        return `the topics under the prefix ${prefix} hold part of the new log: delete them before resealing into that prefix again`;
      },
    };
  } catch (error) {
    await log.close();
    throw error;
  }
}
