import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { creditNoteIssued, invoiceIssued, orderCancelled, orderMoved, orderPlaced } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlQueryable } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { Projector } from '../projector.js';
import { openTestReadModel } from '../test/readModel.js';
import type { InvoiceAudit } from './invoiceAudit.js';
import { run } from './program.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };

/** Three orders paid and invoiced: 2026's invoices 1 and 2 (the second cancelled and reversed), and 2027's invoice 2, its first never issued. */
const ISSUED = [
  ['o-1', 1, '2026-12-30T10:00:00.000Z'],
  ['o-2', 2, '2026-12-31T10:00:00.000Z'],
  ['o-3', 2, '2027-01-02T10:00:00.000Z'],
] as const;

describe('toolforge audit invoices on the embedded log', { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-invoices-'));
    // As `make start` keeps them: the log and the read model each in a database of its own.
    const db = await openEmbeddedPostgres(dataDir, 'log');
    const readModelDb = await openEmbeddedPostgres(dataDir, 'readModel');
    try {
      const log = await PgliteEventLog.open(db);
      const append = logWriter(log);
      for (const [orderId, sequence, issuedAt] of ISSUED) {
        const placed = orderPlaced(vise, { orderId, userId: 'u-ada', quantity: 2 }, { occurredAt: '2026-12-01T09:00:00.000Z' });
        await append(placed);
        await append(orderMoved(placed.data, 'OrderPaid', { occurredAt: issuedAt }));
        const invoice = invoiceIssued(placed.data, { sequence, issuedAt }, { occurredAt: issuedAt });
        await append(invoice);
        if (orderId !== 'o-2') continue;
        const reversedAt = '2026-12-31T11:00:00.000Z';
        await append(orderCancelled(placed.data, { by: 'admin' }, { occurredAt: reversedAt }));
        await append(creditNoteIssued(invoice.data, { sequence: 1, issuedAt: reversedAt }, { occurredAt: reversedAt }));
      }
      const readModel = pgliteSql(readModelDb);
      await new Projector({ log, store: await openTestReadModel(readModel) }).catchUp();
      documentsBefore = await documentRows(readModel);
    } finally {
      await Promise.all([db.close(), readModelDb.close()]);
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  let documentsBefore: unknown;
  /** The documents as the read model keeps them, and their numbers on their orders' rows. */
  const documentRows = async (sql: SqlQueryable) => [
    (await sql.query('select order_id, kind, nth, number, issued_at, data from order_documents order by number')).rows,
    (await sql.query('select order_id, invoice_number, credit_note_numbers, event_offsets from orders order by order_id')).rows,
  ];
  /** The read model in the data dir, opened while the tool is not running. */
  async function inReadModel<T>(look: (sql: SqlQueryable) => Promise<T>): Promise<T> {
    const db = await openEmbeddedPostgres(dataDir, 'readModel');
    try {
      return await look(pgliteSql(db));
    } finally {
      await db.close();
    }
  }

  async function audit(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await run(argv[0] === 'rebuild' || argv[0] === 'replay' ? argv : ['audit', 'invoices', ...argv], io, {
      DATA_DIR: dataDir,
    });
    return { code, stdout, stderr };
  }

  it('finds a year whose documents hold clean (exit 0), and names the number missing from another (exit 1), as text or JSON', async () => {
    expect(await audit(['--year', '2026'])).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Documents of 2026: 2 invoices and 1 credit note checked, and 2 payments (OrderPaid) held to their invoices.\n' +
        'Every number is issued once, without a gap, and every document agrees with its order.\n',
    });

    const gap = await audit(['--year', '2027']);
    expect({ code: gap.code, stderr: gap.stderr }).toEqual({ code: 1, stderr: '' });
    expect(gap.stdout).toMatch(/DISAGREE: 1 finding\.\nFINDING +ORDER +NUMBERS +DETAIL\n/);
    expect(gap.stdout).toMatch(/number-gap +\(none\) +INV-2027-000001 +INV 2027: 1 of 1\.\.2 missing \(1 issued\)\n/);

    const json = await audit(['--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as InvoiceAudit;
    expect(report).toMatchObject({ year: null, checked: { invoices: 3, creditNotes: 1, payments: 3 } });
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'number-gap', numbers: ['INV-2027-000001'] })]);
  });

  it('refuses a year that is no year of four digits, or a format it does not write, with exit code 2 and says why', async () => {
    for (const year of ['26', '20266', 'twenty', '0999', '2026-01']) {
      const refused = await audit(['--year', year]);
      expect(refused, year).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr, year).toMatch(/expected a year of four digits/);
    }
    expect(await audit(['--format', 'csv'])).toMatchObject({ code: 2, stdout: '' });
  });

  it('rebuilds the documents as the projector kept them, and replays one deleted by hand back as the log says', async () => {
    expect((await audit(['rebuild'])).code).toBe(0);
    expect(await inReadModel(documentRows)).toEqual(documentsBefore);

    await inReadModel((sql) => sql.query("delete from order_documents where number = 'CN-2026-000001'"));
    const replayed = await audit(['replay', '--from', '2026-12-01', '--format', 'json']);
    expect(replayed.code).toBe(0);
    expect((JSON.parse(replayed.stdout) as { changes: { key: string }[] }).changes.map((change) => change.key)).toContain(
      'o-2/creditNote/1',
    );
    expect(await inReadModel(documentRows)).toEqual(documentsBefore);
  });
});
