import { CACHE_TTL_SECONDS, type Cache } from '@toolforge/platform/cache';
import type { CliIo } from './output.js';
import type { ShopConnection } from './shopConnection.js';

/** How long a command that changed the read model waits for Redis to be connected before telling it anyway (and warning if it cannot). */
const CACHE_READY_MS = 2000;

/**
 * The shop's cache (services mode: Redis) as a command that writes the read model tells it which
 * areas changed: connecting starts now, while the command works; a cache that cannot be told is a
 * warning, not a failure, since its answers expire anyway (docs/read-model.md).
 */
export function cacheToTell(shop: ShopConnection, io: CliIo, change: string): Pick<Cache, 'advance'> | undefined {
  const cache = shop.cache;
  if (!cache) return undefined;
  const ready = cache.waitUntilReady(CACHE_READY_MS);
  return {
    advance: async (areas) => {
      await ready;
      await cache
        .advance(areas)
        .catch((error: Error) =>
          io.err(
            `toolforge: Redis was not told (${error.message}): answers cached before the ${change} live up to ${CACHE_TTL_SECONDS} s\n`,
          ),
        );
    },
  };
}
