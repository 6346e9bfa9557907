import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownEmbeddedShop } from './cli.suite.js';

/**
 * The built tool as an operator runs it after `make build`: `npx toolforge` from the repository
 * root, i.e. the bin that npm links, through its #! line, as a process of its own.
 */
const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const toolforge = join(root, 'node_modules', '.bin', 'toolforge');

function runProcess(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(toolforge, argv, { cwd: root, env: { PATH: process.env.PATH, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe('the toolforge command', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-cli-e2e-'));
    await knownEmbeddedShop(dataDir);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('audits an embedded shop and exits 0 when its read model agrees with the log', async () => {
    const { code, stdout, stderr } = await runProcess(['audit', 'orders'], { DATA_DIR: dataDir });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^TOTAL\s+3\s+8\s+1150\.65$/m);
    expect(stdout).toMatch(/Read model consistent with the log: 5 checked, no disagreements\./);
  });

  it('exits 2 with the usage on stderr for a bad argument', async () => {
    const { code, stdout, stderr } = await runProcess(['events', 'list', '--format', 'xml'], { DATA_DIR: dataDir });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/argument 'xml' is invalid[\s\S]*Usage: toolforge events list/);
  });
});
