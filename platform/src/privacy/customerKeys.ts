import { randomBytes } from 'node:crypto';
import type { DataKeyRef } from '@toolforge/contracts';
import { applyMigrations, type Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql.js';
import { DATA_KEY_BYTES, type KeyWrapping } from './keyWrapping.js';

/**
 * The customers' data keys, outside the log (docs/privacy.md#the-key-store-and-a-kms): the port the
 * vault seals and opens with, and the erasure destroys through. A key once destroyed is never made
 * again: its row stays, without the key, so that nothing of a forgotten customer is ever sealed
 * under a new one (it is written as forgotten instead).
 */
export interface CustomerKeys {
  /** Each key, by keyIdOf, made when there is none yet; null for one destroyed. */
  keysToSeal(refs: readonly DataKeyRef[]): Promise<Map<string, Buffer | null>>;
  /** Each key as it stands, by keyIdOf: null for one destroyed; absent for one never made. */
  keysToOpen(refs: readonly DataKeyRef[]): Promise<Map<string, Buffer | null>>;
  /**
   * Destroys the customer's personal key now, and their invoices key at `invoicesUntil` (at once when
   * null or past): what the law has the shop keep of issued invoices is kept that long.
   */
  forget(uid: string, invoicesUntil: Date | null): Promise<void>;
  /** Destroys every key whose time has come; answers how many. */
  destroyDue(now: Date): Promise<number>;
}

export function keyIdOf(ref: DataKeyRef): string {
  return `${ref.purpose}:${ref.uid}`;
}

/**
 * The key store's table, in the read model's database but not part of the read model (as the
 * e-mails' outbox): a rebuild, a replay or a log change never touches it, and it is numbered in a
 * ledger of its own. Keys are kept wrapped (KeyWrapping), as base64.
 */
export const PRIVACY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    ddl: `
  create table privacy_data_keys (
    key_id text primary key,
    uid text not null,
    purpose text not null check (purpose in ('personal', 'invoices')),
    wrapped_key text,
    wrapped_by text,
    created_at timestamptz not null default now(),
    destroy_after timestamptz,
    destroyed_at timestamptz,
    check ((wrapped_key is null) = (destroyed_at is not null))
  );
  create index privacy_data_keys_by_customer on privacy_data_keys (uid);
  create index privacy_data_keys_due on privacy_data_keys (destroy_after) where destroyed_at is null and destroy_after is not null
  `,
  },
];

/** The most keys one query asks for. */
const KEYS_PER_QUERY = 500;

interface KeyRow {
  key_id: string;
  wrapped_key: string | null;
}

/** The key store in SQL (PGlite or PostgreSQL), its keys wrapped by `wrapping`. */
export class SqlCustomerKeys implements CustomerKeys {
  private constructor(
    private readonly sql: SqlExecutor,
    private readonly wrapping: KeyWrapping,
  ) {}

  /**
   * Opens the store, making or upgrading its table first; `readOnly`: as it is, for a reader that may
   * not write (the operators' tool on a running shop's read-only SQL), which only opens keys.
   */
  static async open(sql: SqlExecutor, wrapping: KeyWrapping, { readOnly = false } = {}): Promise<SqlCustomerKeys> {
    if (!readOnly) await applyMigrations(sql, PRIVACY_MIGRATIONS, 'privacy_migrations');
    return new SqlCustomerKeys(sql, wrapping);
  }

  async keysToSeal(refs: readonly DataKeyRef[]): Promise<Map<string, Buffer | null>> {
    const keys = await this.keysToOpen(refs);
    const missing = distinct(refs).filter((ref) => !keys.has(keyIdOf(ref)));
    if (missing.length === 0) return keys;
    const made = await Promise.all(
      missing.map(async (ref) => {
        const keyId = keyIdOf(ref);
        return { ref, keyId, wrapped: (await this.wrapping.wrap(randomBytes(DATA_KEY_BYTES), keyId)).toString('base64') };
      }),
    );
    // Another writer's key, made meanwhile, stands (there is one writer; a restart's overlap is the case).
    await this.sql.query(
      `insert into privacy_data_keys (key_id, uid, purpose, wrapped_key, wrapped_by)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       on conflict (key_id) do nothing`,
      [
        made.map((key) => key.keyId),
        made.map((key) => key.ref.uid),
        made.map((key) => key.ref.purpose),
        made.map((key) => key.wrapped),
        made.map(() => this.wrapping.keyName),
      ],
    );
    for (const [keyId, key] of await this.keysToOpen(missing)) keys.set(keyId, key);
    return keys;
  }

  async keysToOpen(refs: readonly DataKeyRef[]): Promise<Map<string, Buffer | null>> {
    const keys = new Map<string, Buffer | null>();
    if (refs.length === 0) return keys;
    // Plain texts as parameters, a few hundred at a time: the operators' socket passes no arrays (a tool's read of a running shop).
    const ids = distinct(refs).map(keyIdOf);
    const rows: KeyRow[] = [];
    for (let from = 0; from < ids.length; from += KEYS_PER_QUERY) {
      const chunk = ids.slice(from, from + KEYS_PER_QUERY);
      const placeholders = chunk.map((_, index) => `$${index + 1}`).join(', ');
      rows.push(
        ...(await this.sql.query<KeyRow>(`select key_id, wrapped_key from privacy_data_keys where key_id in (${placeholders})`, chunk))
          .rows,
      );
    }
    for (const row of rows) {
      keys.set(
        row.key_id,
        row.wrapped_key === null ? null : await this.wrapping.unwrap(Buffer.from(row.wrapped_key, 'base64'), row.key_id),
      );
    }
    return keys;
  }

  async forget(uid: string, invoicesUntil: Date | null): Promise<void> {
    const personal = keyIdOf({ uid, purpose: 'personal' });
    const invoices = keyIdOf({ uid, purpose: 'invoices' });
    await this.sql.transaction(async (tx) => {
      // The row stays without its key (made so if the customer never had one): none is made again.
      await tx.query(
        `insert into privacy_data_keys (key_id, uid, purpose, wrapped_key, destroyed_at) values ($1, $2, 'personal', null, now())
         on conflict (key_id) do update set wrapped_key = null, destroyed_at = coalesce(privacy_data_keys.destroyed_at, now())`,
        [personal, uid],
      );
      await tx.query(
        `update privacy_data_keys set destroy_after = coalesce(least(destroy_after, $2::timestamptz), $2::timestamptz)
         where key_id = $1 and destroyed_at is null`,
        [invoices, invoicesUntil ?? new Date(0)],
      );
    });
    await this.destroyDue(new Date());
  }

  async destroyDue(now: Date): Promise<number> {
    const { rows } = await this.sql.query<{ key_id: string }>(
      `update privacy_data_keys set wrapped_key = null, destroyed_at = $1
       where destroyed_at is null and destroy_after is not null and destroy_after <= $1 returning key_id`,
      [now],
    );
    return rows.length;
  }
}

function distinct(refs: readonly DataKeyRef[]): DataKeyRef[] {
  return [...new Map(refs.map((ref) => [keyIdOf(ref), ref])).values()];
}
