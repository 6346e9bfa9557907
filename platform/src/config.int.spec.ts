import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiTokenSecret, readConfig } from './config.js';
import { useTempDirs } from './test/tempDirs.js';

describe('apiTokenSecret', () => {
  const tempDir = useTempDirs();

  it('gives services that start together on one data dir the same generated key, and keeps it', async () => {
    const dataDir = await tempDir('toolforge-secret-');
    const secrets = await Promise.all(Array.from({ length: 6 }, () => apiTokenSecret({ jwtSecret: undefined, dataDir })));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(64);
    expect(await apiTokenSecret({ jwtSecret: undefined, dataDir })).toBe(secrets[0]);
    // No draft left behind.
    expect(await readdir(dataDir)).toEqual(['jwt-secret']);
  });

  it('prefers JWT_SECRET', async () => {
    expect(await apiTokenSecret({ jwtSecret: 'given', dataDir: '/nonexistent' })).toBe('given');
  });
});

describe('readConfig', () => {
  it('puts the default transactional id behind the topic prefix, so shops sharing a cluster never fence each other', () => {
    expect(readConfig({}).kafkaTransactionalId).toBe('toolforge-command-service');
    expect(readConfig({ KAFKA_TOPIC_PREFIX: 'shop-b.' }).kafkaTransactionalId).toBe('shop-b.toolforge-command-service');
    expect(readConfig({ KAFKA_TOPIC_PREFIX: 'shop-b.', KAFKA_TRANSACTIONAL_ID: 'mine' }).kafkaTransactionalId).toBe('mine');
  });

  it('reads the limits of queries and commands, and refuses nonsense', () => {
    expect(readConfig({})).toMatchObject({ queryRateLimit: 600, commandDeadlineMs: 10_000, commandQueueLimit: 100, projectorPort: 5003 });
    expect(readConfig({ QUERY_RATE_LIMIT: '0', COMMAND_DEADLINE_MS: '2500' })).toMatchObject({
      queryRateLimit: 0,
      commandDeadlineMs: 2500,
    });
    expect(() => readConfig({ COMMAND_QUEUE_LIMIT: 'many' })).toThrow(/COMMAND_QUEUE_LIMIT/);
  });
});
