/**
 * The read model's migrations as deployed before the tables moved into feature folders, copied
 * verbatim from platform/src/readModel/schema.ts (READ_MODEL_MIGRATIONS, versions 1 to 3). A
 * database migrated by them records these versions; the schema put together from the features
 * must mean exactly these statements by them, so such a database is up to date as it is.
 */
export const DEPLOYED_MIGRATIONS: readonly string[] = [
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
  // projection_dead_letters: the events the projector could not apply (an unknown type, a newer
  // schema version, data the database refuses, a record that is no event), set aside with the error
  // in the same transaction that moves the checkpoint past them. The event is kept as JSON text with
  // every NUL escaped: Postgres refuses NUL in text and jsonb alike, and jsonb would decode it again.
  // read_model_log: the one log this read model was built from; a projector refuses another one.
  `
  create table projection_dead_letters (
    topic text not null,
    partition integer not null,
    "offset" bigint not null,
    event_type text not null,
    event text not null,
    error text not null,
    dead_at timestamptz not null default now(),
    primary key (topic, partition, "offset")
  );

  create table read_model_log (
    one boolean primary key default true check (one),
    log_id text not null,
    bound_at timestamptz not null default now()
  );
  `,
  `
  alter table users add column stream_version integer not null default 0;
  alter table users add column sessions_ended_at integer not null default 0;
  `,
];
