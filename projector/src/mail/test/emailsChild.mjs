// The order e-mails in a process of their own, for the crash tests (outboxCrash.e2e.spec.ts): opens
// the log and the read model under DATA_DIR, records what the log owes (MODE=decide-crash dies by
// SIGKILL inside its first outbox transaction, before COMMIT), sends every pending row to SMTP_URL,
// then prints the outbox's rows as JSON and ends. Run on the build (dist), as a host runs it.
import { MailOutbox, MailSender, ONLY_PROCESS } from '@toolforge/projector';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';

const { DATA_DIR, SMTP_URL, MODE } = process.env;
const log = await PgliteEventLog.open(await openEmbeddedPostgres(DATA_DIR, 'log'));
const readModel = pgliteSql(await openEmbeddedPostgres(DATA_DIR, 'readModel'));

/** The read model's executor, but the first transaction that records e-mails ends the process before its COMMIT. */
const dyingBeforeCommit = {
  query: (text, params) => readModel.query(text, params),
  transaction: (work) =>
    readModel.transaction(async (tx) => {
      let recorded = false;
      const answer = await work({
        query: (text, params) => {
          if (text.includes('insert into mail_outbox')) recorded = true;
          return tx.query(text, params);
        },
      });
      if (recorded) process.kill(process.pid, 'SIGKILL');
      return answer;
    }),
};

const sql = MODE === 'decide-crash' ? dyingBeforeCommit : readModel;
const outbox = new MailOutbox({ sql, log, shopUrl: 'https://shop.test' });
await outbox.open();
await outbox.catchUp();
// What the composer writes is not these tests' subject: a plain stand-in, as in the outbox's own tests.
const rendering = {
  compose: (facts) => ({ subject: `Your order ${facts.orderId}: ${facts.email}`, html: `<p>${facts.email}</p>`, text: facts.email }),
  renderInvoice: (invoice) => Promise.resolve(new TextEncoder().encode(`%PDF-1.7 ${invoice.invoiceNumber}`)),
  renderCreditNote: (note) => Promise.resolve(new TextEncoder().encode(`%PDF-1.7 ${note.creditNoteNumber}`)),
};
const sender = new MailSender({ sql, smtpUrl: SMTP_URL, from: 'ToolForge <orders@toolforge.test>', lock: ONLY_PROCESS, rendering });
while ((await sender.sendDue()) > 0);
await sender.stop();
const rows = await sql.query('select event_id, state from mail_outbox order by seq');
process.stdout.write(JSON.stringify(rows.rows));
process.exit(0);
