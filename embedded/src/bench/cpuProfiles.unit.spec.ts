import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  monotonicMicros,
  originOf,
  processOf,
  profileFigures,
  profileLines,
  profiled,
  readProfiles,
  windowShares,
  type CpuProfile,
} from './cpuProfiles.js';

const QUERY_ROUTE = 'file:///clone/query-service/dist/orders/routes.js';
const FASTIFY = 'file:///clone/node_modules/fastify/lib/reply.js';
const FIREBASE = 'file:///clone/node_modules/@firebase/auth/dist/index.js';

/** A query service's profile: ids 2–5 are its frames; each sample stands for `deltas[i]` µs. */
function queryServiceProfile(samples: number[], deltas: number[]): CpuProfile {
  return {
    startTime: 1_000,
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
      { id: 2, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      { id: 3, callFrame: { functionName: '(garbage collector)', url: '', lineNumber: -1 } },
      { id: 4, callFrame: { functionName: 'send', url: FASTIFY, lineNumber: 9 } },
      { id: 5, callFrame: { functionName: 'ordersOfUser', url: QUERY_ROUTE, lineNumber: 41 } },
      { id: 6, callFrame: { functionName: 'writev', url: 'node:internal/stream_base_commons', lineNumber: 120 } },
    ],
    samples,
    timeDeltas: deltas,
  };
}

