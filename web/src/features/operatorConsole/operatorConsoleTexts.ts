import { formatCents, type DisagreementDto, type PartitionStatusDto, type VerifyReportDto } from '@toolforge/contracts';

export const CONSOLE_HEADING = 'Operator console';
export const CONSOLE_INTRO =
  'What the operators’ tool toolforge shows, from the same code: the projections, the dead letters, the log’s events, audits and the log’s verification.';

/** "2 events behind, 1.5 s" or "up to date". */
export function lagText(partition: PartitionStatusDto): string {
  if (partition.lag === 0) return 'up to date';
  return `${partition.lag} ${partition.lag === 1 ? 'event' : 'events'} behind, ${partition.lagSeconds} s`;
}

export function boundText(bound: string | null, toThisLog: boolean): string {
  if (bound === null) return 'not yet bound to a log';
  return toThisLog ? 'bound to this log' : `bound to ANOTHER log (${bound})`;
}

export function disagreementText(disagreement: DisagreementDto): string {
  return `${disagreement.what} ${disagreement.id}: ${disagreement.field} is ${disagreement.log} in the log, ${disagreement.readModel} in the read model`;
}

export function auditSummary(checked: number, disagreements: number, wrongSums: number): string {
  if (disagreements === 0 && wrongSums === 0)
    return `The read model agrees with the log (${checked} rows checked); the order's sums add up.`;
  return `${disagreements} ${disagreements === 1 ? 'disagreement' : 'disagreements'} and ${wrongSums} wrong ${wrongSums === 1 ? 'sum' : 'sums'}.`;
}

export const totalText = (cents: number) => formatCents(cents);

export function verifySummary(report: VerifyReportDto): string {
  const verified = `${report.events.toLocaleString('en')} events verified in ${report.seconds} s against ${report.anchorsOfThisLog} anchors`;
  if (report.problems.length === 0)
    return `No problem: ${verified}; every event is as the writer hashed it, and the log meets every anchor.`;
  return `${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'} found: ${verified}.`;
}
