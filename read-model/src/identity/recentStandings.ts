import type { UserStanding } from '@toolforge/platform';
import type { StandingReader } from './standingReads.js';

export interface RecentStandingsOptions {
  /** How long a standing read from the read model is used again; 0 reads it for every request. */
  maxAgeMs: number;
  /** Accounts kept at most; the oldest reads are forgotten first. */
  maxEntries?: number;
  now?: () => number;
}

/** A second: a logout or revocation counts here at most this long after the projector applied it. */
export const STANDING_MAX_AGE_MS = 1000;
const MAX_ENTRIES = 10_000;

/**
 * Each account's standing (role, sessions) from the read model, kept in this process for a short
 * while: every signed-in GET needs it, and most come from the cache, which a database read per
 * request would slow down. Concurrent requests of one account share one read.
 */
export class RecentStandings {
  private readonly entries = new Map<string, { standing: Promise<UserStanding | undefined>; readAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<StandingReader, 'userStanding'>,
    private readonly options: RecentStandingsOptions,
  ) {
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  of(uid: string): Promise<UserStanding | undefined> {
    if (this.options.maxAgeMs <= 0) return this.store.userStanding(uid);
    const now = this.now();
    const kept = this.entries.get(uid);
    if (kept && now - kept.readAt < this.options.maxAgeMs) return kept.standing;

    const standing = this.store.userStanding(uid);
    // Re-inserted, so that the map's order is the order of reads and the oldest go first.
    this.entries.delete(uid);
    this.entries.set(uid, { standing, readAt: now });
    // A failed read is not kept: the next request reads again.
    standing.catch(() => {
      if (this.entries.get(uid)?.standing === standing) this.entries.delete(uid);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return standing;
  }
}
