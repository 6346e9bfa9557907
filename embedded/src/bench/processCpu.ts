/**
 * The CPU each process on the machine used while a figure was measured, in cores (Linux's
 * /proc/<pid>/stat): where a figure shares the two cores with PostgreSQL, Kafka, Redis, the load
 * generator or anything else running, which the shop's own CPU profile cannot show.
 */
import { readFile, readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { monotonicMicros, type MeasuredWindow, type Share } from './cpuProfiles.js';

/** Linux's clock ticks a second (`getconf CLK_TCK`), which /proc's CPU times count in on every platform Node runs. */
const TICKS_PER_SECOND = 100;

/** Each process's CPU time so far, in ticks, at `atUs` on the profiles' monotonic clock. */
export interface CpuSnapshot {
  readonly atUs: number;
  readonly ticks: ReadonlyMap<number, { readonly name: string; readonly ticks: number }>;
}

/** The bench's node processes by the script they run; any other process by its command. */
export function processName(command: string, argv: readonly string[]): string {
  if (command !== 'node') return command === 'java' && argv.some((arg) => arg.includes('kafka')) ? 'kafka' : command;
  const script = argv.slice(1).find((arg) => !arg.startsWith('-'));
  if (!script) return 'node';
  const known: Record<string, string> = {
    'loadWorker.js': 'load generator',
    'helloServer.js': 'hello',
    'start.mjs': 'embedded shop',
  };
  const file = basename(script);
  const service = /(command-service|query-service|projector)\/dist\/main\.js$/.exec(script)?.[1];
  return known[file] ?? service?.replace('-', ' ') ?? (script.includes('/bench/') ? 'bench' : `node ${file}`);
}

async function processTicks(pid: number): Promise<{ name: string; ticks: number } | undefined> {
  try {
    const [stat, cmdline] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/cmdline`, 'utf8')]);
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after its last ')'.
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime: the 14th and 15th fields of the line, the 12th and 13th after the command.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { name: processName(command, cmdline.split('\0').filter(Boolean)), ticks };
  } catch {
    // Gone between the listing and the read, or not ours to read.
    return undefined;
  }
}

/** Every process's CPU time now; undefined where there is no /proc. */
export async function cpuSnapshot(): Promise<CpuSnapshot | undefined> {
  const entries = await readdir('/proc').catch(() => undefined);
  if (!entries) return undefined;
  const atUs = monotonicMicros();
  const pids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
  const read = await Promise.all(pids.map(async (pid) => [pid, await processTicks(pid)] as const));
  return { atUs, ticks: new Map(read.filter((entry): entry is [number, { name: string; ticks: number }] => entry[1] !== undefined)) };
}

/**
 * The cores each kind of process used between two snapshots, the busiest first, from `minimum`
 * cores on: a process started in between counts from zero, and processes of one name (PostgreSQL's
 * backends, say) are added up.
 */
export function coresBetween(from: CpuSnapshot, to: CpuSnapshot, minimum = 0.05): Share[] {
  const seconds = (to.atUs - from.atUs) / 1e6;
  if (seconds <= 0) return [];
  const byName = new Map<string, number>();
  for (const [pid, now] of to.ticks) {
    const used = now.ticks - (from.ticks.get(pid)?.ticks ?? 0);
    if (used > 0) byName.set(now.name, (byName.get(now.name) ?? 0) + used);
  }
  return [...byName]
    .map(([name, ticks]) => ({ name, share: ticks / TICKS_PER_SECOND / seconds }))
    .filter((entry) => entry.share >= minimum)
    .sort((a, b) => b.share - a.share);
}

/** `work`'s answer, when it ran, and the cores each kind of process used meanwhile (where /proc tells). */
export async function watched<T>(work: () => Promise<T>): Promise<{ answer: T; window: MeasuredWindow; cores?: Share[] }> {
  const before = await cpuSnapshot();
  const fromUs = monotonicMicros();
  const answer = await work();
  const window = { fromUs, toUs: monotonicMicros() };
  const after = await cpuSnapshot();
  return { answer, window, cores: before && after ? coresBetween(before, after) : undefined };
}
