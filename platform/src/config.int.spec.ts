import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiTokenSecret } from './config.js';

describe('apiTokenSecret', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('gives services that start together on one data dir the same generated key, and keeps it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-secret-'));
    dirs.push(dataDir);
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
