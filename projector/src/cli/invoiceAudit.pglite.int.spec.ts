import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceIssued, orderMoved, orderPlaced } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { logWriter } from '@toolforge/platform/testing';
import type { InvoiceAudit } from './invoiceAudit.js';
import { run } from './program.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };

/** Three orders paid and invoiced: 2026's invoices 1 and 2, and 2027's invoice 2, its first never issued. */
const ISSUED = [
  ['o-1', 1, '2026-12-30T10:00:00.000Z'],
  ['o-2', 2, '2026-12-31T10:00:00.000Z'],
  ['o-3', 2, '2027-01-02T10:00:00.000Z'],
] as const;

describe('toolforge audit invoices on the embedded log', { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-invoices-'));
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      const append = logWriter(await PgliteEventLog.open(db));
      for (const [orderId, sequence, issuedAt] of ISSUED) {
        const placed = orderPlaced(vise, { orderId, userId: 'u-ada', quantity: 2 }, { occurredAt: '2026-12-01T09:00:00.000Z' });
        await append(placed);
        await append(orderMoved(placed.data, 'OrderPaid', { occurredAt: issuedAt }));
        await append(invoiceIssued(placed.data, { sequence, issuedAt }, { occurredAt: issuedAt }));
      }
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function audit(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await run(['audit', 'invoices', ...argv], io, { DATA_DIR: dataDir });
    return { code, stdout, stderr };
  }

  it('finds a year whose documents hold clean (exit 0), and names the number missing from another (exit 1), as text or JSON', async () => {
    expect(await audit(['--year', '2026'])).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Documents of 2026: 2 invoices and 0 credit notes checked, and 2 payments (OrderPaid) held to their invoices.\n' +
        'Every number is issued once, without a gap, and every document agrees with its order.\n',
    });

    const gap = await audit(['--year', '2027']);
    expect({ code: gap.code, stderr: gap.stderr }).toEqual({ code: 1, stderr: '' });
    expect(gap.stdout).toMatch(/DISAGREE: 1 finding\.\nFINDING +ORDER +NUMBERS +DETAIL\n/);
    expect(gap.stdout).toMatch(/number-gap +\(none\) +INV-2027-000001 +INV 2027: 1 of 1\.\.2 missing \(1 issued\)\n/);

    const json = await audit(['--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as InvoiceAudit;
    expect(report).toMatchObject({ year: null, checked: { invoices: 3, creditNotes: 0, payments: 3 } });
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
});
