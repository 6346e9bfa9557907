import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderPaidByCard, orderPlaced, orderRefunded, paymentNotApplied, orderCancelled } from '@toolforge/contracts/testing';
import type { PaymentSettings } from '@toolforge/platform';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { PaymentProviderUnavailable, type LedgerEntry, type LedgerRange, type PaymentProvider } from '@toolforge/platform/payments';
import { logWriter } from '@toolforge/platform/testing';
import type { PaymentAudit } from './paymentAudit.js';
import { run } from './program.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
/** 2 × 10.00 = 20.00, + 5 % = 21.00, + 50 = 71.00 */
const paid = orderPlaced(vise, { orderId: 'o-paid', userId: 'u-ada', quantity: 2 }, { occurredAt: '2026-11-20T09:00:00.000Z' });
const late = orderPlaced(vise, { orderId: 'o-late', userId: 'u-ada', quantity: 2 }, { occurredAt: '2026-11-20T09:05:00.000Z' });
const LEDGER: LedgerEntry[] = [
  { kind: 'payment', paymentId: 'pi_paid', orderId: 'o-paid', amountCents: 71_00, currency: 'usd', at: '2026-11-20T10:00:00.000Z' },
  { kind: 'payment', paymentId: 'pi_late', orderId: 'o-late', amountCents: 71_00, currency: 'usd', at: '2026-11-20T11:00:00.000Z' },
  { kind: 'refund', refundId: 're_late', paymentId: 'pi_late', orderId: 'o-late', amountCents: 71_00, at: '2026-11-20T11:00:08.000Z' },
];

/** A provider that only keeps a ledger, and remembers how it was opened and what was asked of it. */
function ledgerOnly(entries: readonly LedgerEntry[] | Error) {
  const seen: { settings?: PaymentSettings; ranges: LedgerRange[] } = { ranges: [] };
  const unexpected = () => Promise.reject(new Error('the audit only reads the ledger'));
  const open = (settings: PaymentSettings): PaymentProvider => {
    seen.settings = settings;
    return {
      ledger: (range) => {
        seen.ranges.push(range);
        return entries instanceof Error ? Promise.reject(entries) : Promise.resolve([...entries]);
      },
      startPayment: unexpected,
      closePage: unexpected,
      refund: unexpected,
      readWebhook: () => {
        throw new Error('the audit only reads the ledger');
      },
    };
  };
  return { open, seen };
}

describe('toolforge audit payments on the embedded log', { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-payments-'));
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      const append = logWriter(await PgliteEventLog.open(db));
      const moment = (occurredAt: string) => ({ occurredAt });
      for (const event of [
        paid,
        late,
        orderPaidByCard(paid.data, { paymentId: 'pi_paid' }, moment('2026-11-20T10:00:05.000Z')),
        orderCancelled(late.data, {}, moment('2026-11-20T10:30:00.000Z')),
        paymentNotApplied(late.data, { paymentId: 'pi_late' }, moment('2026-11-20T11:00:05.000Z')),
        orderRefunded(late.data, { paymentId: 'pi_late', amountCents: 71_00, refundId: 're_late' }, moment('2026-11-20T11:00:09.000Z')),
      ])
        await append(event);
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_toolforge_local', STRIPE_WEBHOOK_SECRET: 'whsec_toolforge_local_development' };
  async function audit(argv: string[], provider: ReturnType<typeof ledgerOnly>, env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, ...STRIPE }) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await run(['audit', 'payments', ...argv], io, env, () => new Promise<void>(() => undefined), provider.open);
    return { code, stdout, stderr };
  }

  it('finds the ledger and the log agreeing (exit 0), opening the provider on the STRIPE_* settings, reading the range widened', async () => {
    const provider = ledgerOnly(LEDGER);
    const { code, stdout, stderr } = await audit(['--from', '2026-11-20', '--to', '2026-11-21'], provider);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      "Payments from 2026-11-20T00:00:00.000Z to 2026-11-21T00:00:00.000Z: the provider's ledger holds 2 captured payments and 1 refund; " +
        'the log records 2 payments (OrderPaid by card, PaymentNotApplied) and 1 refund.\n' +
        "The provider's ledger and the log agree.\n",
    );
    expect(provider.seen.settings).toMatchObject({ secretKey: 'sk_test_toolforge_local', currency: 'usd' });
    expect(provider.seen.ranges).toEqual([{ from: new Date('2026-11-17T00:00:00.000Z'), to: new Date('2026-11-24T00:00:00.000Z') }]);
  });

  it('reports each finding with exit code 1, as a table or as JSON', async () => {
    const provider = ledgerOnly([
      ...LEDGER.slice(1),
      { kind: 'payment', paymentId: 'pi_stray', orderId: 'o-paid', amountCents: 71_00, currency: 'usd', at: '2026-11-20T12:00:00.000Z' },
    ]);
    const table = await audit([], provider);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/DISAGREE: 2 findings\.\nFINDING +ID +ORDER +PROVIDER +LOG\n/);
    expect(table.stdout).toMatch(/payment-not-recorded +pi_stray +o-paid +captured 71\.00 USD at 2026-11-20T12:00:00\.000Z/);
    expect(table.stdout).toMatch(/payment-not-at-provider +pi_paid +o-paid +no captured payment +OrderPaid at sales\.orders\/0\/2: 71\.00/);

    const json = await audit(['--format', 'json'], provider);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as PaymentAudit;
    expect(report.range).toEqual({ from: null, to: null });
    expect(report.findings.map((finding) => finding.kind)).toEqual(['payment-not-recorded', 'payment-not-at-provider']);
  });

  it('refuses with exit code 2 and says why: no provider settings, a range that ends before it starts, a provider out of reach', async () => {
    const provider = ledgerOnly(LEDGER);
    const unset = await audit([], provider, { DATA_DIR: dataDir });
    expect(unset).toMatchObject({ code: 2, stdout: '' });
    expect(unset.stderr).toMatch(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    const halfSet = await audit([], provider, { DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(halfSet).toMatchObject({ code: 2, stdout: '' });
    expect(halfSet.stderr).toMatch(/STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET/);
    expect(provider.seen.settings).toBeUndefined();

    const backwards = await audit(['--from', '2026-11-21', '--to', '2026-11-20'], provider);
    expect(backwards).toMatchObject({ code: 2, stdout: '' });
    expect(backwards.stderr).toMatch(/--to is not after --from/);
    expect((await audit(['--from', 'yesterday'], provider)).code).toBe(2);

    const away = await audit([], ledgerOnly(new PaymentProviderUnavailable('connect ECONNREFUSED 127.0.0.1:12111')));
    expect(away).toMatchObject({ code: 2, stdout: '' });
    expect(away.stderr).toBe('toolforge: cannot reach the payment provider: connect ECONNREFUSED 127.0.0.1:12111\n');
  });
});
