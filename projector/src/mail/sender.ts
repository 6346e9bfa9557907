import { createTransport, type Transporter } from 'nodemailer';
import { documentFileName } from '@toolforge/contracts';
import { composeOrderEmail, renderCreditNote, renderInvoice } from '@toolforge/documents';
import { Sleepers } from '@toolforge/platform';
import type { SqlExecutor } from '@toolforge/platform/sql';
import type { Attachment } from './decisions.js';
import type { MailLogger, OutboxMessage } from './outbox.js';
import type { SenderLock } from './senderLock.js';

/** How an e-mail the SMTP server could not take now is tried again: backing off, then given up. */
export interface MailRetry {
  /** The wait after the first failure; each next one doubles it. */
  readonly firstMs: number;
  readonly maxMs: number;
  /** From its decision: past this, a row that still fails is marked failed (and logged), never tried again. */
  readonly giveUpAfterMs: number;
}

/** About an hour of tries: 10 s, 20 s, … up to 10 min apart (docs/documents.md). */
export const DEFAULT_MAIL_RETRY: MailRetry = { firstMs: 10_000, maxMs: 600_000, giveUpAfterMs: 3_600_000 };

/** How an e-mail's body and its document are made (@toolforge/documents); tests may not replace the SMTP side, only this. */
export interface MailRendering {
  readonly compose: typeof composeOrderEmail;
  readonly renderInvoice: typeof renderInvoice;
  readonly renderCreditNote: typeof renderCreditNote;
}

export interface MailSenderDeps {
  readonly sql: SqlExecutor;
  /** MailSettings.smtpUrl and .from. */
  readonly smtpUrl: string;
  readonly from: string;
  /** One sender per database (senderLock.ts). */
  readonly lock: SenderLock;
  readonly logger?: MailLogger;
  readonly retry?: MailRetry;
  /** The wait between looks at the outbox when nothing woke the sender; 500 ms unless set. */
  readonly pollIntervalMs?: number;
  readonly rendering?: MailRendering;
}

/** SMTP's waits, bounded: a send never hangs the sender (nodemailer's defaults reach minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

interface DueRow {
  event_id: string;
  message: OutboxMessage | string;
  attempts: number;
  decided_at: string | Date;
}

/**
 * Sends the outbox's pending e-mails in the order decided (docs/documents.md): composes each from
 * its row, attaches its document, sends it over SMTP with the Message-ID of the deciding event, and
 * marks it sent once the server accepted it. A crash between the acceptance and the mark sends that
 * one e-mail again after the restart, with the same Message-ID: at most one duplicate, never a loss.
 * A server that says "not now" (4xx, a broken connection) is tried again with backoff; a permanent
 * refusal (5xx) fails the row at once. Only the holder of the lock sends.
 */
export class MailSender {
  private readonly transport: Transporter;
  private readonly domain: string;
  private readonly retry: MailRetry;
  private readonly pollIntervalMs: number;
  private readonly rendering: MailRendering;
  private readonly sleeps = new Sleepers();
  private running: Promise<void> | undefined;
  private stopping = false;
  /** The sends under way: one row at a time in this process, whoever asked (the loop, a wake-up, a test). */
  private sending: Promise<number> = Promise.resolve(0);

