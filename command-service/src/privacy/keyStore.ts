import type { ShopConfig } from '@toolforge/platform';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { openPostgresPool, pgSql } from '@toolforge/platform/postgres';
import { openVault } from '@toolforge/platform/privacy';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import type { PrivacyDeps } from './erasure.js';

/**
 * The command service's key store (docs/privacy.md#the-key-store-and-a-kms): in the read model's
 * database, where the projector and the query service open the keys too — PostgreSQL (DATABASE_URL)
 * beside Kafka; the read model's embedded database in DATA_DIR beside the embedded log (whose data
 * dir this process holds). Its `sql` is that database, where the admins' decisions about dead letters
 * find the letters too.
 */
export async function openKeyStore(
  config: Pick<ShopConfig, 'kafkaBrokers' | 'databaseUrl' | 'dataDir' | 'privacy'>,
): Promise<PrivacyDeps & { sql: SqlExecutor; description: string; close(): Promise<void> }> {
  const settings = { invoiceRetentionYears: config.privacy.invoiceRetentionYears };
  if (config.databaseUrl) {
    const pool = openPostgresPool(config.databaseUrl, { max: 2 });
    const sql = pgSql(pool);
    const { vault, keys } = await openVault(sql, config.privacy);
    return { ...settings, vault, keys, sql, description: 'PostgreSQL (DATABASE_URL)', close: () => pool.end() };
  }
  if (config.kafkaBrokers) {
    throw new Error('with KAFKA_BROKERS set, the customers’ keys are in the read model’s PostgreSQL: set DATABASE_URL too');
  }
  const db = await openEmbeddedPostgres(config.dataDir, 'readModel');
  const sql = pgliteSql(db);
  const { vault, keys } = await openVault(sql, config.privacy);
  return { ...settings, vault, keys, sql, description: `the embedded read model in ${config.dataDir}`, close: () => db.close() };
}
