/**
 * The bench's one table: printed as Markdown (so bench-results/ can keep it as measured) and written
 * as JSON, with the machine and the sizes it was measured at, under bench-results/ (the JSON ignored by git).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { profileLines, type FigureProfile } from './cpuProfiles.js';
import type { Figure } from './figures.js';
import type { BenchSettings } from './settings.js';
import type { WebPageFigure } from './webFigures.js';

/** How each stack's seeded shop came up: the cost of its size, printed under the table. */
export interface StackSetup {
  readonly stack: string;
  readonly events: number;
  readonly seedSeconds: number;
  readonly catchUpSeconds: number;
}

export interface BenchReport {
  readonly date: string;
  readonly machine: { readonly cores: number; readonly cpu: string };
  readonly settings: Omit<BenchSettings, 'parts'> & { readonly parts: string[] };
  readonly setups: readonly StackSetup[];
  readonly figures: readonly Figure[];
  /** Issue 16's Lighthouse figures of the web app (BENCH_ONLY=web). */
  readonly webPages: readonly WebPageFigure[];
  /** Where each missed figure's time went: the cores by process, and with BENCH_CPU_PROFILE the profiles (cpuProfiles.ts). */
  readonly profiles: readonly FigureProfile[];
}

export function benchReport(
  settings: BenchSettings,
  setups: readonly StackSetup[],
  figures: readonly Figure[],
  webPages: readonly WebPageFigure[] = [],
  profiles: readonly FigureProfile[] = [],
): BenchReport {
  return {
    date: new Date().toISOString(),
    machine: { cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? 'unknown' },
    settings: { ...settings, parts: [...settings.parts] },
    setups,
    figures,
    webPages,
    profiles,
  };
}

const met = (value: boolean | null) => (value === null ? '–' : value ? 'yes' : '**no**');
const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (header: readonly string[], rows: readonly (readonly string[])[]) => [
  line(header),
  line(header.map(() => '---')),
  ...rows.map(line),
];

/** The web app's table: Lighthouse mobile, the median of three runs per page. */
function webTable(pages: readonly WebPageFigure[]): string[] {
  if (pages.length === 0) return [];
  const header = ['page (Lighthouse mobile, median of 3)', 'performance', 'LCP s', 'CLS', 'accessibility', 'JS KB gzip', 'goal', 'met?'];
  const rows = pages.map((page) => [
    page.page,
    String(page.performance),
    page.lcpSeconds.toFixed(1),
    page.cls.toFixed(3),
    String(page.accessibility),
    String(page.jsKbGzip),
    page.goal,
    page.endedOn.length > 0 ? `**no** (ended on ${page.endedOn.join(', ')})` : met(page.met),
  ]);
  return table(header, rows);
}

const cell = (value: string | number | null) => (value === null ? '–' : typeof value === 'number' ? value.toLocaleString('en') : value);

export function markdownTable(report: BenchReport): string {
  const header = ['stack', 'figure', 'route(s)', 'req/s', 'p99 ms', 'ratio', 'goal', 'met?', 'failures'];
  const rows = report.figures.map((figure) => [
    figure.stack,
    figure.figure,
    figure.routes,
    cell(figure.requestsPerSecond),
    cell(figure.p99Ms),
    figure.ratio === null ? '–' : `${Math.round(figure.ratio * 100)} %`,
    figure.goal,
    met(figure.met),
    figure.failures,
  ]);
  const setups = report.setups.map(
    (setup) =>
      `${setup.stack}: ${setup.events.toLocaleString('en')} events seeded in ${setup.seedSeconds.toFixed(0)} s, ` +
      `up and caught up ${setup.catchUpSeconds.toFixed(0)} s later`,
  );
  return [
    `${report.date.slice(0, 16).replace('T', ' ')} UTC, ${report.machine.cores} × ${report.machine.cpu}`,
    ...[rows.length > 0 ? table(header, rows) : [], webTable(report.webPages)].flatMap((lines) => (lines.length > 0 ? ['', ...lines] : [])),
    '',
    ...setups,
    ...(report.profiles.length > 0 ? ['', ...profileLines(report.profiles)] : []),
  ].join('\n');
}

/** Writes the report as bench-results/<date>.json; answers the file's path. */
export async function writeReport(report: BenchReport, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${report.date.replaceAll(':', '-').slice(0, 19)}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
