import type { EventLog, StoredEvent } from '@toolforge/platform';
import { SERVING_SCHEMA, tablesOf } from '@toolforge/platform/sql';
import { replayReadModel, type ReplayOutcome } from '../replay.js';
import type { StartingPoint } from './arguments.js';
import { cacheToTell } from './cacheNotice.js';
import { eventsOf } from './eventsList.js';
import { EXIT, textTable, type CliIo } from './output.js';
import { CannotConnect, type ShopConnection } from './shopConnection.js';

/** The range a replay's rows come from: both ends included; a position names one partition, as for `events list --from`. */
export interface ReplayRange {
  readonly from: StartingPoint;
  readonly to?: StartingPoint;
}

export interface ReplayOptions extends ReplayRange {
  readonly dryRun?: boolean;
  readonly format: 'table' | 'json';
}

/** Why a range names no events whatever the log holds (`--to` before `--from`), or undefined when it is a range. */
export function rangeProblem({ from, to }: ReplayRange): string | undefined {
  if (!to) return undefined;
  if ('at' in from && 'at' in to) return to.at < from.at ? '--to is before --from' : undefined;
  if ('position' in from && 'position' in to) {
    const [start, end] = [from.position, to.position];
    if (start.topic !== end.topic || start.partition !== end.partition) return '--from and --to name different partitions of the log';
    return end.offset < start.offset ? '--to is before --from' : undefined;
  }
  // A time and a position: the time is the events' own, the position one partition's; they do not order each other.
  return undefined;
}

/** The log's events in the range: from `from` on (as `events list` reads them), up to `to` included. */
export async function* eventsInRange(log: EventLog, { from, to }: ReplayRange): AsyncGenerator<StoredEvent> {
  for await (const event of eventsOf(log, { from })) {
    if (!to) yield event;
    else if ('at' in to) {
      if (Date.parse(event.meta.occurredAt) <= to.at.getTime()) yield event;
    } else {
      const { topic, partition, offset } = event.position;
      if (topic === to.position.topic && partition === to.position.partition && offset <= to.position.offset) yield event;
    }
  }
}

/**
 * `replay`: the rows a range of the log writes, made as the log says they should be
 * (projector/src/replay.ts). Exit 0 when nothing differed or the rows were repaired; 1 when a dry
 * run found rows to change (a problem found, as for `audit`); 2 when another rebuild or replay
 * runs, or the shop cannot be reached; 130 when canceled (Ctrl-C) before the comparison.
 */
export async function replayCommand(shop: ShopConnection, io: CliIo, options: ReplayOptions, cancel: Promise<void>): Promise<number> {
  if (!shop.readModel) throw new CannotConnect('a replay needs the read model: set DATABASE_URL');
  const claim = await shop.claimRebuild();
  if (!claim) {
    io.err('toolforge: a rebuild or replay of this read model is already running: wait for it to end first\n');
    return EXIT.usage;
  }
  try {
    // Replaying onto nothing would only fail at the first table: a read model nobody has projected yet is built by `rebuild`.
    if (!(await tablesOf(shop.readModel, SERVING_SCHEMA)).includes('projection_checkpoints')) {
      io.err(
        'toolforge: the read model has no tables yet, so there are no rows to replay: run the projector or `toolforge rebuild` first\n',
      );
      return EXIT.usage;
    }
    const dryRun = options.dryRun ?? false;
    const canceled = new AbortController();
    void cancel.then(() => canceled.abort());
    const outcome = await replayReadModel({
      signal: canceled.signal,
      log: shop.log,
      sql: shop.readModel,
      liveProjectors: shop.sharedWithProjectors,
      events: eventsInRange(shop.log, options),
      dryRun,
      cache: cacheToTell(shop, io, 'replay'),
    });
    if (!outcome) {
      io.err('toolforge: replay canceled: nothing was compared or changed; run it again to start over\n');
      return EXIT.canceled;
    }
    io.out(options.format === 'json' ? `${JSON.stringify({ dryRun, ...outcome }, null, 2)}\n` : replayReport(outcome, dryRun));
    return dryRun && outcome.changes.length > 0 ? EXIT.problemFound : EXIT.ok;
  } finally {
    await claim.release();
  }
}

function replayReport(outcome: ReplayOutcome, dryRun: boolean): string {
  const changes = outcome.changes.length
    ? textTable(
        ['WHAT', 'KEY', 'COLUMN', 'SERVING', 'REPLAYED'],
        outcome.changes.map((change) => [change.what, change.key, change.column, change.serving ?? 'null', change.replayed ?? 'null']),
      ) + '\n'
    : '';
  const checked = `${outcome.events} events in range, ${outcome.rows} rows checked`;
  const summary = dryRun
    ? `Dry run: ${checked}, ${outcome.changedRows} would change; nothing was changed.`
    : outcome.repaired
      ? `Replayed: ${checked}, ${outcome.changedRows} repaired; every other row is as it was.`
      : `Replayed: ${checked}, all as the log says; nothing was changed.`;
  return `${changes}${summary}\n`;
}
