import { TOPICS, type Topic } from '@toolforge/contracts';
import { Sleepers, type EventLog, type LogEndSource, type LogPage, type StoredEvent } from '@toolforge/platform';
import type { IdentifiedLog, SqlExecutor, SqlQueryable } from '@toolforge/platform/sql';
import { emailFacts, foldOrderMail, type Attachment, type OrderMailState, type OwedMessage } from './decisions.js';
import { FORGOTTEN_REASON, forgetRecipients } from './forgetting.js';
import { parsed } from './jsonb.js';
import { migrateMail } from './tables.js';
import type { OrderEmailFacts } from '@toolforge/documents';

/** Logs what the e-mails do (pino in the hosts). */
export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What an outbox row holds to be sent: composed when sent, from these alone (sender.ts). */
export interface OutboxMessage {
  /** Null when the row is skipped (no verified address). */
  readonly to: { readonly address: string; readonly name: string } | null;
  readonly facts: OrderEmailFacts;
  readonly attachment: Attachment | null;
}

export interface MailOutboxDeps {
  /** The read model's database; the outbox's tables are its own there (tables.ts). */
  readonly sql: SqlExecutor;
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** Where the e-mails' links point (MailSettings.shopUrl). */
  readonly shopUrl: string;
  /** Told after a commit that recorded e-mails to send: the sender's wake-up. */
  readonly onDecided?: () => void;
  readonly logger?: MailLogger;
  /** The wait between passes when nothing woke it (services mode polls Kafka); 500 ms unless set. */
  readonly pollIntervalMs?: number;
  /** The longest pause after failed passes, which back off from the poll interval. */
  readonly maxBackoffMs?: number;
  readonly pageSize?: number;
}

/** The topics the outbox reads: accounts first, so that an order's customer is known when its e-mail is decided. */
const MAIL_TOPICS: readonly Topic[] = [TOPICS.users, TOPICS.orders];

/** An order page named a customer whose sign-in the outbox has not read yet: read the accounts, then the page again. */
class RecipientsBehind extends Error {}

/**
 * The order e-mails' transactional outbox (docs/documents.md): reads the accounts and the orders
 * from its own checkpoints and, in one transaction per page, folds what the e-mails say, records
 * the e-mails the page's events owe (keyed by the deciding event's id, so never twice) and moves its
 * checkpoint. A crash before the commit leaves nothing; the next pass decides the page again. Not
 * part of the read model: a rebuild or replay never touches it, so nothing is sent again.
 */
export class MailOutbox {
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  private pass: Promise<number> = Promise.resolve(0);
  private running: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private readonly polls = new Sleepers();
  private readonly backoffs = new Sleepers();

  constructor(private readonly deps: MailOutboxDeps) {
    this.pollIntervalMs = deps.pollIntervalMs ?? 500;
    this.maxBackoffMs = deps.maxBackoffMs ?? 30_000;
  }

  /**
   * Migrates the outbox's tables and binds it to the log. On its first start on a log it records
   * where the log ends now: the events before are folded (the customers, the orders' documents),
   * never mailed, so a shop that upgrades does not mail its whole history. Call before the host
   * reports ready: an order placed after it gets its e-mails.
   */
  async open(): Promise<void> {
    const { sql, log, logger } = this.deps;
    await migrateMail(sql);
    const { logId } = await log.identify();
    const bound = await sql.query<{ log_id: string }>('select log_id from mail_log');
    if (bound.rows[0]?.log_id === logId) return;
    const ends = await Promise.all(MAIL_TOPICS.map(async (topic) => [topic, await log.endOffsets(topic)] as const));
    await sql.transaction(async (tx) => {
      await tx.query('lock table mail_log in exclusive mode');
      const again = await tx.query<{ log_id: string }>('select log_id from mail_log');
      const previous = again.rows[0]?.log_id;
      if (previous === logId) return; // another process bound it meanwhile
      if (previous !== undefined) {
        // Another log: its offsets mean nothing here. What was sent stays recorded (mail_outbox).
        logger?.warn({ previous, log: logId }, 'the e-mails now follow another log: only its new events are mailed');
        await tx.query('delete from mail_checkpoints');
        await tx.query('delete from mail_orders');
        await tx.query('delete from mail_recipients');
        await tx.query('delete from mail_log');
      }
      for (const [topic, partitions] of ends) {
        for (const [partition, end] of partitions) {
          await tx.query('insert into mail_checkpoints (topic, partition, next_offset, decide_from) values ($1, $2, 0, $3)', [
            topic,
            partition,
            end,
          ]);
        }
      }
      await tx.query('insert into mail_log (log_id) values ($1)', [logId]);
    });
  }

