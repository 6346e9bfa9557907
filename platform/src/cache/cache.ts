/**
 * What a cached read depends on, named by the reads that own it (the catalogue, the orders). The
 * projector advances an area's generation after each commit that changed it; readers put the
 * generation in their keys, so an entry of an older generation is simply never read again (and
 * expires). A reader that loaded data just before a commit can only store it under the old
 * generation: no stale entry can outlive the change that made it stale.
 */
export type CacheArea = string;

/** The Cache port: the hot read model in front of Postgres. Adapters: in-process, Redis. */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** The area's current generation; undefined when the cache cannot say now (then nothing is cached). */
  generation(area: CacheArea): Promise<number | undefined>;
  advance(areas: Iterable<CacheArea>): Promise<void>;
  close(): Promise<void>;
}

/**
 * No cache: every read goes to the read model. For a query service of its own without REDIS_URL,
 * where an in-process cache would never hear of the commits of a projector in another process.
 */
export const NO_CACHE: Cache = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  generation: () => Promise.resolve(undefined),
  advance: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** How long a cached answer may live; a commit makes it unreachable sooner. */
export const CACHE_TTL_SECONDS = 60;

const NAMESPACE = 'toolforge:query';

/**
 * Where a query answer is kept: under its area's generation, so the query service that reads it
 * and the projector that refreshes it after a commit name the same entry.
 */
export function cachedAnswerKey(area: CacheArea, generation: number, key: string): string {
  return `${NAMESPACE}:${area}:${generation}:${key}`;
}

/**
 * A query answer as the GET sends it: the readers' DTO mappings build exactly the fields of their
 * response schemas, in their order, so this is the body the schema's serialiser would write. null
 * stands for "none" (an unknown product), which is worth keeping too.
 */
export function answerJson(answer: unknown): string {
  return JSON.stringify(answer ?? null);
}

/**
 * The answers of one area worth having in the cache before anyone asks (the catalogue's home page,
 * count and first pages): after a commit moves the area to a new generation, the projector puts
 * them there. The reads that own the area say which they are and build them; the host hands them
 * to the projector.
 */
export interface HotAnswers {
  readonly area: CacheArea;
  /** Each answer's key within the area, and its body as the GET sends it (see answerJson). */
  load(): Promise<ReadonlyMap<string, string>>;
}
