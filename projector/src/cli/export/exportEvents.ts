import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import { readAhead, type EventLog } from '@toolforge/platform';
import type { IdentifiedLog, LogIdentity } from '@toolforge/platform/sql';
import type { DayFile } from './dayFiles.js';
import { eventRow, isRow, type EventRow, type RowlessEvent } from './eventRow.js';
import { MANIFEST, digestOf, personalDataNote, type ExportManifest } from './manifest.js';

export const EXPORT_FORMATS = ['parquet', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  /** meta.occurredAt at or after this time; from the log's start when left out. */
  readonly from?: Date;
  /** meta.occurredAt before this time; to the log's end when left out. */
  readonly to?: Date;
  readonly format: ExportFormat;
  /** A new or empty folder. */
  readonly out: string;
  /** Write the events' data as the log holds it; without it, every personal value is null. */
  readonly withPersonalData: boolean;
}

/** Events read from the log in one page: the export's work goes by pages. */
const PAGE_SIZE = 2000;

/**
 * Writes the log's events (in the range) into `out`: a file per topic and UTC day of their time,
 * then `manifest.json`, which it answers too. The log is read as far as it reached when the export
 * began (the ends `identify` gave, which the manifest names): events appended meanwhile are left
 * for the next export. A failure part-way removes the topics' folders written so far; no manifest
 * is written then.
 */
export async function exportEvents(log: Pick<EventLog, 'readAll'> & IdentifiedLog, options: ExportOptions): Promise<ExportManifest> {
  const out = resolve(options.out);
  const identity = await log.identify();
  const exportedAt = new Date().toISOString();
  await mkdir(out, { recursive: true });
  const { written, notExported, columns } = await writeDayFiles(log, reachOf(identity), options, out);
  const files = [];
  for (const file of written) files.push({ ...file, ...(await digestOf(join(out, file.path))) });
  const manifest: ExportManifest = {
    from: options.from?.toISOString() ?? null,
    to: options.to?.toISOString() ?? null,
    format: options.format,
    withPersonalData: options.withPersonalData,
    personalData: personalDataNote(options.withPersonalData),
    log: identity,
    exportedAt,
    columns,
    files,
    totals: {
      files: files.length,
      events: files.reduce((sum, file) => sum + file.events, 0),
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    },
    notExported,
  };
  await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** How far the export reads: the topics that hold events, and where each partition ended when it began. */
interface LogReach {
  readonly topics: readonly Topic[];
  endOf(topic: string, partition: number): number;
}

function reachOf(identity: LogIdentity): LogReach {
  const ends = new Map(identity.ends.map((end) => [`${end.topic}/${end.partition}`, end.end]));
  const sizes = new Map<string, number>();
  for (const { topic, end } of identity.ends) sizes.set(topic, (sizes.get(topic) ?? 0) + end);
  return {
    // The biggest topic first: its files, the longest to write, are written while the other topics are read.
    topics: ALL_TOPICS.filter((topic) => sizes.has(topic)).sort((a, b) => sizes.get(b)! - sizes.get(a)!),
    endOf: (topic, partition) => ends.get(`${topic}/${partition}`) ?? 0,
  };
}

/**
 * Reads the log topic by topic and writes each topic's files once it has been read, while the next
 * topic is read; the writes are awaited at the end, where a failed one fails the export. The files
 * come back in the shop's order of topics, each topic's by day.
 */
async function writeDayFiles(
  log: Pick<EventLog, 'readAll'>,
  reach: LogReach,
  options: ExportOptions,
  out: string,
): Promise<{ written: DayFile[]; notExported: RowlessEvent[]; columns: readonly string[] }> {
  const inRange = (ms: number) => (!options.from || ms >= options.from.getTime()) && (!options.to || ms < options.to.getTime());
  const notExported: RowlessEvent[] = [];
  // DuckDB's native library is loaded by an export alone, not by the tool's other commands, nor by the shop's processes that import this package.
  const { DayFiles } = await import('./dayFiles.js');
  const files = await DayFiles.open(options.format);
  const writing = new Map<string, Promise<DayFile[]>>();
  const writeTopic = (topic: string) => {
    const topicFiles = files.writeTopic(topic, out);
    topicFiles.catch(() => undefined);
    writing.set(topic, topicFiles);
  };
  try {
    let topic: string | undefined;
    const pages = log.readAll({
      topics: reach.topics,
      pageSize: PAGE_SIZE,
      partitions: (topic, partition) => reach.endOf(topic, partition) > 0,
    });
    // The next page is read (on the log's own thread, embedded) while this one is appended.
    for await (const page of readAhead(pages)) {
      if (page.topic !== topic) {
        if (topic) writeTopic(topic);
        topic = page.topic;
      }
      const end = reach.endOf(page.topic, page.partition);
      const rows: EventRow[] = [];
      for (const event of page.events) {
        if (event.position.offset >= end) break;
        const row = eventRow(event, options.withPersonalData);
        if (!isRow(row)) notExported.push(row);
        else if (inRange(row.occurredAtMs)) rows.push(row);
      }
      await files.add(rows);
    }
    if (topic) writeTopic(topic);
    const order = (file: DayFile) => ALL_TOPICS.indexOf(file.topic as Topic);
    const written = (await Promise.all(writing.values())).flat().sort((a, b) => order(a) - order(b) || a.day.localeCompare(b.day));
    return { written, notExported, columns: files.columnNames };
  } catch (error) {
    await Promise.allSettled(writing.values());
    await Promise.all([...writing.keys()].map((topic) => rm(join(out, topic), { recursive: true, force: true })));
    throw error;
  } finally {
    await files.close();
  }
}
