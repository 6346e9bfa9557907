import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { DataDirInUse } from '../pglite/dataDirLock.js';
import { openEventLog } from './openEventLog.js';

describe('openEventLog on the embedded log', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('takes the data dir’s lock, so nothing else opens the same PGlite files until it closes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-log-'));
    dirs.push(dataDir);
    const config = readConfig({ DATA_DIR: dataDir });
    const role = { clientId: 'test', writer: true };
    const opened = await openEventLog(config, role);
    try {
      await expect(openEventLog(config, role)).rejects.toThrow(DataDirInUse);
      expect(await opened.answers.check()).toBeUndefined();
      expect(opened.writer.writerLost).toBeNull();
    } finally {
      await opened.close();
    }
    const again = await openEventLog(config, role);
    await again.close();
  });
});
