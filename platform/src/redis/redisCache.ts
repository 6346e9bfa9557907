import { createClient } from 'redis';
import type { Logger } from '../logger.js';
import type { Cache, CacheArea } from '../cache/cache.js';

export type CacheLogger = Pick<Logger, 'warn' | 'info'>;

export interface RedisCacheOptions {
  /** REDIS_URL, e.g. redis://127.0.0.1:6379 (a /n path picks database n). */
  url: string;
  /** Put before every key: several shops (or test runs) share one Redis. */
  keyPrefix?: string;
  /** A command Redis has not answered by then counts as a miss: reads never wait on a stalled cache. */
  commandTimeoutMs?: number;
  /** The longest pause between two attempts to reconnect. */
  maxReconnectDelayMs?: number;
  logger?: CacheLogger;
  /**
   * Keep what Redis answered in this process (node-redis's client-side caching, RESP3 tracking):
   * Redis tells the process when a key it read changes, so a repeated read needs no round trip.
   * On by default; the projector, which only writes, has no use for it.
   */
  nearCache?: boolean;
}

const GENERATIONS = 'toolforge:generation:';
/** After a command timed out, Redis is left alone this long: a hung Redis costs one timeout, not one per read. */
const SUSPEND_AFTER_TIMEOUT_MS = 1000;
const WARNING_INTERVAL_MS = 10_000;
const CLOSE_TIMEOUT_MS = 1000;
/** Commands waiting on a hung Redis are bounded too; past this the client refuses new ones at once. */
const MAX_QUEUED_COMMANDS = 1000;
/** Answers and generations kept in this process at most (least recently read forgotten first). */
const NEAR_CACHE_ENTRIES = 10_000;
/**
 * Redis's word that a key changed comes on the same connection as its answers, so a PING answered
 * means every change made before it was sent has been heard of. Kept answers are trusted only while
 * such a PING is at most NEAR_CACHE_TRUST_MS old: a connection that hangs without breaking (which
 * would also hold back the news of a change) costs at most that much staleness.
 */
const NEAR_CACHE_PING_MS = 200;
const NEAR_CACHE_TRUST_MS = 1000;

class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

/**
 * The Cache port on Redis (docs/architecture.md#6-the-projector-and-the-read-model), through node-redis. Redis only ever speeds reads up, so
 * this adapter never makes a read wait long or fail because of it: while Redis is unreachable or
 * slower than `commandTimeoutMs`, a lookup is a miss, a generation is unknown (the query service
 * then reads PostgreSQL and stores nothing) and a store is dropped. Commands are refused at once
 * while disconnected rather than queued; the client keeps reconnecting in the background, at most
 * `maxReconnectDelayMs` apart. Only `advance` reports a failure, so the projector can tell Redis
 * later. An outage is logged when it starts (then at most every 10 s) and when it ends.
 */
export class RedisCache implements Cache {
  private readonly client;
  private readonly logger: CacheLogger | undefined;
  private readonly commandTimeoutMs: number;
  private suspendedUntil = 0;
  /** When the newest PING that Redis answered was sent: what this process kept is as fresh as that. */
  private heardUpTo = 0;
  private readonly heartbeat: NodeJS.Timeout | undefined;
  private down = false;
  private closed = false;
  private lastWarningAt = 0;
  /**
   * The generations read lately, answered without going through the client at all (every cached
   * read asks one: profiled, the client's command path and the copy it hands out cost more than
   * the rest of the lookup). Trusted exactly as the client's own near cache: forgotten when Redis
   * says a key changed, when the connection breaks or comes back, and when it has not proved lately
   * that it hears of changes.
   */
  private readonly generations = new Map<CacheArea, number>();
  /** Moves on each time the generations are forgotten: a read under way when it moved keeps nothing. */
  private generationsEpoch = 0;

