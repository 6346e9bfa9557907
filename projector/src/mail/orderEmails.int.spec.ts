import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  creditNoteIssued,
  customerForgotten,
  invoiceIssued,
  orderCancelled,
  orderEmailResendRequested,
  orderMoved,
  orderPaidByCard,
  orderPlaced,
  orderRefunded,
  productAdded,
  userSignedIn,
} from '@toolforge/contracts/testing';
import type { AppendResult } from '@toolforge/platform';
import { PgliteEventLog, openEmbeddedPostgres, type PGlite } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { renderCreditNote, renderInvoice } from '@toolforge/documents';
import { startOrderEmails, type OrderEmails } from './orderEmails.js';
import type { MailRendering, MailRetry } from './sender.js';
import { ONLY_PROCESS } from './senderLock.js';
import { TEST_RENDERING } from './test/rendering.js';
import { startSmtpCatcher, type DataAnswer, type SmtpCatcher } from './test/smtpCatcher.js';

const FROM = 'ToolForge <orders@toolforge.test>';
/** Every wait is bounded: e-mails arrive within a poll or two. */
const ARRIVAL = { timeout: 10_000, interval: 50 };
const hammer = productAdded().data;

interface Shop {
  log: PgliteEventLog;
  sql: SqlExecutor;
  append: (event: ShopEvent) => Promise<AppendResult>;
  catcher: SmtpCatcher;
  emails?: OrderEmails;
  start(): Promise<OrderEmails>;
  rows(): Promise<{ event_id: string; email: string; state: string; reason: string | null; attempts: number }[]>;
}

/** Opened once per file (a PGlite takes seconds to open) and emptied for each test. */
let logDb: PGlite;
let readModelDb: PGlite;
beforeAll(async () => {
  [logDb, readModelDb] = await Promise.all([openEmbeddedPostgres(null), openEmbeddedPostgres(null, 'readModel')]);
});

const opened: Shop[] = [];
afterEach(async () => {
  for (const shop of opened.splice(0)) {
    await shop.emails?.stop();
    await shop.catcher.close();
  }
});

/** An empty log and read model database, an SMTP server, and the e-mails started on demand (woken on append, as embedded). */
async function openShop(
  onData?: (count: number) => DataAnswer | Promise<DataAnswer>,
  rendering: MailRendering | 'documents' = TEST_RENDERING,
  retry: MailRetry = { firstMs: 50, maxMs: 200, giveUpAfterMs: 60_000 },
): Promise<Shop> {
  const log = await PgliteEventLog.open(logDb);
  await logDb.exec('delete from events');
  await readModelDb.exec('drop schema public cascade; create schema public');
  const sql = pgliteSql(readModelDb);
  const catcher = await startSmtpCatcher(onData);
  const shop: Shop = {
    log,
    sql,
    append: logWriter(log),
    catcher,
    async start() {
      shop.emails = await startOrderEmails({
        sql,
        log,
        mail: { smtpUrl: catcher.url, from: FROM, shopUrl: 'https://shop.test' },
        lock: ONLY_PROCESS,
        pollIntervalMs: 100,
        retry,
        rendering: rendering === 'documents' ? undefined : rendering,
      });
      log.onAppend(() => shop.emails?.wake());
      return shop.emails;
    },
    async rows() {
      const found = await sql.query<{ event_id: string; email: string; state: string; reason: string | null; attempts: number }>(
        'select event_id, email, state, reason, attempts from mail_outbox order by seq',
      );
      return found.rows;
    },
  };
  opened.push(shop);
  return shop;
}

const messageId = (event: ShopEvent) => `<${event.meta.eventId}@toolforge.test>`;

