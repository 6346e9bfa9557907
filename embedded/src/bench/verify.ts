/**
 * `toolforge audit verify`'s throughput (issue 39): the whole hash chain of a stack's seeded history
 * recomputed and checked against the writer's anchors once its shop has stopped, as an operator runs
 * it, beside a raw read of the same log just before (as rebuild.ts and export.ts measure theirs).
 */
import { readConfig } from '@toolforge/platform';
import { auditVerifyCommand, connectToShop, verifySettingsOf } from '@toolforge/projector';
import { profiled, type MeasuredWindow, type Share } from './cpuProfiles.js';
import { watched } from './processCpu.js';
import { countEvents, throughput } from './rebuild.js';

/** On the 2-core machine the project is built for: the whole check, reading the log included. */
export const VERIFY_TARGET = { eventsPerSecond: 100_000 } as const;

export interface VerifyMeasure {
  readonly events: number;
  readonly rawReadPerSecond: number;
  readonly verifyPerSecond: number;
  /** The check's throughput as a fraction of the raw read's. */
  readonly ratio: number;
  readonly window: MeasuredWindow;
  readonly cores?: readonly Share[];
}

/**
 * On the stopped shop whose processes ran with `env` (and signed their anchors where its settings
 * say): a raw read counting events, then `audit verify`, which must find the bench's own log clean.
 */
export async function measureVerify(env: NodeJS.ProcessEnv, say: (line: string) => void, profileDir?: string): Promise<VerifyMeasure> {
  const shop = await connectToShop(readConfig(env), { readModel: false });
  try {
    const raw = await throughput(() => countEvents(shop.log));
    say(`raw read of ${raw.events.toLocaleString('en')} events, ${raw.perSecond.toLocaleString('en')}/s; verifying the chain`);
    let report = '';
    const io = { out: (text: string) => void (report += text), err: (text: string) => say(text.trim()) };
    const {
      answer: verified,
      window,
      cores,
    } = await profiled(profileDir, 'verify', () =>
      watched(() =>
        throughput(async () => {
          // The grace at its longest: the bench's history was seeded minutes ago, and its last events anchored on stop.
          const code = await auditVerifyCommand(shop, io, verifySettingsOf(env), { format: 'json', graceMinutes: 10_080 });
          const { events, problems } = JSON.parse(report) as { events: number; problems: unknown[] };
          if (code !== 0)
            throw new Error(
              `audit verify found ${problems.length} problems in the bench's own log: ${JSON.stringify(problems.slice(0, 3))}`,
            );
          return events;
        }),
      ),
    );
    say(`verified at ${verified.perSecond.toLocaleString('en')} events/s`);
    return {
      events: verified.events,
      rawReadPerSecond: raw.perSecond,
      verifyPerSecond: verified.perSecond,
      ratio: Math.round((verified.perSecond / raw.perSecond) * 100) / 100,
      window,
      cores,
    };
  } finally {
    await shop.close();
  }
}