  /** Records the e-mails of everything the log holds past the checkpoints; resolves how many were recorded. */
  catchUp(): Promise<number> {
    // One pass at a time: a pass asked for while one runs begins after it, from its checkpoints.
    const next = this.pass.catch(() => 0).then(() => this.passOnce());
    this.pass = next;
    return next;
  }

  /** Runs until stop(): catch up, then wait for a wake-up or the poll interval; a failed pass is retried with backoff. */
  start(): void {
    this.running ??= this.loop();
  }

  /** Something was appended: catch up now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.polls.wakeAll();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.polls.wakeAll();
    this.backoffs.wakeAll();
    await this.running;
    this.running = undefined;
    await this.pass.catch(() => undefined);
    this.stopping = false;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      this.woken = false;
      try {
        await this.catchUp();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.deps.logger?.error({ err: error, failures }, 'the e-mails outbox failed a page; retrying from its checkpoint');
      }
      if (this.stopping) break;
      if (failures > 0) await this.backoffs.sleep(Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** (failures - 1)));
      else if (!this.woken) await this.polls.sleep(this.pollIntervalMs);
    }
  }

  private async passOnce(): Promise<number> {
    let recorded = 0;
    for await (const page of this.pages(MAIL_TOPICS)) {
      if (page.topic === TOPICS.users) {
        await this.applyAccounts(page);
        continue;
      }
      try {
        recorded += await this.applyOrders(page, false);
      } catch (error) {
        if (!(error instanceof RecipientsBehind)) throw error;
        for await (const accounts of this.pages([TOPICS.users])) await this.applyAccounts(accounts);
        recorded += await this.applyOrders(page, true);
      }
    }
    if (recorded > 0) this.deps.onDecided?.();
    return recorded;
  }

  private pages(topics: readonly Topic[]): AsyncIterable<LogPage> {
    return this.deps.log.readAll({
      topics,
      pageSize: this.deps.pageSize,
      from: async (topic, partition) => {
        const found = await this.deps.sql.query<{ next_offset: unknown }>(
          'select next_offset from mail_checkpoints where topic = $1 and partition = $2',
          [topic, partition],
        );
        return found.rows[0] ? Number(found.rows[0].next_offset) : 0;
      },
    });
  }

  /** The accounts' addresses, from their sign-ins, and the erased accounts forgotten (forgetting.ts), with the page's checkpoint. */
  private applyAccounts(page: LogPage): Promise<void> {
    return this.deps.sql.transaction(async (tx) => {
      const { events } = await claimPage(tx, page);
      const accounts = new Map<string, { email: string; verified: boolean }>();
      const forgotten = new Set<string>();
      for (const event of events) {
        if (event.type === 'UserSignedIn') accounts.set(event.data.uid, { email: event.data.email, verified: event.data.emailVerified });
        if (event.type === 'CustomerForgotten') {
          accounts.delete(event.data.uid);
          forgotten.add(event.data.uid);
        }
      }
      if (accounts.size > 0) {
        await tx.query(
          `insert into mail_recipients (uid, email, email_verified)
           select * from unnest($1::text[], $2::text[], $3::boolean[])
           on conflict (uid) do update set email = excluded.email, email_verified = excluded.email_verified`,
          [[...accounts.keys()], [...accounts.values()].map((a) => a.email), [...accounts.values()].map((a) => a.verified)],
        );
      }
      if (forgotten.size > 0) await forgetRecipients(tx, [...forgotten]);
      await advance(tx, page);
    });
  }

