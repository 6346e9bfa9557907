import { rebuildReadModel } from '../rebuild.js';
import { cacheToTell } from './cacheNotice.js';
import { EXIT, type CliIo } from './output.js';
import { progressDisplay } from './progress.js';
import { CannotConnect, type ShopConnection } from './shopConnection.js';

/** The projections a rebuild can name: the shop has one, the read model, and every table of it is rebuilt together. */
export const PROJECTIONS = ['read-model'] as const;

/**
 * `rebuild`: the read model rebuilt from the start of the log while the shop serves, then switched
 * in (projector/src/rebuild.ts). Exit 0 when switched, 2 when another rebuild runs or the shop
 * cannot be reached, 130 when canceled (the serving read model is then as it was).
 */
export async function rebuildCommand(shop: ShopConnection, io: CliIo, cancel: Promise<void>): Promise<number> {
  if (!shop.readModel) throw new CannotConnect('a rebuild needs the read model: set DATABASE_URL');
  const claim = await shop.claimRebuild();
  if (!claim) {
    io.err('toolforge: a rebuild of this read model is already running: wait for it to end, or stop it (Ctrl-C) first\n');
    return EXIT.usage;
  }
  const canceled = new AbortController();
  void cancel.then(() => canceled.abort());
  const progress = progressDisplay(io, 'rebuild');
  try {
    const result = await rebuildReadModel({
      log: shop.log,
      sql: shop.readModel,
      liveProjectors: shop.sharedWithProjectors,
      onProgress: (state) => progress.update(state),
      signal: canceled.signal,
      cache: cacheToTell(shop, io, 'switch'),
    });
    progress.finish();
    if (result.outcome === 'canceled') {
      io.err('toolforge: rebuild canceled: the read model in use is as it was; run the rebuild again to start over\n');
      return EXIT.canceled;
    }
    const rate = Math.round(result.events / Math.max(result.seconds, 0.001));
    io.out(
      `Rebuilt the read model from ${result.events} events in ${result.seconds.toFixed(1)} s (${rate} events/s), ` +
        `switched readers to it (${result.tables.length} tables) and dropped the old version.\n`,
    );
    return EXIT.ok;
  } finally {
    await claim.release();
  }
}
