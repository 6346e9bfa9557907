import type { FastifyBaseLogger } from 'fastify';
import { ExpiringLru, answerJson, cachedAnswerKey, type Cache, type CacheArea } from '@toolforge/platform/cache';

/**
 * A query's answer: ready-to-send JSON from the cache (kept by an earlier read or refreshed by the
 * projector after a commit), or loaded from the read model.
 */
export type Answer<T> = { readonly json: string } | { readonly loaded: T };

/** `fresh`: read-your-writes, the read model only; `local`: see CachedReads.read. */
export interface ReadOptions {
  readonly fresh: boolean;
  readonly local?: boolean;
}

export interface RememberedAnswers {
  /** Answers kept in this process at most (the least recently read forgotten first). */
  readonly maxEntries: number;
  /** How long one is kept: also the bound on a stale answer after Redis lost its generations (see below). */
  readonly ttlMs: number;
}

/** Enough for every hot page of the bench and a shop's browsing, a few tens of MB at most. */
export const REMEMBERED_ANSWERS: RememberedAnswers = { maxEntries: 5000, ttlMs: 10_000 };

/**
 * Read-through caching of query answers (docs/architecture.md#6-the-projector-and-the-read-model): an answer is looked up under its area's current
 * generation and loaded from the read model on a miss. The cache only ever speeds reads up: when it
 * fails or cannot say which generation is current, the read model answers; a `fresh` read
 * (read-your-writes) skips it, because the cache may not have heard of a commit the checkpoint
 * already shows.
 *
 * With a cache in another process (Redis), the answers are also remembered here: an answer's key
 * holds its generation, and a commit moves the area to a new one, so what a key answered stays a
 * right answer for as long as that generation is current; a hit then costs no round trip and no
 * copy. One case breaks that rule: Redis restarted empty counts its generations again from 0, so
 * a number may come back. A generation lower than one already seen forgets everything remembered,
 * and nothing is remembered longer than `ttlMs`, which bounds the one case left (Redis back and
 * advanced past the number it had before, between two reads of this process).
 */
export class CachedReads {
  private readonly remembered: ExpiringLru<string> | undefined;
  private readonly newestGenerations = new Map<CacheArea, number>();

  constructor(
    private readonly cache: Cache,
    private readonly ttlSeconds: number,
    private readonly log: FastifyBaseLogger,
    private readonly remember?: RememberedAnswers,
  ) {
    this.remembered = remember && new ExpiringLru(remember.maxEntries);
  }

  /**
   * `options.local`: an answer of one entity (a product, a customer's orders), read by too many keys
   * for any one to be worth a round trip: where answers are remembered here, it is neither looked
   * for nor stored in the cache of another process, only remembered (measured: a product read by id
   * came closer to the bench's bare route without the two Redis commands of a miss;
   * docs/read-model.md#the-read-paths-cost).
   */
  read<T>(area: CacheArea, key: string, load: () => Promise<T>, options: ReadOptions): Promise<Answer<T>> {
    return this.through(
      area,
      key,
      options,
      async () => ({ loaded: await load() }),
      (answer) => answerJson(answer.loaded),
    );
  }

  /**
   * As `read`, for an answer its loader hands back as JSON already (written by the database): sent
   * as it is, hit or miss, with nothing parsed or serialised here.
   */
  readJson(area: CacheArea, key: string, loadJson: () => Promise<string>, options: ReadOptions): Promise<{ readonly json: string }> {
    return this.through(
      area,
      key,
      options,
      async () => ({ json: await loadJson() }),
      (answer) => answer.json,
    );
  }

  private async through<A extends object>(
    area: CacheArea,
    key: string,
    options: ReadOptions,
    load: () => Promise<A>,
    jsonOf: (answer: A) => string,
  ): Promise<A | { readonly json: string }> {
    const shared = !(options.local && this.remembered);
    if (options.fresh) return load();
    let cacheKey: string;
    try {
      const generation = await this.cache.generation(area);
      // The cache cannot say which generation is current (Redis down): read and keep nothing.
      if (generation === undefined) return load();
      cacheKey = cachedAnswerKey(area, generation, key);
      const known = this.recall(area, generation, cacheKey);
      if (known !== undefined) return { json: known };
      const hit = shared ? await this.cache.get(cacheKey) : undefined;
      if (hit !== undefined) {
        this.keep(cacheKey, hit);
        return { json: hit };
      }
    } catch (error) {
      this.log.warn({ err: error }, 'cache unavailable; reading the read model');
      return load();
    }
    const answer = await load();
    const json = jsonOf(answer);
    this.keep(cacheKey, json);
    if (!shared) return answer;
    this.cache.set(cacheKey, json, this.ttlSeconds).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not cache a query answer');
    });
    return answer;
  }

  private recall(area: CacheArea, generation: number, cacheKey: string): string | undefined {
    if (!this.remembered) return undefined;
    const newest = this.newestGenerations.get(area) ?? -1;
    if (generation < newest) this.remembered.clear();
    if (generation !== newest) this.newestGenerations.set(area, generation);
    return this.remembered.get(cacheKey);
  }

  private keep(cacheKey: string, json: string): void {
    this.remembered?.set(cacheKey, json, this.remember!.ttlMs);
  }
}
