/**
 * The rebuild's throughput (issue 11): `toolforge rebuild` on a stack's seeded history (a million
 * orders) once its shop has stopped, as an operator runs it, next to a raw read of the same log in
 * the same run, so that the ratio says how much of the time the read model takes beyond reading
 * the log.
 */
import { performance } from 'node:perf_hooks';
import { readConfig, type EventLog } from '@toolforge/platform';
import { connectToShop, rebuildReadModel } from '@toolforge/projector';

/** On the 2-core machine the project is built for (issue 11's "Done when"). */
export const REBUILD_TARGETS = { eventsPerSecond: 30_000, ofRawRead: 0.4 } as const;

export interface RebuildMeasure {
  readonly events: number;
  /** The mean of the raw reads before and after the rebuild. */
  readonly rawReadPerSecond: number;
  readonly rebuildPerSecond: number;
  /** The rebuild's throughput as a fraction of the raw read's. */
  readonly ratio: number;
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
 * its read model to write): reads the whole log counting events, rebuilds the read model from it
 * as `toolforge rebuild` does, and reads the log again.
 */
export async function measureRebuild(env: NodeJS.ProcessEnv, say: (line: string) => void): Promise<RebuildMeasure> {
  const shop = await connectToShop(readConfig(env), { readModel: true, writesReadModel: 'rebuild' });
  try {
    const { log, readModel: sql } = shop;
    if (!sql) throw new Error(`no read model beside ${shop.logDescription}`);
    // The raw read before the rebuild and again after it, and their mean: a read of a few seconds on a
    // shared machine moves by a quarter between runs, and what moved the rebuild moves one of them.
    const rawBefore = await throughput(() => countEvents(log));
    say(`raw read of ${rawBefore.events.toLocaleString('en')} events, ${rawBefore.perSecond.toLocaleString('en')}/s; rebuilding`);
    const rebuilt = await throughput(async () => {
      const outcome = await rebuildReadModel({ log, sql, liveProjectors: false });
      if (outcome.outcome !== 'switched') throw new Error(`the rebuild ended ${outcome.outcome}`);
      return outcome.events;
    });
    const rawAfter = await throughput(() => countEvents(log));
    for (const counted of [rawAfter.events, rebuilt.events]) {
      if (counted !== rawBefore.events)
        throw new Error(`the log read ${rawBefore.events} events, but a read or the rebuild went through ${counted}`);
    }
    const raw = { perSecond: Math.round((rawBefore.perSecond + rawAfter.perSecond) / 2) };
    say(`rebuilt at ${rebuilt.perSecond.toLocaleString('en')} events/s; raw read ${rawAfter.perSecond.toLocaleString('en')}/s after it`);
    return {
      events: rawBefore.events,
      rawReadPerSecond: raw.perSecond,
      rebuildPerSecond: rebuilt.perSecond,
      ratio: Math.round((rebuilt.perSecond / raw.perSecond) * 100) / 100,
    };
  } finally {
    await shop.close();
  }
}
