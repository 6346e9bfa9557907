import { applyMigrations, type Migration, type SqlExecutor } from '@toolforge/platform/sql';

/**
 * The order e-mails' tables (docs/documents.md): in the read model's database, but not part of the
 * read model. A rebuild, a replay or a log change never empties them, and they are numbered in a
 * ledger of their own (mail_migrations), which a rebuild's switch of the read model's tables leaves
 * alone: a read model made again never sends an e-mail again.
 * - mail_log: the log the checkpoints point into, and when the outbox first started on it.
 * - mail_checkpoints: per topic partition, the next offset to read, and from which offset events
 *   owe e-mails (the log's end at the first start: earlier events are folded, never mailed).
 * - mail_recipients: each account's address and whether it is verified (UserSignedIn).
 * - mail_orders: what each order's e-mails say (decisions.ts, OrderMailState).
 * - mail_outbox: one row per e-mail owed, keyed by the deciding event's id (its Message-ID), with
 *   what it is composed from; pending until the SMTP server accepted it (sender.ts).
 * Version 2: a customer's orders' folds, and an order's e-mails, found by index: what an erasure
 * forgets (forgetting.ts) and what a customer's copy of their data lists (GET /me/data).
 */
export const MAIL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    ddl: `
  create table mail_log (
    one boolean primary key default true check (one),
    log_id text not null,
    anchored_at timestamptz not null default now()
  );

  create table mail_checkpoints (
    topic text not null,
    partition integer not null,
    next_offset bigint not null,
    decide_from bigint not null,
    primary key (topic, partition)
  );

  create table mail_recipients (
    uid text primary key,
    email text not null,
    email_verified boolean not null
  );

  create table mail_orders (
    order_id text primary key,
    state jsonb not null
  );

  create table mail_outbox (
    event_id text primary key,
    seq bigint generated always as identity unique,
    order_id text not null,
    email text not null,
    state text not null check (state in ('pending', 'sent', 'skipped', 'failed')),
    reason text,
    message jsonb not null,
    attempts integer not null default 0,
    decided_at timestamptz not null default now(),
    next_attempt_at timestamptz not null default now(),
    sent_at timestamptz
  );

  create index mail_outbox_pending on mail_outbox (seq) where state = 'pending'
  `,
  },
  {
    version: 2,
    ddl: `
  create index mail_orders_of_customer on mail_orders ((state->>'userId'));
  create index mail_outbox_of_order on mail_outbox (order_id)
  `,
  },
];

/** Runs the e-mails' migrations this database has not run yet. */
export function migrateMail(sql: SqlExecutor): Promise<void> {
  return applyMigrations(sql, MAIL_MIGRATIONS, 'mail_migrations');
}