describe("where a figure's time went", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('names where a frame comes from: Node, a dependency (scoped too), one of our packages, the engine', () => {
    expect(originOf('node:internal/stream_base_commons', 'writev')).toBe('node internals');
    expect(originOf(FASTIFY, 'send')).toBe('fastify');
    expect(originOf(FIREBASE, 'x')).toBe('@firebase/auth');
    expect(originOf(QUERY_ROUTE, 'ordersOfUser')).toBe('query-service');
    expect(originOf('', '(garbage collector)')).toBe('(garbage collector)');
    expect(originOf('', 'memcpy')).toBe('(native)');
    expect(originOf('wasm://wasm/022a9842', 'wasm-function[9609]')).toBe('WebAssembly (PGlite)');
  });

  it('cuts a profile to the window and shares its samples by time: busy, GC, origins and functions', () => {
    // Sample times: 1,010 (before the window), then 1,110, 1,210, 1,310, 1,410, 1,810 (after it).
    const profile = queryServiceProfile([5, 4, 2, 3, 6, 5], [10, 100, 100, 100, 100, 400]);
    const shares = windowShares(profile, { fromUs: 1_100, toUs: 1_500 }, 'query service');
    expect(shares).toEqual({
      process: 'query service',
      sampledUs: 400,
      busy: 0.75,
      gc: 0.25,
      origins: [
        { name: 'fastify', share: 0.25 },
        { name: '(garbage collector)', share: 0.25 },
        { name: 'node internals', share: 0.25 },
      ],
      functions: [
        { name: 'send fastify/lib/reply.js:10', share: 0.25 },
        { name: '(garbage collector)', share: 0.25 },
        { name: 'writev node:internal/stream_base_commons:121', share: 0.25 },
      ],
    });
    expect(windowShares(profile, { fromUs: 5_000, toUs: 6_000 }, 'query service')).toBeUndefined();
  });

  it('keeps, for each figure measured in a window, the processes busy in it, the busiest first, and prints them', () => {
    const busy = queryServiceProfile([5, 5, 5, 4], [100, 100, 100, 100]);
    const idle = queryServiceProfile([2, 2, 2, 2], [100, 100, 100, 100]);
    const half = queryServiceProfile([5, 2, 5, 2], [100, 100, 100, 100]);
    const figures = profileFigures(
      [
        {
          stack: 'services',
          figure: 'uncached reads',
          routes: '/orders/:uid',
          window: { fromUs: 1_050, toUs: 1_450 },
          cores: [
            { name: 'query service', share: 0.82 },
            { name: 'postgres', share: 0.6 },
          ],
        },
        { stack: 'services', figure: 'hello', routes: 'GET /' },
        { stack: 'services', figure: 'rebuild', routes: 'toolforge rebuild', cores: [{ name: 'bench', share: 1 }] },
      ],
      [
        { process: 'half', profile: half },
        { process: 'idle', profile: idle },
        { process: 'busy', profile: busy },
      ],
    );
    expect(figures.map((figure) => [figure.figure, figure.processes.map((process) => [process.process, process.busy])])).toEqual([
      [
        'uncached reads',
        [
          ['busy', 1],
          ['half', 0.5],
        ],
      ],
      ['rebuild', []],
    ]);
    expect(profileLines(figures)).toEqual([
      expect.stringContaining('Where the time of each missed figure went'),
      '- services uncached reads, /orders/:uid:',
      '  - cores used: query service 0.82, postgres 0.60',
      '  - busy: busy 100 %, GC 0 %; by origin: query-service 75 %, fastify 25 %; functions (self): ordersOfUser query-service/dist/orders/routes.js:42 75 %, send fastify/lib/reply.js:10 25 %',
      '  - half: busy 50 %, GC 0 %; by origin: query-service 50 %; functions (self): ordersOfUser query-service/dist/orders/routes.js:42 50 %',
      '- services rebuild, toolforge rebuild:',
      '  - cores used: bench 1.00',
    ]);
    expect(profileLines([])).toEqual([]);
  });

  it('names a profile by the code its process ran, with the pid of its file name', () => {
    const ran = (...urls: string[]): CpuProfile => ({
      startTime: 0,
      samples: [],
      timeDeltas: [],
      nodes: urls.map((url, index) => ({ id: index + 1, callFrame: { functionName: 'f', url, lineNumber: 0 } })),
    });
    const file = 'CPU.20261126.223859.12445.0.001.cpuprofile';
    expect(processOf(ran('file:///c/embedded/dist/bench/helloServer.js', FASTIFY), file)).toBe('hello (pid 12445)');
    expect(processOf(ran('file:///c/command-service/dist/a.js', QUERY_ROUTE, 'file:///c/embedded/dist/main.js'), file)).toBe(
      'embedded shop (pid 12445)',
    );
    expect(processOf(ran('file:///c/command-service/dist/a.js'), file)).toBe('command service (pid 12445)');
    expect(processOf(ran(QUERY_ROUTE), file)).toBe('query service (pid 12445)');
    expect(processOf(ran('file:///c/projector/dist/main.js', 'file:///c/query-service/dist/orders/tables.js'), file)).toBe(
      'projector (pid 12445)',
    );
    expect(
      processOf(
        ran('file:///c/projector/dist/rebuild.js', 'file:///c/embedded/dist/bench/rebuild.js'),
        'CPU.rebuild.4321.0.1795733490175.cpuprofile',
      ),
    ).toBe('bench (rebuild) (pid 4321)');
    expect(processOf(ran('file:///c/other.js'), 'x.cpuprofile')).toBe('node');
  });

  it("profiles this thread's work into the folder, and reads back only the profiles written since a run began", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolforge-profiles-'));
    dirs.push(dir);
    const stale = join(dir, 'CPU.20200101.000000.1.0.001.cpuprofile');
    await writeFile(stale, JSON.stringify(queryServiceProfile([5], [10])));
    await utimes(stale, new Date('2020-01-01'), new Date('2020-01-01'));
    const since = new Date(Date.now() - 1000);

    const fromUs = monotonicMicros();
    const answer = await profiled(dir, 'rebuild', () => {
      // Work enough for the sampler (every millisecond or so) to see it.
      let sum = 0;
      for (let n = 0; n < 30_000_000; n += 1) sum += n % 7;
      return Promise.resolve(sum);
    });
    const window = { fromUs, toUs: monotonicMicros() };
    expect(answer).toBeGreaterThan(0);

    const profiles = await readProfiles(dir, since);
    expect(profiles.map((profile) => profile.process)).toEqual([expect.stringMatching(/^bench \(rebuild\) \(pid \d+\)$/)]);
    const shares = windowShares(profiles[0]!.profile, window, 'bench');
    expect(shares?.busy).toBeGreaterThan(0.5);
    expect(shares?.origins.map((origin) => origin.name)).toContain('embedded');
    expect(await readProfiles(join(dir, 'missing'), since)).toEqual([]);
  });
});
