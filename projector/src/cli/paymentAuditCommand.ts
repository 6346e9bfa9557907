import { TOPICS } from '@toolforge/contracts';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { PaymentProviderUnavailable, type LedgerEntry, type PaymentProvider } from '@toolforge/platform/payments';
import { auditPayments, ledgerRangeFor, paymentRecordsOf, type PaymentAudit } from './paymentAudit.js';
import { EXIT, textTable, type CliIo } from './output.js';
import { CannotConnect } from './shopConnection.js';

export interface AuditPaymentsOptions {
  readonly from?: Date;
  readonly to?: Date;
  readonly format: 'table' | 'json';
}

/**
 * `audit payments`: the provider's ledger against the log's order streams (paymentAudit.ts); 0 when
 * they agree, 1 on any finding. A provider that cannot be reached is a connection problem (exit 2).
 */
export async function auditPaymentsCommand(
  log: Pick<EventLog, 'readAll'>,
  provider: Pick<PaymentProvider, 'ledger'>,
  io: CliIo,
  options: AuditPaymentsOptions & { readonly currency: string },
): Promise<number> {
  const range = { ...(options.from && { from: options.from }), ...(options.to && { to: options.to }) };
  let ledger: LedgerEntry[];
  try {
    ledger = await provider.ledger(ledgerRangeFor(range));
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw new CannotConnect(`cannot reach the payment provider: ${error.message}`);
    throw error;
  }
  const events: StoredEvent[] = [];
  for await (const page of log.readAll({ topics: [TOPICS.orders] })) events.push(...page.events);
  const audit = auditPayments(ledger, paymentRecordsOf(events), { range, currency: options.currency });
  io.out(options.format === 'json' ? `${JSON.stringify(auditJson(audit), null, 2)}\n` : paymentAuditText(audit));
  return audit.findings.length === 0 ? EXIT.ok : EXIT.problemFound;
}

/** The audit as JSON: the range's ends as ISO times, or null for an open end. */
function auditJson(audit: PaymentAudit) {
  return { ...audit, range: { from: audit.range.from?.toISOString() ?? null, to: audit.range.to?.toISOString() ?? null } };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The audit as text: what was compared, then the agreement or each finding. */
export function paymentAuditText(audit: PaymentAudit): string {
  const { range, checked, findings } = audit;
  const from = range.from?.toISOString() ?? 'the beginning';
  const to = range.to?.toISOString() ?? 'now';
  const summary =
    `Payments from ${from} to ${to}: the provider's ledger holds ${counted(checked.payments, 'captured payment', 'captured payments')} ` +
    `and ${counted(checked.refunds, 'refund', 'refunds')}; the log records ${counted(checked.recordedPayments, 'payment', 'payments')} ` +
    `(OrderPaid by card, PaymentNotApplied) and ${counted(checked.recordedRefunds, 'refund', 'refunds')}.\n`;
  if (findings.length === 0) return `${summary}The provider's ledger and the log agree.\n`;
  return (
    `${summary}The provider's ledger and the log DISAGREE: ${counted(findings.length, 'finding', 'findings')}.\n` +
    textTable(
      ['FINDING', 'ID', 'ORDER', 'PROVIDER', 'LOG'],
      findings.map((finding) => [
        finding.field ? `${finding.kind} (${finding.field})` : finding.kind,
        finding.id,
        finding.orderId ?? '(none)',
        finding.provider,
        finding.log,
      ]),
    )
  );
}
