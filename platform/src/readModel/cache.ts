import type { RowWrite } from './rows.js';

/**
 * What a cached read depends on. The projector advances an area's generation after each commit
 * that changed it; readers put the generation in their keys, so an entry of an older generation
 * is simply never read again (and expires). A reader that loaded data just before a commit can
 * only store it under the old generation: no stale entry can outlive the change that made it stale.
 */
export const CACHE_AREAS = { catalogue: 'catalogue', orders: 'orders' } as const;
export type CacheArea = (typeof CACHE_AREAS)[keyof typeof CACHE_AREAS];

/** The Cache port (DESIGN §2, §6): the hot read model in front of Postgres. Adapters: in-process, Redis. */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  generation(area: CacheArea): Promise<number>;
  advance(areas: Iterable<CacheArea>): Promise<void>;
  close(): Promise<void>;
}

/** The areas whose cached reads a row write makes stale. */
export function cacheAreasOf(write: RowWrite): CacheArea[] {
  switch (write.kind) {
    case 'insertProduct':
    case 'deleteProduct':
      return [CACHE_AREAS.catalogue];
    case 'reserveStock':
      // Available stock shows on every product page.
      return [CACHE_AREAS.catalogue];
    case 'insertOrder':
      return [CACHE_AREAS.orders];
    case 'signInUser':
    case 'signOutUser':
    case 'grantAdmin':
      // Roles are read from the read model directly, never cached: a grant counts at once.
      return [];
    default: {
      const unknown: never = write;
      return unknown;
    }
  }
}
