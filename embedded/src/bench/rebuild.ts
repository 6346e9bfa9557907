/**
 * The rebuild's throughput (issue 11): `toolforge rebuild` on a stack's seeded history (a million
 * orders) once its shop has stopped, as an operator runs it, next to raw reads of the same log in
 * the same run (one just before, one just after), so that the ratio says how much of the time the
 * read model takes beyond reading the log.
 */
import { performance } from 'node:perf_hooks';
import { readConfig, type EventLog } from '@toolforge/platform';
import { connectToShop, rebuildReadModel } from '@toolforge/projector';
import { profiled, type MeasuredWindow, type Share } from './cpuProfiles.js';
import { watched } from './processCpu.js';

/** On the 2-core machine the project is built for (issue 11's "Done when"). */
export const REBUILD_TARGETS = { eventsPerSecond: 30_000, ofRawRead: 0.4 } as const;

export interface RebuildMeasure {
  readonly events: number;
  /** Reads of the whole log, counting its events, just before the rebuild and just after: both together. */
  readonly rawReadPerSecond: number;
  /** Each of those reads on its own. */
  readonly rawReads: { readonly before: number; readonly after: number };
  readonly rebuildPerSecond: number;
  /** The rebuild's throughput as a fraction of the raw read's. */
  readonly ratio: number;
  /** When the rebuild ran (the raw read left out). */
  readonly window: MeasuredWindow;
  /** The cores each kind of process used meanwhile. */
  readonly cores?: readonly Share[];
}

export interface Throughput {
  readonly events: number;
  readonly seconds: number;
  readonly perSecond: number;
}

/** Events per second of `work`, which answers how many events it went through. */
export async function throughput(work: () => Promise<number>): Promise<Throughput> {
  const started = performance.now();
  const events = await work();
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds, perSecond: Math.round(events / seconds) };
}

/** The raw read: the whole log, its events counted. */
export async function countEvents(log: EventLog): Promise<number> {
  let events = 0;
  for await (const page of log.readAll({ pageSize: 2000 })) events += page.events.length;
  return events;
}

/**
 * On the stopped shop whose processes ran with `env`, opened as the tool opens it (its log, and
 * its read model to write): reads the whole log counting events, rebuilds the read model from it
 * as `toolforge rebuild` does, and reads the log again. With `profileDir`, the rebuild's CPU profile
 * is written there.
 */
export async function measureRebuild(env: NodeJS.ProcessEnv, say: (line: string) => void, profileDir?: string): Promise<RebuildMeasure> {
  const shop = await connectToShop(readConfig(env), { readModel: true, writesReadModel: 'rebuild' });
  try {
    const { log, readModel: sql } = shop;
    if (!sql) throw new Error(`no read model beside ${shop.logDescription}`);
    // A read before the rebuild and one after, taken together: on a shared machine the same read of
    // a million orders moved widely within minutes
    // (bench-results/2026-11-27.md#the-rebuild-measure-compares-with-both-raw-reads), and a machine
    // that slows or speeds up during the run then moves both sides of the ratio alike.
    const before = await throughput(() => countEvents(log));
    say(`raw read of ${before.events.toLocaleString('en')} events, ${before.perSecond.toLocaleString('en')}/s; rebuilding`);
    const {
      answer: rebuilt,
      window,
      cores,
    } = await profiled(profileDir, 'rebuild', () =>
      // Inside the profiler: its start and stop, and the writing of the profile, are no part of the window.
      watched(() =>
        throughput(async () => {
          const outcome = await rebuildReadModel({ log, sql, liveProjectors: false });
          if (outcome.outcome !== 'switched') throw new Error(`the rebuild ended ${outcome.outcome}`);
          return outcome.events;
        }),
      ),
    );
    if (rebuilt.events !== before.events)
      throw new Error(`the log read ${before.events} events, but the rebuild went through ${rebuilt.events}`);
    say(`rebuilt at ${rebuilt.perSecond.toLocaleString('en')} events/s; reading the log again`);
    const after = await throughput(() => countEvents(log));
    say(`raw read of ${after.events.toLocaleString('en')} events, ${after.perSecond.toLocaleString('en')}/s`);
    const rawReadPerSecond = Math.round((before.events + after.events) / (before.seconds + after.seconds));
    return {
      events: before.events,
      rawReadPerSecond,
      rawReads: { before: before.perSecond, after: after.perSecond },
      rebuildPerSecond: rebuilt.perSecond,
      ratio: Math.round((rebuilt.perSecond / rawReadPerSecond) * 100) / 100,
      window,
      cores,
    };
  } finally {
    await shop.close();
  }
}
