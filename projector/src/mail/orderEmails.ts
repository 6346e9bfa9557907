import type { EventLog, LogEndSource } from '@toolforge/platform';
import type { IdentifiedLog, SqlExecutor } from '@toolforge/platform/sql';
import { MailOutbox, type MailLogger } from './outbox.js';
import { MailSender, type MailRendering, type MailRetry } from './sender.js';
import type { SenderLock } from './senderLock.js';

export interface OrderEmailsDeps {
  /** The read model's database (the outbox's tables live beside the read model's: tables.ts). */
  readonly sql: SqlExecutor;
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** ShopConfig.mail. */
  readonly mail: { readonly smtpUrl: string; readonly from: string; readonly shopUrl: string };
  readonly lock: SenderLock;
  readonly logger?: MailLogger;
  readonly pollIntervalMs?: number;
  readonly retry?: MailRetry;
  readonly rendering?: MailRendering;
}

/** The outbox and its sender, running. */
export interface OrderEmails {
  readonly outbox: MailOutbox;
  readonly sender: MailSender;
  /** Something was appended to the log (embedded: log.onAppend). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The order e-mails of a host (docs/documents.md): the outbox bound to the log (its first start
 * recorded) before this resolves, so that the host reports ready only once every later order is
 * owed its e-mails; then the outbox and the sender run until stop().
 */
export async function startOrderEmails(deps: OrderEmailsDeps): Promise<OrderEmails> {
  const sender = new MailSender({
    sql: deps.sql,
    smtpUrl: deps.mail.smtpUrl,
    from: deps.mail.from,
    lock: deps.lock,
    logger: deps.logger,
    retry: deps.retry,
    pollIntervalMs: deps.pollIntervalMs,
    rendering: deps.rendering,
  });
  const outbox = new MailOutbox({
    sql: deps.sql,
    log: deps.log,
    shopUrl: deps.mail.shopUrl,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    onDecided: () => sender.wake(),
  });
  await outbox.open();
  outbox.start();
  sender.start();
  return {
    outbox,
    sender,
    wake: () => outbox.wake(),
    async stop() {
      await outbox.stop();
      await sender.stop();
    },
  };
}
