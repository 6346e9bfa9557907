import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { deleteKeys, uniqueKeyPrefix } from '../testing/redis.js';
import { testPort } from '../testing/ports.js';
import { TcpProxy } from '../testing/tcpProxy.js';
import { AREAS, describeCache } from '../cache/cache.suite.js';
import { RedisCache, type CacheLogger } from './redisCache.js';

const redisUrl = inject('redisUrl');
const keyPrefix = uniqueKeyPrefix('cache');
afterAll(() => deleteKeys(redisUrl, keyPrefix));

describeCache('Redis', async () => {
  const cache = RedisCache.open({ url: redisUrl, keyPrefix });
  expect(await cache.waitUntilReady(5000)).toBe(true);
  return cache;
});

/** The port of the proxy that plays Redis's failures. */
const PROXY_PORT = testPort('redisProxy');

function recordingLogger() {
  const lines: string[] = [];
  const logger: CacheLogger = {
    warn: (_details, message) => lines.push(`warn ${message}`),
    info: (_details, message) => lines.push(`info ${message}`),
  };
  return { logger, lines };
}

/** Resolves what `work` resolves, and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('RedisCache when Redis fails', () => {
  const opened: RedisCache[] = [];
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cache) => cache.close()));
    await proxy?.down();
  });

  it('answers every call at once on a dead port: misses, an unknown generation, dropped stores', async () => {
    const { logger, lines } = recordingLogger();
    const cache = RedisCache.open({ url: 'redis://127.0.0.1:1', keyPrefix, logger });
    opened.push(cache);
    expect(await cache.waitUntilReady(200)).toBe(false);
    const calls: (() => Promise<unknown>)[] = [
      () => cache.get('home'),
      () => cache.generation(AREAS.catalogue),
      () => cache.set('home', '[]', 60),
    ];
    for (const call of calls) {
      const { value, ms } = await timed(call);
      expect(value).toBeUndefined();
      expect(ms).toBeLessThan(50);
    }
    // The projector must hear that it could not advance, to tell Redis later.
    await expect(cache.advance([AREAS.orders])).rejects.toThrow('Redis is unavailable');
    expect(lines).toEqual(['warn Redis unavailable; queries read PostgreSQL meanwhile']);
  });

  it('counts a command Redis does not answer in time as a miss', async () => {
    const target = new URL(redisUrl);
    proxy = new TcpProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 6379) });
    await proxy.up();
    const cache = RedisCache.open({ url: `redis://127.0.0.1:${PROXY_PORT}${target.pathname}`, keyPrefix, commandTimeoutMs: 100 });
    opened.push(cache);
    expect(await cache.waitUntilReady(5000)).toBe(true);
    await cache.set('count', '{"count":1}', 60);
    expect(await cache.get('count')).toBe('{"count":1}');

    proxy.freeze();
    // An entry this process has not read yet: only Redis could answer it.
    const lookup = await timed(() => cache.get('unread'));
    expect(lookup.value).toBeUndefined();
    expect(lookup.ms).toBeLessThan(1000);
    // Right after a timeout Redis is left alone for a moment: the next calls do not wait again.
    const generation = await timed(() => cache.generation(AREAS.catalogue));
    expect(generation.value).toBeUndefined();
    expect(generation.ms).toBeLessThan(50);
  });

  it('reconnects by itself when Redis comes back, and says so once', async () => {
    const target = new URL(redisUrl);
    proxy = new TcpProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 6379) });
    await proxy.up();
    const { logger, lines } = recordingLogger();
    const cache = RedisCache.open({
      url: `redis://127.0.0.1:${PROXY_PORT}${target.pathname}`,
      keyPrefix,
      logger,
      maxReconnectDelayMs: 100,
    });
    opened.push(cache);
    expect(await cache.waitUntilReady(5000)).toBe(true);

    await proxy.down();
    await expect.poll(() => cache.ready).toBe(false);
    expect(await cache.get('anything')).toBeUndefined();
    await proxy.up();
    expect(await cache.waitUntilReady(5000)).toBe(true);
    await cache.set('back', 'yes', 60);
    expect(await cache.get('back')).toBe('yes');
    expect(lines).toEqual(['warn Redis unavailable; queries read PostgreSQL meanwhile', 'info Redis available again']);
  });

  it('stores entries with their time to live', async () => {
    const cache = RedisCache.open({ url: redisUrl, keyPrefix });
    opened.push(cache);
    await cache.waitUntilReady(5000);
    await cache.set('ttl', '[]', 42);
    const raw = createClient({ url: redisUrl });
    await raw.connect();
    try {
      const ttl = await raw.ttl(`${keyPrefix}ttl`);
      expect(ttl).toBeGreaterThan(40);
      expect(ttl).toBeLessThanOrEqual(42);
    } finally {
      await raw.close();
    }
  });
});

describe('RedisCache keeping what it read in this process (near cache)', () => {
  const opened: RedisCache[] = [];
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cache) => cache.close()));
    await proxy?.down();
  });
  // A generous timeout: these tests are about what the process keeps, not about a slow Redis (a
  // command timed out under a loaded machine would read as a miss and leave Redis alone a second).
  const open = async (url: string, options: { nearCache?: boolean } = {}) => {
    const cache = RedisCache.open({ url, keyPrefix, commandTimeoutMs: 1000, ...options });
    opened.push(cache);
    expect(await cache.waitUntilReady(5000)).toBe(true);
    return cache;
  };
  /** A cache whose connection the test can freeze, and which has heard from Redis lately. */
  const behindProxy = async () => {
    const target = new URL(redisUrl);
    proxy = new TcpProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 6379) });
    await proxy.up();
    const cache = await open(`redis://127.0.0.1:${PROXY_PORT}${target.pathname}`);
    await cache.set('near', '{"count":7}', 60);
    // Read until the answer comes from this process: the connection has proved it hears of changes.
    await expect.poll(() => cache.get('near')).toBe('{"count":7}');
    return cache;
  };

  it('answers a repeated read without asking Redis', async () => {
    const cache = await behindProxy();
    expect(await cache.get('near')).toBe('{"count":7}');
    proxy!.freeze();
    // Nothing gets through any more, yet the entry read before is answered.
    expect(await cache.get('near')).toBe('{"count":7}');
  });

  it('stops answering from what it kept once the connection no longer proves that it hears of changes', async () => {
    const cache = await behindProxy();
    proxy!.freeze();
    await expect.poll(() => cache.get('near'), { timeout: 5000 }).toBeUndefined();
  });

  it('answers a generation it read before without asking Redis, until the connection stops proving that it hears of changes', async () => {
    const cache = await behindProxy();
    await expect.poll(() => cache.generation(AREAS.catalogue)).toEqual(expect.any(Number));
    const generation = await cache.generation(AREAS.catalogue);
    proxy!.freeze();
    expect(await cache.generation(AREAS.catalogue)).toBe(generation);
    await expect.poll(() => cache.generation(AREAS.catalogue), { timeout: 5000 }).toBeUndefined();
  });

  it('hears at once when another process (the projector, a rebuild) advances a generation or stores an answer', async () => {
    const reader = await open(redisUrl);
    const projector = await open(redisUrl, { nearCache: false });
    await expect.poll(() => reader.generation(AREAS.catalogue)).toEqual(expect.any(Number));
    const start = (await reader.generation(AREAS.catalogue))!;
    expect(await reader.generation(AREAS.catalogue)).toBe(start);
    await projector.advance([AREAS.catalogue]);
    await expect.poll(() => reader.generation(AREAS.catalogue)).toBe(start + 1);

    expect(await reader.get('stored-elsewhere')).toBeUndefined();
    await projector.set('stored-elsewhere', '[]', 60);
    await expect.poll(() => reader.get('stored-elsewhere')).toBe('[]');
  });
});
