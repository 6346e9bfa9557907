import type { SqlExecutor } from './sql.js';

/**
 * The read model's tables (DESIGN §6), as numbered migrations applied once each, in order. The read
 * model is disposable: a rebuild drops it and replays the log, so a migration never has to keep data.
 *
 * - products: as added; `deleted_at` hides a deleted one. The log position breaks ties between
 *   products added in the same millisecond, so "newest first" is a stable order.
 * - product_reservations: stock taken by orders. Kept apart from products because orders and
 *   products are different topics, projected in no fixed order between them: an order may be
 *   projected before its product, and adding to a counter commutes.
 * - orders, users: one row per order and per account; users.admin comes from AdminGranted.
 * - projection_checkpoints: the next offset to apply per topic partition, committed with the rows.
 */
export const READ_MODEL_MIGRATIONS: readonly string[] = [
  `
  create table products (
    product_id text primary key,
    name text not null,
    category text not null,
    model text not null,
    image_url text not null,
    price_cents bigint not null,
    stock integer not null,
    min_order integer not null,
    description text not null,
    added_at timestamptz not null,
    log_partition integer not null,
    log_offset bigint not null,
    deleted_at timestamptz
  );
  create index products_newest on products (added_at desc, log_partition desc, log_offset desc) where deleted_at is null;

  create table product_reservations (
    product_id text primary key,
    reserved integer not null
  );

  create table orders (
    order_id text primary key,
    product_id text not null,
    product_name text not null,
    user_id text not null,
    user_name text not null,
    quantity integer not null,
    unit_price_cents bigint not null,
    total_cost_cents bigint not null,
    shipping_address text not null,
    status text not null,
    payment boolean not null,
    placed_at timestamptz not null,
    log_partition integer not null,
    log_offset bigint not null
  );
  create index orders_newest on orders (placed_at desc, log_partition desc, log_offset desc);
  create index orders_of_user on orders (user_id, placed_at desc, log_partition desc, log_offset desc);

  create table users (
    uid text primary key,
    email text not null,
    name text not null,
    photo_url text,
    email_verified boolean not null default false,
    admin boolean not null default false,
    signed_in boolean not null default false,
    last_seen_at timestamptz
  );

  create table projection_checkpoints (
    topic text not null,
    partition integer not null,
    next_offset bigint not null,
    primary key (topic, partition)
  );
  `,
];

/** Applies the migrations this database has not seen yet, each in its own transaction. */
export async function migrateReadModel(sql: SqlExecutor): Promise<void> {
  await sql.query('create table if not exists read_model_migrations (version integer primary key, applied_at timestamptz not null default now())');
  const applied = await sql.query<{ version: number }>('select version from read_model_migrations');
  const done = new Set(applied.rows.map((row) => Number(row.version)));
  for (const [index, migration] of READ_MODEL_MIGRATIONS.entries()) {
    const version = index + 1;
    if (done.has(version)) continue;
    await sql.transaction(async (tx) => {
      for (const statement of statements(migration)) await tx.query(statement);
      // A concurrent migrator that got here first makes this insert fail and the whole step roll back.
      await tx.query('insert into read_model_migrations (version) values ($1)', [version]);
    });
  }
}

/** Extended-protocol queries take one statement each. */
function statements(migration: string): string[] {
  return migration
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