  /** The page's orders folded, the e-mails its events owe recorded, and its checkpoint, in one transaction. */
  private applyOrders(page: LogPage, accountsRead: boolean): Promise<number> {
    return this.deps.sql.transaction(async (tx) => {
      const { events, decideFrom } = await claimPage(tx, page);
      const orderIds = [...new Set(events.map((event) => (event.data as { orderId?: string }).orderId).filter((id) => id !== undefined))];
      const found = await tx.query<{ order_id: string; state: OrderMailState }>(
        'select order_id, state from mail_orders where order_id = any($1::text[])',
        [orderIds],
      );
      const states = new Map(found.rows.map((row) => [row.order_id, parsed<OrderMailState>(row.state)]));
      const changed = new Set<string>();
      const owed: { event: StoredEvent; message: OwedMessage; state: OrderMailState }[] = [];
      for (const event of events) {
        const orderId = (event.data as { orderId?: string }).orderId;
        if (orderId === undefined) continue;
        const { state, owes } = foldOrderMail(states.get(orderId), event);
        if (state === undefined) continue;
        states.set(orderId, state);
        changed.add(orderId);
        if (owes && event.position.offset >= decideFrom) owed.push({ event, message: owes, state });
      }
      // An erased customer's order owes them nothing more: no address is looked for.
      const uids = [...new Set(owed.filter(({ state }) => !state.forgotten).map(({ message }) => message.userId))];
      const known = await tx.query<{ uid: string; email: string; email_verified: boolean }>(
        'select uid, email, email_verified from mail_recipients where uid = any($1::text[])',
        [uids],
      );
      const recipients = new Map(known.rows.map((row) => [row.uid, row]));
      if (!accountsRead && uids.some((uid) => !recipients.has(uid))) throw new RecipientsBehind();
      let sendable = 0;
      if (owed.length > 0) {
        const rows = owed.map(({ event, message, state }) => {
          const recipient = state.forgotten ? undefined : recipients.get(message.userId);
          const verified = recipient?.email_verified === true;
          if (verified) sendable += 1;
          const body: OutboxMessage = {
            to: verified ? { address: recipient.email, name: state.customerName } : null,
            facts: emailFacts(state, message, this.deps.shopUrl),
            attachment: message.owed.attachment,
          };
          return {
            eventId: event.meta.eventId,
            orderId: message.orderId,
            email: message.email,
            // Only a verified address is mailed (docs/documents.md): the row says why not.
            state: verified ? 'pending' : 'skipped',
            reason: verified
              ? null
              : state.forgotten
                ? FORGOTTEN_REASON
                : recipient
                  ? 'the address is not verified'
                  : 'no address is known',
            body: JSON.stringify(body),
          };
        });
        await tx.query(
          `insert into mail_outbox (event_id, order_id, email, state, reason, message)
           select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
           on conflict (event_id) do nothing`,
          [
            rows.map((row) => row.eventId),
            rows.map((row) => row.orderId),
            rows.map((row) => row.email),
            rows.map((row) => row.state),
            rows.map((row) => row.reason),
            rows.map((row) => row.body),
          ],
        );
      }
      if (changed.size > 0) {
        await tx.query(
          `insert into mail_orders (order_id, state) select * from unnest($1::text[], $2::jsonb[])
           on conflict (order_id) do update set state = excluded.state`,
          [[...changed], [...changed].map((id) => JSON.stringify(states.get(id)))],
        );
      }
      await advance(tx, page);
      return sendable;
    });
  }
}

/**
 * Locks the page's partition's checkpoint for this transaction and answers the page's events not
 * yet applied: another process (a second projector) may have applied some meanwhile, and a fold is
 * applied once. A partition the first start did not see (empty then) owes e-mails from its start.
 */
async function claimPage(tx: SqlQueryable, page: LogPage): Promise<{ events: readonly StoredEvent[]; decideFrom: number }> {
  await tx.query(`insert into mail_checkpoints (topic, partition, next_offset, decide_from) values ($1, $2, 0, 0) on conflict do nothing`, [
    page.topic,
    page.partition,
  ]);
  const found = await tx.query<{ next_offset: unknown; decide_from: unknown }>(
    'select next_offset, decide_from from mail_checkpoints where topic = $1 and partition = $2 for update',
    [page.topic, page.partition],
  );
  const next = Number(found.rows[0]!.next_offset);
  return { events: page.events.filter((event) => event.position.offset >= next), decideFrom: Number(found.rows[0]!.decide_from) };
}

async function advance(tx: SqlQueryable, page: LogPage): Promise<void> {
  const last = page.events[page.events.length - 1]!.position.offset;
  await tx.query('update mail_checkpoints set next_offset = greatest(next_offset, $3) where topic = $1 and partition = $2', [
    page.topic,
    page.partition,
    last + 1,
  ]);
}
