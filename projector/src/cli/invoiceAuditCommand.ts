import { InvalidArgumentError } from 'commander';
import { TOPICS } from '@toolforge/contracts';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { auditInvoices, documentRecordsOf, type InvoiceAudit } from './invoiceAudit.js';
import { EXIT, textTable, type CliIo } from './output.js';

export interface AuditInvoicesOptions {
  readonly year?: number;
  readonly format: 'text' | 'json';
}

/** --year: the four digits of a year documents can be numbered in (documents/numbers.ts); anything else is a usage error. */
export function documentYearArgument(text: string): number {
  const year = Number(text);
  if (!/^\d{4}$/.test(text) || year < 1000) throw new InvalidArgumentError('expected a year of four digits, e.g. 2026');
  return year;
}

/**
 * `audit invoices`: the documents held to the orders' streams from the log alone (invoiceAudit.ts);
 * 0 when they hold, 1 on any finding. A log that cannot be reached is a connection problem (exit 2).
 */
export async function auditInvoicesCommand(log: Pick<EventLog, 'readAll'>, io: CliIo, options: AuditInvoicesOptions): Promise<number> {
  const events: StoredEvent[] = [];
  for await (const page of log.readAll({ topics: [TOPICS.orders] })) events.push(...page.events);
  const audit = auditInvoices(documentRecordsOf(events), { year: options.year ?? null });
  io.out(options.format === 'json' ? `${JSON.stringify(audit, null, 2)}\n` : invoiceAuditText(audit));
  return audit.findings.length === 0 ? EXIT.ok : EXIT.problemFound;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The audit as text: what was checked, then that the documents hold, or each finding. */
export function invoiceAuditText(audit: InvoiceAudit): string {
  const { year, checked, findings } = audit;
  const summary =
    `Documents ${year === null ? 'of every year' : `of ${year}`}: ${counted(checked.invoices, 'invoice', 'invoices')} and ` +
    `${counted(checked.creditNotes, 'credit note', 'credit notes')} checked, and ${counted(checked.payments, 'payment', 'payments')} ` +
    `(OrderPaid) held to their invoices.\n`;
  if (findings.length === 0) return `${summary}Every number is issued once, without a gap, and every document agrees with its order.\n`;
  return (
    `${summary}The documents and the log DISAGREE: ${counted(findings.length, 'finding', 'findings')}.\n` +
    textTable(
      ['FINDING', 'ORDER', 'NUMBERS', 'DETAIL'],
      findings.map((finding) => [finding.kind, finding.orderId ?? '(none)', finding.numbers.join(' ') || '(none)', finding.detail]),
    )
  );
}