  private constructor(options: RedisCacheOptions) {
    const maxDelay = options.maxReconnectDelayMs ?? 2000;
    const nearCache = options.nearCache ?? true;
    this.logger = options.logger;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 250;
    this.client = createClient({
      url: options.url,
      keyPrefix: options.keyPrefix || undefined,
      disableOfflineQueue: true,
      commandsQueueMaxLength: MAX_QUEUED_COMMANDS,
      // Each command has this adapter's own deadline (withDeadline); node-redis's (5 s by default)
      // made an AbortSignal.timeout per command, a visible share of a read's time in the profile
      // (docs/read-model.md#the-read-paths-cost).
      commandOptions: { timeout: 0 },
      ...(nearCache ? { RESP: 3 as const, clientSideCache: { maxEntries: NEAR_CACHE_ENTRIES } } : {}),
      socket: {
        connectTimeout: 1000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, maxDelay),
      },
    });
    // Without a listener, node-redis's 'error' events would end the process.
    this.client.on('error', (error: Error) => {
      this.forgetGenerations();
      this.wentDown(error);
    });
    this.client.on('end', () => this.forgetGenerations());
    this.client.on('ready', () => {
      this.forgetGenerations();
      this.cameBack();
      if (nearCache) this.listen();
    });
    // Redis's word that a key this connection read has changed (a projector advanced a generation).
    this.client.clientSideCache?.on('invalidate', () => this.forgetGenerations());
    if (nearCache) {
      this.heartbeat = setInterval(() => this.listen(), NEAR_CACHE_PING_MS);
      this.heartbeat.unref();
    }
  }

  /** Starts connecting and answers at once: reads are misses until Redis is ready. */
  static open(options: RedisCacheOptions): RedisCache {
    const cache = new RedisCache(options);
    // Rejected only when the cache is closed before it ever connected; outages are logged by 'error'.
    cache.client.connect().catch(() => undefined);
    return cache;
  }

  /** Whether commands go to Redis now. */
  get ready(): boolean {
    return this.client.isReady;
  }

  /** Resolves true once connected, or false after `timeoutMs` (the cache works either way). */
  async waitUntilReady(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.client.isReady && !this.closed && Date.now() < deadline) {
      await new Promise((resume) => setTimeout(resume, 10));
    }
    return this.client.isReady;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.attempt(() => this.client.get(key))) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.attempt(() => this.client.set(key, value, { expiration: { type: 'EX', value: ttlSeconds } }));
  }

  async generation(area: CacheArea): Promise<number | undefined> {
    if (this.client.clientSideCache && this.available()) {
      this.trustNearCache();
      const known = this.generations.get(area);
      if (known !== undefined) return known;
    }
    const epoch = this.generationsEpoch;
    const value = await this.attempt(() => this.client.get(GENERATIONS + area));
    if (value === undefined) return undefined;
    const generation = value === null ? 0 : Number(value);
    if (this.client.clientSideCache && epoch === this.generationsEpoch) this.generations.set(area, generation);
    return generation;
  }

  async advance(areas: Iterable<CacheArea>): Promise<void> {
    const unique = [...new Set(areas)];
    if (unique.length === 0) return;
    if (!this.available()) throw new Error('Redis is unavailable');
    const transaction = this.client.multi();
    for (const area of unique) transaction.incr(GENERATIONS + area);
    await this.withDeadline(transaction.exec());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    // close() lets the commands under way finish, but a Redis that hangs must not hold a shutdown.
    let timer: NodeJS.Timeout | undefined;
    const closing = this.client.close().catch(() => undefined);
    const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), CLOSE_TIMEOUT_MS)));
    if ((await Promise.race([closing, hung])) === 'hung') this.client.destroy();
    clearTimeout(timer);
  }

  private available(): boolean {
    return this.client.isReady && Date.now() >= this.suspendedUntil;
  }

  /** Proves the connection still carries Redis's news of changed keys (see NEAR_CACHE_TRUST_MS). */
  private listen(): void {
    if (!this.available()) return;
    const sentAt = Date.now();
    this.withDeadline(this.client.ping()).then(
      () => (this.heardUpTo = Math.max(this.heardUpTo, sentAt)),
      () => undefined,
    );
  }

  /** What this process kept, unless the connection has not proved lately that it hears of changes. */
  private trustNearCache(): void {
    const kept = this.client.clientSideCache;
    if (!kept || Date.now() - this.heardUpTo <= NEAR_CACHE_TRUST_MS) return;
    if (kept.size() > 0) kept.clear();
    this.forgetGenerations();
  }

  private forgetGenerations(): void {
    this.generationsEpoch += 1;
    this.generations.clear();
  }

  /** The command's answer, or undefined when Redis is unavailable, fails or is too slow. */
  private async attempt<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (!this.available()) return undefined;
    this.trustNearCache();
    try {
      const answer = await this.withDeadline(command());
      this.cameBack();
      return answer;
    } catch (error) {
      this.wentDown(error);
      return undefined;
    }
  }

  /**
   * node-redis's own timeout covers a command only until it is written; one that Redis received
   * but never answers would wait as long as the connection lives. So each command gets a deadline.
   */
  private async withDeadline<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        this.suspendedUntil = Date.now() + SUSPEND_AFTER_TIMEOUT_MS;
        reject(new RedisTimeout(this.commandTimeoutMs));
      }, this.commandTimeoutMs);
    });
    // The command may still settle after the deadline: nobody waits for it any more.
    command.catch(() => undefined);
    try {
      return await Promise.race([command, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A lost connection or a failed command: said once per outage, and at most every 10 s. */
  private wentDown(error: unknown): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.down && now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.down = true;
    this.lastWarningAt = now;
    this.logger?.warn({ err: error }, 'Redis unavailable; queries read PostgreSQL meanwhile');
  }

  private cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.logger?.info({}, 'Redis available again');
  }
}
