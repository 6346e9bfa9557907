/**
 * The rebuild's throughput (issue 11): `toolforge rebuild` on a stack's seeded history (a million
 * orders) once its shop has stopped, as an operator runs it, next to a raw read of the same log in
 * the same run, so that the ratio says how much of the time the read model takes beyond reading
 * the log.
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
  /** A read of the whole log, counting its events, just before the rebuild. */
  readonly rawReadPerSecond: number;
  readonly rebuildPerSecond: number;
  /** The rebuild's throughput as a fraction of the raw read's. */
  readonly ratio: number;
  /** When the rebuild ran (the raw read left out). */
  readonly window: MeasuredWindow;
  /** The cores each kind of process used meanwhile. */
  readonly cores?: readonly Share[];
}

/** Events per second of `work`, which answers how many events it went through. */
async function throughput(work: () => Promise<number>): Promise<{ events: number; perSecond: number }> {
  const started = performance.now();
  const events = await work();
  return { events, perSecond: Math.round(events / ((performance.now() - started) / 1000)) };
}

async function countEvents(log: EventLog): Promise<number> {
  let events = 0;
  for await (const page of log.readAll({ pageSize: 2000 })) events += page.events.length;
  return events;
}

/**
 * On the stopped shop whose processes ran with `env`, opened as the tool opens it (its log, and
 * its read model to write): reads the whole log counting events, then rebuilds the read model from
 * it as `toolforge rebuild` does. With `profileDir`, the rebuild's CPU profile is written there.
 */
export async function measureRebuild(env: NodeJS.ProcessEnv, say: (line: string) => void, profileDir?: string): Promise<RebuildMeasure> {
  const shop = await connectToShop(readConfig(env), { readModel: true, writesReadModel: 'rebuild' });
  try {
    const { log, readModel: sql } = shop;
    if (!sql) throw new Error(`no read model beside ${shop.logDescription}`);
    // One raw read: of a million orders it lasts 10–20 s, long enough for a shared machine's noise to
    // even out (a second one, after the rebuild, was kept while the log was 300,000 orders and the
    // read a few seconds).
    const raw = await throughput(() => countEvents(log));
    say(`raw read of ${raw.events.toLocaleString('en')} events, ${raw.perSecond.toLocaleString('en')}/s; rebuilding`);
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
    if (rebuilt.events !== raw.events) throw new Error(`the log read ${raw.events} events, but the rebuild went through ${rebuilt.events}`);
    say(`rebuilt at ${rebuilt.perSecond.toLocaleString('en')} events/s`);
    return {
      events: raw.events,
      rawReadPerSecond: raw.perSecond,
      rebuildPerSecond: rebuilt.perSecond,
      ratio: Math.round((rebuilt.perSecond / raw.perSecond) * 100) / 100,
      window,
      cores,
    };
  } finally {
    await shop.close();
  }
}