describe('the order e-mails', () => {
  it('sends each e-mail of an order’s life once, to the verified customer, with the deciding event’s Message-ID and its document', async () => {
    // The shop's own e-mails and PDFs (@toolforge/documents).
    const shop = await openShop(undefined, 'documents');
    await shop.start();
    const customer = userSignedIn({ uid: 'uid-ada', email: 'ada@example.test', name: 'Ada' });
    const paidOrder = orderPlaced(hammer, { userId: 'uid-ada', userName: 'Ada Lovelace' });
    const invoice = invoiceIssued(paidOrder.data, { sequence: 1, issuedAt: '2026-05-01T09:00:00.000Z' });
    const cancelledOrder = orderPlaced(hammer, { userId: 'uid-ada', userName: 'Ada Lovelace' });
    const cancelledInvoice = invoiceIssued(cancelledOrder.data, { sequence: 2, payment: { method: 'card', reference: 'pi_2' } });
    const cancelled = orderCancelled(cancelledOrder.data, { reason: 'Changed my mind', by: 'admin' });
    const creditNote = creditNoteIssued(cancelledInvoice.data, { sequence: 1, issuedAt: '2026-05-02T09:00:00.000Z' });
    const refunded = orderRefunded(cancelledOrder.data, { paymentId: 'pi_2', amountCents: cancelledOrder.data.totalCostCents });
    const shipped = orderMoved(paidOrder.data, 'OrderShipped');
    const delivered = orderMoved(paidOrder.data, 'OrderDelivered');
    for (const event of [
      customer,
      paidOrder,
      orderPaidByCard(paidOrder.data),
      invoice,
      shipped,
      delivered,
      cancelledOrder,
      orderPaidByCard(cancelledOrder.data, { paymentId: 'pi_2' }),
      cancelledInvoice,
      cancelled,
      creditNote,
      refunded,
    ]) {
      await shop.append(event);
    }
    const deciding = [paidOrder, invoice, shipped, delivered, cancelledOrder, cancelledInvoice, cancelled, refunded];
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(deciding.length);

    const received = shop.catcher.received;
    expect(received.map((mail) => mail.messageId)).toEqual(deciding.map(messageId));
    // Each subject names its order, and no two e-mails of an order share one.
    received.forEach((mail, index) => expect(mail.subject).toContain((deciding[index]!.data as { orderId: string }).orderId));
    expect(new Set(received.map((mail) => mail.subject)).size).toBe(deciding.length);
    for (const mail of received) {
      expect(mail.to).toMatchObject({ value: [{ address: 'ada@example.test', name: 'Ada Lovelace' }] });
      expect(mail.from).toMatchObject({ value: [{ address: 'orders@toolforge.test', name: 'ToolForge' }] });
    }
    expect(received.map((mail) => mail.attachments.map((file) => file.filename))).toEqual([
      [],
      ['INV-2026-000001.pdf'],
      [],
      [],
      [],
      [cancelledInvoice.data.invoiceNumber + '.pdf'],
      [],
      ['CN-2026-000001.pdf'],
    ]);
    expect(received[1]!.attachments[0]!.contentType).toBe('application/pdf');
    const rendered = Buffer.from(await renderInvoice(invoice.data));
    expect(received[1]!.attachments[0]!.content.equals(rendered)).toBe(true);
    expect(received[7]!.attachments[0]!.content.equals(Buffer.from(await renderCreditNote(creditNote.data)))).toBe(true);
    expect(received[6]!.text).toContain('Changed my mind');
    expect((await shop.rows()).map((row) => row.state)).toEqual(Array(deciding.length).fill('sent'));
    // Nothing is sent twice: a pass that finds nothing new records nothing.
    expect(await shop.emails!.outbox.catchUp()).toBe(0);
    expect(await shop.emails!.sender.sendDue()).toBe(0);
    expect(shop.catcher.dataCount()).toBe(deciding.length);
  });

  it('sends nothing to a customer whose address is not verified, or not known: their rows are skipped', async () => {
    const shop = await openShop();
    await shop.start();
    await shop.append(userSignedIn({ uid: 'uid-eve', emailVerified: false }));
    const unverified = orderPlaced(hammer, { userId: 'uid-eve' });
    const unknown = orderPlaced(hammer, { userId: 'uid-never-signed-in' });
    await shop.append(unverified);
    await shop.append(unknown);
    await shop.emails!.outbox.catchUp();
    await shop.emails!.sender.sendDue();
    expect(await shop.rows()).toEqual([
      { event_id: unverified.meta.eventId, email: 'placed', state: 'skipped', reason: 'the address is not verified', attempts: 0 },
      { event_id: unknown.meta.eventId, email: 'placed', state: 'skipped', reason: 'no address is known', attempts: 0 },
    ]);
    expect(shop.catcher.dataCount()).toBe(0);
  });

  it('sends a resent e-mail again as a new message, with the resend’s own Message-ID', async () => {
    const shop = await openShop();
    await shop.start();
    await shop.append(userSignedIn({ uid: 'uid-ada', email: 'ada@example.test' }));
    const placed = orderPlaced(hammer, { userId: 'uid-ada' });
    await shop.append(placed);
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(1);
    const resend = orderEmailResendRequested(placed.data.orderId, 'placed');
    await shop.append(resend);
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(2);
    expect(shop.catcher.received.map((mail) => mail.messageId)).toEqual([messageId(placed), messageId(resend)]);
    expect(shop.catcher.received[1]!.subject).toBe(shop.catcher.received[0]!.subject);
  });

  it('mails nothing of what the log held at its first start, yet knows those orders and customers', async () => {
    const shop = await openShop();
    await shop.append(userSignedIn({ uid: 'uid-ada', email: 'ada@example.test' }));
    const earlier = orderPlaced(hammer, { userId: 'uid-ada', userName: 'Ada Lovelace' });
    await shop.append(earlier);
    await shop.append(orderPaidByCard(earlier.data));
    await shop.append(invoiceIssued(earlier.data));
    await shop.start();
    const shipped = orderMoved(earlier.data, 'OrderShipped');
    await shop.append(shipped);
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(1);
    expect(shop.catcher.received[0]).toMatchObject({ messageId: messageId(shipped), text: 'shipped for Ada Lovelace' });
    expect((await shop.rows()).map((row) => row.event_id)).toEqual([shipped.meta.eventId]);
    // Started again on the same databases: bound already, nothing earlier is decided now either.
    await shop.emails!.stop();
    await shop.start();
    expect(await shop.emails!.outbox.catchUp()).toBe(0);
    expect(shop.catcher.dataCount()).toBe(1);
  });

  it('tries an e-mail the server cannot take now again, and gives one it refuses for good up, logged as failed', async () => {
    // The first DATA: "try later"; the third (the second order's): refused for good.
    const shop = await openShop((count) =>
      count === 1
        ? { code: 451, message: 'Greylisted, try again later' }
        : count === 3
          ? { code: 550, message: 'Mailbox unavailable' }
          : undefined,
    );
    await shop.start();
    await shop.append(userSignedIn({ uid: 'uid-ada', email: 'ada@example.test' }));
    const first = orderPlaced(hammer, { userId: 'uid-ada' });
    await shop.append(first);
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(1);
    const refused = orderPlaced(hammer, { userId: 'uid-ada' });
    await shop.append(refused);
    await expect.poll(async () => (await shop.rows()).map((row) => row.state), ARRIVAL).toEqual(['sent', 'failed']);
    const rows = await shop.rows();
    expect(rows[0]).toMatchObject({ event_id: first.meta.eventId, attempts: 2, reason: null });
    expect(rows[1]).toMatchObject({ event_id: refused.meta.eventId, attempts: 1 });
    expect(rows[1]!.reason).toContain('550');
    expect(shop.catcher.received.map((mail) => mail.messageId)).toEqual([messageId(first)]);
    expect(shop.catcher.dataCount()).toBe(3);
  });

  it('writes a hostile customer name as one recipient’s name: no second address, no header of its own', async () => {
    const shop = await openShop();
    await shop.start();
    await shop.append(userSignedIn({ uid: 'uid-mallory', email: 'mallory@example.test' }));
    const name = 'Mallory "Boss" <ceo@evil.test>, victim@evil.test; Bcc: all@evil.test';
    await shop.append(orderPlaced(hammer, { userId: 'uid-mallory', userName: name }));
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(1);
    const mail = shop.catcher.received[0]!;
    expect(mail.to).toMatchObject({ value: [{ address: 'mallory@example.test', name }] });
    expect((mail.to as { value: unknown[] }).value).toHaveLength(1);
    expect(mail.bcc).toBeUndefined();
    expect(mail.cc).toBeUndefined();
  });

  it('forgets an erased customer: no address, nothing of them in the e-mails kept, nothing pending or owed later sent', async () => {
    // The first two e-mails go out; the server asks to try every later one again, a minute later: none is under way unless made due.
    const shop = await openShop(
      (count) => (count > 2 ? { code: 451, message: 'Greylisted, try again later' } : undefined),
      TEST_RENDERING,
      {
        firstMs: 60_000,
        maxMs: 60_000,
        giveUpAfterMs: 600_000,
      },
    );
    await shop.start();
    const ada = { userId: 'uid-ada', userName: 'Ada Lovelace', shippingAddress: '12 Analytical Row, London' };
    await shop.append(userSignedIn({ uid: 'uid-ada', email: 'ada@example.test', name: 'Ada Lovelace' }));
    await shop.append(userSignedIn({ uid: 'uid-bo', email: 'bo@example.test', name: 'Bo Builder' }));
    const paid = orderPlaced(hammer, ada);
    for (const event of [paid, orderPaidByCard(paid.data), invoiceIssued(paid.data)]) await shop.append(event);
    await expect.poll(() => shop.catcher.received.length, ARRIVAL).toBe(2);
    const cancelled = orderPlaced(hammer, ada);
    await shop.append(cancelled);
    await shop.append(orderCancelled(cancelled.data, { reason: 'Send it to my sister Annabella instead' }));
    const bos = orderPlaced(hammer, { userId: 'uid-bo', userName: 'Bo Builder' });
    await shop.append(bos);
    await expect.poll(async () => (await shop.rows()).filter((row) => row.attempts > 0).length, ARRIVAL).toBe(5);
    expect((await shop.rows()).map((row) => row.state)).toEqual(['sent', 'sent', 'pending', 'pending', 'pending']);

    await shop.append(customerForgotten('uid-ada'));
    await expect
      .poll(async () => (await shop.rows()).map((row) => [row.state, row.reason]), ARRIVAL)
      .toEqual([
        ['sent', null],
        ['sent', null],
        ['skipped', 'customer forgotten'],
        ['skipped', 'customer forgotten'],
        ['pending', expect.stringContaining('451')],
      ]);
    // An admin's resend of their order afterwards owes them nothing: skipped, no address looked for.
    const resend = orderEmailResendRequested(paid.data.orderId, 'paid');
    await shop.append(resend);
    await expect
      .poll(async () => (await shop.rows()).at(-1), ARRIVAL)
      .toMatchObject({
        event_id: resend.meta.eventId,
        state: 'skipped',
        reason: 'customer forgotten',
      });

    const kept = async (query: string) => JSON.stringify((await shop.sql.query(query)).rows);
    const outbox = await kept(`select order_id, message from mail_outbox where order_id <> '${bos.data.orderId}'`);
    const folds = await kept(`select state from mail_orders where order_id <> '${bos.data.orderId}'`);
    for (const trace of ['ada@example.test', 'Ada Lovelace', 'Analytical Row', 'Annabella']) {
      expect(outbox, trace).not.toContain(trace);
      expect(folds, trace).not.toContain(trace);
    }
    expect(outbox).toContain(paid.data.orderId);
    expect((await shop.sql.query('select uid, email from mail_recipients')).rows).toEqual([{ uid: 'uid-bo', email: 'bo@example.test' }]);
    // Every row due now: the other customer's e-mail is still owed them and tried again, the erased customer's no more.
    const attempts = async () => (await shop.rows()).map((row) => row.attempts);
    const before = await attempts();
    await shop.sql.query('update mail_outbox set next_attempt_at = now()');
    await expect.poll(attempts, ARRIVAL).toEqual([...before.slice(0, 4), before[4]! + 1, ...before.slice(5)]);
    expect(shop.catcher.received).toHaveLength(2);
  });
});
