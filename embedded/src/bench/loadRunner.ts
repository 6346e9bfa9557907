/**
 * Runs one load (loadWorker.ts) in a child process and answers its result: the load generator
 * then has a core's worth of event loop of its own, and the bench's own process stays idle while
 * it measures.
 */
import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './loadSpec.js';

const WORKER = fileURLToPath(new URL('./loadWorker.js', import.meta.url));

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // Its errors show beside the bench's own lines; its result is the one line on stdout.
  const child = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  child.stdin.end(JSON.stringify(spec));
  const [output, code] = await Promise.all([text(child.stdout), exited]);
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output) as LoadResult;
}
