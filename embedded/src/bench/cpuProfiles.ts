/**
 * Where a missed figure's time went (BENCH_CPU_PROFILE): each profiled process's V8 CPU profile
 * cut to the window in which the figure was measured, as shares of that window's samples: busy
 * (not idle), garbage collection, by origin (Node's internals, a dependency, one of our packages)
 * and the functions with the most self time. A profile's timestamps and `process.hrtime` read the
 * same monotonic clock in microseconds, so one window cuts every process's profile alike.
 */
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** When a figure was measured, on the monotonic clock of `monotonicMicros`. */
export interface MeasuredWindow {
  readonly fromUs: number;
  readonly toUs: number;
}

export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/** The fields of a `.cpuprofile` (V8's Profiler.Profile) read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  /** Each sample's time after the one before it (the first: after startTime). */
  readonly timeDeltas: readonly number[];
}

export interface Share {
  readonly name: string;
  readonly share: number;
}

/** One process's profile within one window. */
export interface ProcessShares {
  readonly process: string;
  /** The time its samples in the window stand for, in microseconds; the shares are of it. */
  readonly sampledUs: number;
  readonly busy: number;
  readonly gc: number;
  readonly origins: readonly Share[];
  readonly functions: readonly Share[];
}

export interface FigureProfile {
  readonly stack: string;
  readonly figure: string;
  readonly routes: string;
  /** The cores each kind of process on the machine used meanwhile (processCpu.ts). */
  readonly cores: readonly Share[];
  readonly processes: readonly ProcessShares[];
}

const IDLE = '(idle)';
const GC = '(garbage collector)';

/** Our packages' folders, as they appear in a frame's url. */
const OURS = /\/((?:command-service|query-service|projector|platform|contracts|embedded|scripts)\/.*)$/;
const DEPENDENCY = 'node_modules/';

/** Where a frame's code comes from: a dependency by its package name, ours by its folder. */
export function originOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  // PGlite's PostgreSQL, compiled to WebAssembly: the one module of its kind the shop loads.
  if (url.startsWith('wasm:')) return 'WebAssembly (PGlite)';
  if (url.includes(DEPENDENCY)) {
    const [scope, name] = url.slice(url.lastIndexOf(DEPENDENCY) + DEPENDENCY.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return OURS.exec(url)?.[1]?.split('/')[0] ?? url;
}

/** A function as `name file:line`, its file from its package's folder. */
function frameName(url: string, functionName: string, lineNumber: number): string {
  const name = functionName || '(anonymous)';
  if (!url || url.startsWith('wasm:')) return name;
  const file = url.includes(DEPENDENCY) ? url.slice(url.lastIndexOf(DEPENDENCY) + DEPENDENCY.length) : (OURS.exec(url)?.[1] ?? url);
  return `${name} ${file}:${lineNumber + 1}`;
}

function topShares(weights: Map<string, number>, total: number, count: number): Share[] {
  return [...weights]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, weight]) => ({ name, share: weight / total }));
}

/** The shares of `profile`'s samples inside `window`, or undefined when none falls in it. */
export function windowShares(profile: CpuProfile, window: MeasuredWindow, process: string, top = 5): ProcessShares | undefined {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const origins = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  let idle = 0;
  let gc = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.fromUs || at > window.toUs) return;
    const frame = frames.get(id);
    if (!frame) return;
    // A sample stands for the time since the one before it.
    total += delta;
    if (frame.functionName === IDLE) idle += delta;
    else {
      if (frame.functionName === GC) gc += delta;
      const origin = originOf(frame.url, frame.functionName);
      origins.set(origin, (origins.get(origin) ?? 0) + delta);
      const name = frameName(frame.url, frame.functionName, frame.lineNumber);
      functions.set(name, (functions.get(name) ?? 0) + delta);
    }
  });
  if (total === 0) return undefined;
  return {
    process,
    sampledUs: total,
    busy: (total - idle) / total,
    gc: gc / total,
    origins: topShares(origins, total, top),
    functions: topShares(functions, total, top),
  };
}

