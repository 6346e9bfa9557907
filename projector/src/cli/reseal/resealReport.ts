import { basename } from 'node:path';
import { ALL_TOPICS } from '@toolforge/contracts';
import { counted, printable, textTable } from '../output.js';
import type { CarriedLog } from './carryLog.js';
import type { NewLog } from './newLog.js';
import type { NewLogFigures, ResealCheck } from './resealChecks.js';

/** What `privacy reseal` says, as JSON (`--format json`) or as text. */
export interface ResealReport {
  readonly from: { readonly log: string; readonly logId: string };
  readonly to: { readonly log: string; readonly logId: string; readonly setting: string };
  readonly seconds: number;
  /** The new log's events per topic, in the shop's order of topics. */
  readonly events: Readonly<Record<string, number>>;
  readonly carriedFiles: readonly string[];
  readonly carriedKeys: number;
  /** Records of the old log that hold no event (a foreign record on Kafka): left out, by position. */
  readonly recordsLeftOut: readonly string[];
  readonly checks: readonly ResealCheck[];
  /** Every check passed: the shop may be pointed at the new log. */
  readonly passed: boolean;
  readonly nextSteps: readonly string[];
}

export interface ResealOutcome {
  readonly from: ResealReport['from'];
  readonly fresh: Pick<NewLog, 'description' | 'setting' | 'carriedFiles' | 'carriedKeys'>;
  readonly logId: string;
  readonly seconds: number;
  readonly carried: CarriedLog;
  readonly checks: readonly ResealCheck[];
  readonly figures: NewLogFigures;
  /** The embedded shop (a data dir), or Kafka (a topic prefix). */
  readonly embedded: boolean;
}

export function resealReport(outcome: ResealOutcome): ResealReport {
  const { fresh, figures, checks } = outcome;
  const passed = checks.every((check) => check.passed);
  return {
    from: outcome.from,
    to: { log: fresh.description, logId: outcome.logId, setting: fresh.setting },
    seconds: Math.round(outcome.seconds * 1000) / 1000,
    events: Object.fromEntries(ALL_TOPICS.filter((topic) => figures.events.has(topic)).map((topic) => [topic, figures.events.get(topic)!])),
    carriedFiles: fresh.carriedFiles,
    carriedKeys: fresh.carriedKeys,
    recordsLeftOut: outcome.carried.notEvents,
    checks,
    passed,
    nextSteps: passed ? nextSteps(fresh.setting, outcome.from.log, outcome.embedded) : leftForInspection(fresh),
  };
}

/** How the operator switches to the new log, and what becomes of the old one. */
function nextSteps(setting: string, oldLog: string, embedded: boolean): string[] {
  const switchTo = embedded
    ? [
        `Set ${setting} (the other settings as they are), then start the shop: its first start builds the read model from the new log ` +
          'and signs the new log’s first anchors.',
      ]
    : [
        `Keep the command service stopped. Set ${setting} on every service, then start the projector once with ` +
          'PROJECTOR_ON_LOG_CHANGE=rebuild: the read model in DATABASE_URL was built from the old topics, and is built again ' +
          'from the new ones (the customers’ keys beside it stay). Then start the other services.',
      ];
  return [
    ...switchTo,
    'Check it: toolforge status, toolforge audit orders, toolforge audit verify.',
    embedded
      ? 'Never start the shop on the old data dir again: an erasure made there after the reseal would not reach the new key ' +
        'store; if one was made, make it again on the new shop.'
      : 'Never start the command service on the old topics again: what it appended there after the reseal (an order, an ' +
        'erasure’s event) would not be in the new log; if it did, reseal again.',
    `Keep the old log (${oldLog}) only as long as the law asks you to, then delete it and its backups: ` +
      'it holds personal values in clear, which no erasure reaches.',
  ];
}

function leftForInspection(fresh: Pick<NewLog, 'description' | 'setting'>): string[] {
  return [
    `The new log is left as it is for inspection: ${fresh.description}. The shop is not pointed at it (${fresh.setting}); ` +
      'remove it before resealing into it again.',
  ];
}

const SHOWN_PROBLEMS = 20;

export function resealText(report: ResealReport): string {
  const total = Object.values(report.events).reduce((sum, count) => sum + count, 0);
  const rate = report.seconds > 0 ? `, ${Math.round(total / report.seconds).toLocaleString('en')} events/s` : '';
  const lines = [
    `Resealed ${report.from.log} (${report.from.logId}) into ${report.to.log}: ${counted(total, 'event', 'events')} in ${report.seconds.toFixed(1)} s${rate}.`,
    '',
    textTable(
      ['topic', 'events'],
      Object.entries(report.events).map(([topic, count]) => [topic, String(count)]),
    ).trimEnd(),
    '',
  ];
  const carried = [
    ...report.carriedFiles.map((file) => basename(file)),
    ...(report.carriedKeys > 0 ? [`${counted(report.carriedKeys, 'customer key', 'customer keys')} of the old key store`] : []),
  ];
  if (carried.length > 0) lines.push(`Carried over: ${carried.join(', ')}.`);
  if (report.recordsLeftOut.length > 0)
    lines.push(
      `Left out: ${counted(report.recordsLeftOut.length, 'record', 'records')} holding no event, at ${report.recordsLeftOut.join(', ')}.`,
    );
  lines.push('Checks:');
  for (const check of report.checks) {
    lines.push(`  ${check.passed ? 'passed' : 'FAILED'}  ${check.check.padEnd(13)}  ${check.detail}`);
    for (const problem of check.problems.slice(0, SHOWN_PROBLEMS)) lines.push(`                         ${printable(problem)}`);
    if (check.problems.length > SHOWN_PROBLEMS)
      lines.push(`                         (and ${check.problems.length - SHOWN_PROBLEMS} more: --format json lists them)`);
  }
  lines.push('', report.passed ? 'Next steps:' : 'A check failed:');
  report.nextSteps.forEach((step, index) => lines.push(report.passed ? `  ${index + 1}. ${step}` : `  ${step}`));
  return `${lines.join('\n')}\n`;
}
