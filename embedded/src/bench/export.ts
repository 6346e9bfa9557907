/**
 * The analysts' export's throughput (issue 39): `toolforge events export --format parquet` of a
 * stack's seeded history once its shop has stopped, as an operator runs it, beside a raw read of the
 * same log just before, as the rebuild's figure has (rebuild.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@toolforge/platform';
import { connectToShop, exportEvents } from '@toolforge/projector';
import { profiled, type MeasuredWindow, type Share } from './cpuProfiles.js';
import { watched } from './processCpu.js';
import { countEvents, throughput } from './rebuild.js';

/** On the 2-core machine the project is built for: the whole export, reading the log included. */
export const EXPORT_TARGET = { eventsPerSecond: 50_000 } as const;

export interface ExportMeasure {
  readonly events: number;
  readonly files: number;
  readonly bytes: number;
  readonly rawReadPerSecond: number;
  readonly exportPerSecond: number;
  /** The export's throughput as a fraction of the raw read's. */
  readonly ratio: number;
  readonly window: MeasuredWindow;
  readonly cores?: readonly Share[];
}

/**
 * On the stopped shop whose processes ran with `env`, opened as the tool opens it: reads the whole
 * log counting events, then exports it to Parquet (personal data left out, the default) into a
 * folder of its own, deleted after. With `profileDir`, the export's CPU profile is written there.
 */
export async function measureExport(env: NodeJS.ProcessEnv, say: (line: string) => void, profileDir?: string): Promise<ExportMeasure> {
  const shop = await connectToShop(readConfig(env), { readModel: false });
  const out = await mkdtemp(join(tmpdir(), 'toolforge-bench-export-'));
  try {
    const raw = await throughput(() => countEvents(shop.log));
    say(`raw read of ${raw.events.toLocaleString('en')} events, ${raw.perSecond.toLocaleString('en')}/s; exporting to Parquet`);
    let files = 0;
    let bytes = 0;
    const {
      answer: exported,
      window,
      cores,
    } = await profiled(profileDir, 'export', () =>
      watched(() =>
        throughput(async () => {
          const manifest = await exportEvents(shop.log, { format: 'parquet', out, withPersonalData: false });
          ({ files, bytes } = manifest.totals);
          return manifest.totals.events;
        }),
      ),
    );
    if (exported.events !== raw.events) throw new Error(`the log read ${raw.events} events, but the export wrote ${exported.events}`);
    say(`exported at ${exported.perSecond.toLocaleString('en')} events/s into ${files} files, ${(bytes / 1024 ** 2).toFixed(1)} MiB`);
    return {
      events: exported.events,
      files,
      bytes,
      rawReadPerSecond: raw.perSecond,
      exportPerSecond: exported.perSecond,
      ratio: Math.round((exported.perSecond / raw.perSecond) * 100) / 100,
      window,
      cores,
    };
  } finally {
    await rm(out, { recursive: true, force: true });
    await shop.close();
  }
}