/**
 * Which of the bench's processes a profile is of: the bench's own (`profiled`) by the tag in its
 * file's name, any other from the code it ran: the hello route, the embedded shop (both services in
 * one process) or one service.
 */
export function processOf(profile: CpuProfile, file: string): string {
  const urls = new Set(profile.nodes.map((node) => node.callFrame.url));
  const ran = (folder: string) => [...urls].some((url) => url.includes(`/${folder}/dist/`));
  const pid = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file)?.[1];
  const tag = /^CPU\.([a-z-]+)\./.exec(file)?.[1];
  // In this order: the embedded shop runs both services, and the projector the query service's tables.
  const name = tag
    ? `bench (${tag})`
    : [...urls].some((url) => url.endsWith('/helloServer.js'))
      ? 'hello'
      : ran('command-service') && ran('query-service')
        ? 'embedded shop'
        : ran('command-service')
          ? 'command service'
          : ran('projector')
            ? 'projector'
            : ran('query-service')
              ? 'query service'
              : 'node';
  return pid ? `${name} (pid ${pid})` : name;
}

/**
 * `work` with this thread's CPU profiled when `dir` is set (the bench's own thread, where a rebuild
 * runs): its profile is written there as `node --cpu-prof` writes a process's, `tag` in place of
 * the date (processOf names it by that).
 */
export async function profiled<T>(dir: string | undefined, tag: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  await mkdir(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await writeFile(join(dir, `CPU.${tag}.${process.pid}.0.${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
}

export interface NamedProfile {
  readonly process: string;
  readonly profile: CpuProfile;
}

/** Every `.cpuprofile` in `dir` written since `since` (an earlier run's are left out), named by its process. */
export async function readProfiles(dir: string, since: Date): Promise<NamedProfile[]> {
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.cpuprofile')).sort();
  const named = await Promise.all(
    files.map(async (file): Promise<NamedProfile | undefined> => {
      if ((await stat(join(dir, file))).mtime < since) return undefined;
      const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
      return { process: processOf(profile, file), profile };
    }),
  );
  return named.filter((profile) => profile !== undefined);
}

/**
 * Each figure's cores by process and profiled processes within its window, the busiest first
 * (processes that sat idle through it left out); figures with neither are left out.
 */
export function profileFigures(
  figures: readonly { stack: string; figure: string; routes: string; window?: MeasuredWindow; cores?: readonly Share[] }[],
  profiles: readonly NamedProfile[],
): FigureProfile[] {
  return figures.flatMap((figure) => {
    const { window, cores = [] } = figure;
    const processes = window
      ? profiles
          .map(({ process, profile }) => windowShares(profile, window, process))
          .filter((shares): shares is ProcessShares => shares !== undefined && shares.busy >= 0.05)
          .sort((a, b) => b.busy - a.busy)
      : [];
    return processes.length > 0 || cores.length > 0
      ? [{ stack: figure.stack, figure: figure.figure, routes: figure.routes, cores, processes }]
      : [];
  });
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const shares = (list: readonly Share[]) => list.map((item) => `${item.name} ${percent(item.share)}`).join(', ');

/** The figures' profiles as lines printed under the table. */
export function profileLines(figures: readonly FigureProfile[]): string[] {
  if (figures.length === 0) return [];
  return [
    'Where the time of each missed figure went: the cores each process used while it was measured, and with BENCH_CPU_PROFILE its profiled processes (shares of their samples then):',
    ...figures.flatMap((figure) => [
      `- ${figure.stack} ${figure.figure}, ${figure.routes}:`,
      ...(figure.cores.length > 0
        ? [`  - cores used: ${figure.cores.map((core) => `${core.name} ${core.share.toFixed(2)}`).join(', ')}`]
        : []),
      ...figure.processes.map(
        (process) =>
          `  - ${process.process}: busy ${percent(process.busy)}, GC ${percent(process.gc)}; ` +
          `by origin: ${shares(process.origins)}; functions (self): ${shares(process.functions)}`,
      ),
    ]),
  ];
}
