import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { MailOutbox } from './outbox.js';
import { startSmtpCatcher, type SmtpCatcher } from './test/smtpCatcher.js';

/** The e-mails in a process of their own, on the build (test/emailsChild.mjs). */
const CHILD = fileURLToPath(new URL('./test/emailsChild.mjs', import.meta.url));
/** A child opens two PGlite databases and sends a few e-mails: seconds, bounded. */
const CHILD_BOUND_MS = 60_000;

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
}

describe('the order e-mails killed with SIGKILL', () => {
  let dataDir: string;
  let catcher: SmtpCatcher;
  let child: ChildProcess | undefined;
  /** The DATA after which the catcher kills the sender, before it answers (the message is in, the sender never hears so). */
  let killOnData: number | undefined;
  const customer = userSignedIn({ uid: 'uid-ada', email: 'ada@example.test' });
  const hammer = productAdded().data;
  const first = orderPlaced(hammer, { userId: 'uid-ada' });
  const second = orderPlaced(hammer, { userId: 'uid-ada' });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-mail-crash-'));
    catcher = await startSmtpCatcher((count) => {
      if (count === killOnData) child?.kill('SIGKILL');
      return undefined;
    });
    // The outbox's first start, on an empty log; then the customer and two orders, as the shop appends them.
    const logDb = await openEmbeddedPostgres(dataDir, 'log');
    const readModelDb = await openEmbeddedPostgres(dataDir, 'readModel');
    const log = await PgliteEventLog.open(logDb);
    await new MailOutbox({ sql: pgliteSql(readModelDb), log, shopUrl: 'https://shop.test' }).open();
    const append = logWriter(log);
    for (const event of [customer, first, second]) await append(event);
    await Promise.all([logDb.close(), readModelDb.close()]);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await catcher?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function runChild(mode: 'decide-crash' | 'run'): Promise<Ended> {
    const started = spawn(process.execPath, [CHILD], {
      env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: catcher.url, MODE: mode },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    let stdout = '';
    started.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    return new Promise((ended, failed) => {
      const timer = setTimeout(() => {
        started.kill('SIGKILL');
        failed(new Error(`the e-mails' process did not end within ${CHILD_BOUND_MS} ms`));
      }, CHILD_BOUND_MS);
      started.on('exit', (code, signal) => {
        clearTimeout(timer);
        ended({ code, signal, stdout });
      });
    });
  }

  it('loses no e-mail to a crash before the outbox commits, and sends one again, with its Message-ID, after a crash before the mark', async () => {
    // Dies inside the transaction that records the e-mails: nothing recorded, nothing sent.
    const decideCrash = await runChild('decide-crash');
    expect(decideCrash.signal).toBe('SIGKILL');
    expect(catcher.dataCount()).toBe(0);

    // Decides both e-mails again, and is killed once the server has the first one, before it is told so.
    killOnData = 1;
    const sendCrash = await runChild('run');
    expect(sendCrash.signal).toBe('SIGKILL');
    expect(catcher.received.map((mail) => mail.messageId)).toEqual([`<${first.meta.eventId}@toolforge.test>`]);

    // Restarted: the first e-mail again, with the same Message-ID (the one duplicate), then the second; all marked sent.
    killOnData = undefined;
    const restarted = await runChild('run');
    expect(restarted.code).toBe(0);
    expect(catcher.received.map((mail) => mail.messageId)).toEqual([
      `<${first.meta.eventId}@toolforge.test>`,
      `<${first.meta.eventId}@toolforge.test>`,
      `<${second.meta.eventId}@toolforge.test>`,
    ]);
    expect(JSON.parse(restarted.stdout)).toEqual([
      { event_id: first.meta.eventId, state: 'sent' },
      { event_id: second.meta.eventId, state: 'sent' },
    ]);
  });
});