  constructor(private readonly deps: MailSenderDeps) {
    this.transport = createTransport({ url: deps.smtpUrl, ...SMTP_TIMEOUTS });
    this.domain = messageIdDomain(deps.from);
    this.retry = deps.retry ?? DEFAULT_MAIL_RETRY;
    this.pollIntervalMs = deps.pollIntervalMs ?? 500;
    this.rendering = deps.rendering ?? { compose: composeOrderEmail, renderInvoice, renderCreditNote };
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** The outbox recorded e-mails: look now rather than at the next poll. */
  wake(): void {
    this.sleeps.wakeAll();
  }

  /** Lets the send under way finish, then lets the lock go. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.sleeps.wakeAll();
    await this.running;
    this.running = undefined;
    this.stopping = false;
    this.transport.close();
    await this.deps.lock.release();
  }

  /** Sends every row due now, one after the other; resolves how many were tried. Only while holding the lock. */
  sendDue(): Promise<number> {
    const next = this.sending.catch(() => 0).then(() => this.sendDueNow());
    this.sending = next;
    return next;
  }

  private async sendDueNow(): Promise<number> {
    let tried = 0;
    while (!this.stopping && (await this.deps.lock.tryAcquire())) {
      const due = await this.deps.sql.query<DueRow>(
        `select event_id, message, attempts, decided_at from mail_outbox
          where state = 'pending' and next_attempt_at <= now() order by seq limit 1`,
      );
      const row = due.rows[0];
      if (!row) break;
      await this.sendRow(row);
      tried += 1;
    }
    return tried;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.sendDue();
      } catch (error) {
        // The database, not the SMTP server (sendRow keeps those): try again at the next poll.
        this.deps.logger?.error({ err: error }, 'the e-mail sender could not read the outbox');
      }
      if (!this.stopping) await this.sleeps.sleep(this.pollIntervalMs);
    }
  }

  private async sendRow(row: DueRow): Promise<void> {
    const message = typeof row.message === 'string' ? (JSON.parse(row.message) as OutboxMessage) : row.message;
    const { sql, logger } = this.deps;
    try {
      if (!message.to) throw new Error('a pending e-mail has no recipient');
      const composed = this.rendering.compose(message.facts);
      const attachments = message.attachment ? [await this.attachmentOf(message.attachment)] : [];
      await this.transport.sendMail({
        from: this.deps.from,
        to: { name: message.to.name, address: message.to.address },
        subject: composed.subject,
        html: composed.html,
        text: composed.text,
        // The deciding event's: a message sent again after a crash is known for the same one.
        messageId: `<${row.event_id}@${this.domain}>`,
        attachments,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const code = (error as { responseCode?: number }).responseCode;
      const permanent = code !== undefined && code >= 500;
      const tooLong = Date.now() - new Date(row.decided_at).getTime() >= this.retry.giveUpAfterMs;
      if (permanent || tooLong) {
        await sql.query(`update mail_outbox set state = 'failed', attempts = $2, reason = $3 where event_id = $1`, [
          row.event_id,
          attempts,
          reasonOf(error),
        ]);
        logger?.error({ err: error, eventId: row.event_id, attempts }, 'an order e-mail could not be sent and is given up');
        return;
      }
      const waitMs = Math.min(this.retry.maxMs, this.retry.firstMs * 2 ** (attempts - 1));
      await sql.query(
        `update mail_outbox set attempts = $2, reason = $3, next_attempt_at = now() + $4 * interval '1 millisecond' where event_id = $1`,
        [row.event_id, attempts, reasonOf(error), waitMs],
      );
      logger?.warn({ err: error, eventId: row.event_id, attempts, waitMs }, 'an order e-mail could not be sent now; trying again');
      return;
    }
    await sql.query(`update mail_outbox set state = 'sent', attempts = attempts + 1, reason = null, sent_at = now() where event_id = $1`, [
      row.event_id,
    ]);
  }

  private async attachmentOf(attachment: Attachment) {
    const [number, bytes] =
      attachment.kind === 'invoice'
        ? [attachment.data.invoiceNumber, await this.rendering.renderInvoice(attachment.data)]
        : [attachment.data.creditNoteNumber, await this.rendering.renderCreditNote(attachment.data)];
    return { filename: documentFileName(number), content: Buffer.from(bytes), contentType: 'application/pdf' };
  }
}

/** The domain of MAIL_FROM's address ("Name <orders@example.com>"): the Message-IDs' right side. */
export function messageIdDomain(from: string): string {
  const address = from.includes('<') ? from.slice(from.lastIndexOf('<') + 1, from.lastIndexOf('>')) : from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return address.includes('@') && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'toolforge.localhost';
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
