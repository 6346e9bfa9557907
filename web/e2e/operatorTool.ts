import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Stack } from './stack';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The built tool, the program `npx toolforge` runs after `make build` (the projector's bin). */
const toolforge = join(root, 'projector', 'dist', 'cli.js');

/**
 * Runs `toolforge <argv> --format json` against the stack's shop, a process of its own as an
 * operator's would be (docs/operators.md), and gives its answer; a non-zero exit fails with what it printed.
 */
export function toolforgeJson<Answer>(stack: Stack, argv: string[]): Promise<Answer> {
  return new Promise((done, fail) => {
    const env = { PATH: process.env.PATH, ...stack.operatorEnv };
    execFile(process.execPath, [toolforge, ...argv, '--format', 'json'], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) fail(new Error(`toolforge ${argv.join(' ')} exited ${String(error.code)}: ${stderr}${stdout.slice(0, 2000)}`));
      else done(JSON.parse(stdout) as Answer);
    });
  });
}
