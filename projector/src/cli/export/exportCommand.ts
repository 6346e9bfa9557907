import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Option, type Command } from 'commander';
import { isoTime, newFolderProblem } from '../arguments.js';
import { EXIT, counted, type CliIo } from '../output.js';
import type { ShopConnection } from '../shopConnection.js';
import { EXPORT_FORMATS, exportEvents, type ExportOptions } from './exportEvents.js';
import { MANIFEST, type ExportManifest } from './manifest.js';

/** Runs the work on the shop's log (program.ts opens it, and closes it after), and takes its exit code. */
type WithLog = (work: (shop: ShopConnection) => Promise<number>) => Promise<void>;

/**
 * `toolforge events export`: the log's events as Parquet or CSV files for analysts, one per topic
 * and UTC day, with a manifest (docs/operators.md, "Export for analysts"). Its arguments and the
 * folder are checked before the shop is opened.
 */
export function eventsExportCommand(events: Command, io: CliIo, withLog: WithLog): void {
  const command = events
    .command('export')
    .description(
      'writes the events, as read, into a file per topic and UTC day (Parquet or CSV) and a manifest with each file’s ' +
        'SHA-256; personal data is left out (null) unless --with-personal-data',
    )
    .option('--from <iso>', 'events that occurred at or after this time', isoTime)
    .option('--to <iso>', 'events that occurred before this time', isoTime)
    .addOption(new Option('--format <format>', 'file format').choices(EXPORT_FORMATS).makeOptionMandatory())
    .requiredOption('--out <dir>', 'the folder to write to: a new or empty one')
    .option('--with-personal-data', 'keep the personal fields (names, e-mail and postal addresses, customers’ own words)', false);
  command.action(async (options: ExportOptions) => {
    if (options.from && options.to && options.to <= options.from) command.error('error: --to is not after --from');
    const problem = await newFolderProblem('--out', options.out, 'the export writes over nothing');
    if (problem) command.error(`error: ${problem}`);
    await withLog(async (shop) => {
      const started = performance.now();
      const manifest = await exportEvents(shop.log, options);
      io.out(exportSummary(manifest, options.out, (performance.now() - started) / 1000));
      return EXIT.ok;
    });
  });
}

function sizeOf(bytes: number): string {
  if (bytes < 1024) return counted(bytes, 'byte', 'bytes');
  const [value, unit] =
    bytes < 1024 ** 2 ? [bytes / 1024, 'KiB'] : bytes < 1024 ** 3 ? [bytes / 1024 ** 2, 'MiB'] : [bytes / 1024 ** 3, 'GiB'];
  return `${value.toFixed(1)} ${unit}`;
}

/** What was written, in a few lines. */
export function exportSummary(manifest: ExportManifest, out: string, seconds: number): string {
  const { totals, files } = manifest;
  const topics = new Set(files.map((file) => file.topic)).size;
  const range = `${manifest.from ?? 'the log’s start'} to ${manifest.to ?? 'its end'}`;
  const rate = seconds > 0 ? `, ${Math.round(totals.events / seconds).toLocaleString('en')} events/s` : '';
  const lines = [
    `Exported ${counted(totals.events, 'event', 'events')} (${range}) of ${manifest.log.logId} into ` +
      `${counted(totals.files, `${manifest.format} file`, `${manifest.format} files`)} of ${counted(topics, 'topic', 'topics')} ` +
      `in ${out}, ${sizeOf(totals.bytes)}, in ${seconds.toFixed(1)} s${rate}.`,
    manifest.withPersonalData
      ? 'Personal data kept (--with-personal-data): the files hold names and addresses; share them as such.'
      : 'Personal data left out: each personal field of data is null (--with-personal-data keeps them).',
  ];
  if (manifest.notExported.length > 0) {
    lines.push(
      `${counted(manifest.notExported.length, 'record', 'records')} of the log in no file (no event, or no time): listed in the manifest.`,
    );
  }
  lines.push(`Manifest: ${join(out, MANIFEST)} (each file’s events, first and last positions, size and SHA-256).`);
  return `${lines.join('\n')}\n`;
}
