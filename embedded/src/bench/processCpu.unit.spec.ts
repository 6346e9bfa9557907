import { describe, expect, it } from 'vitest';
import { coresBetween, cpuSnapshot, processName, watched, type CpuSnapshot } from './processCpu.js';

const snapshot = (atUs: number, processes: [pid: number, name: string, ticks: number][]): CpuSnapshot => ({
  atUs,
  ticks: new Map(processes.map(([pid, name, ticks]) => [pid, { name, ticks }])),
});

describe('the cores each process used', () => {
  it("names the bench's node processes by their script, Kafka's java, and anything else by its command", () => {
    expect(processName('node', ['/usr/bin/node', '/c/embedded/dist/bench/loadWorker.js'])).toBe('load generator');
    expect(processName('node', ['node', '--cpu-prof', '--cpu-prof-dir=/tmp/p', '/c/embedded/dist/bench/helloServer.js', '5600'])).toBe(
      'hello',
    );
    expect(processName('node', ['node', '/c/scripts/start.mjs'])).toBe('embedded shop');
    expect(processName('node', ['node', '/c/command-service/dist/main.js'])).toBe('command service');
    expect(processName('node', ['node', '/c/query-service/dist/main.js'])).toBe('query service');
    expect(processName('node', ['node', '/c/projector/dist/main.js'])).toBe('projector');
    expect(processName('node', ['node', 'embedded/dist/bench/main.js'])).toBe('bench');
    expect(processName('node', ['node', '/c/node_modules/firebase-tools/lib/bin/firebase.js', 'emulators:start'])).toBe('node firebase.js');
    expect(processName('node', ['node'])).toBe('node');
    expect(processName('java', ['java', '-Xmx512m', '-cp', '/c/infra/kafka/libs/*', 'kafka.Kafka'])).toBe('kafka');
    expect(processName('postgres', [])).toBe('postgres');
  });

  it('adds up the ticks used between two snapshots by name, in cores, the busiest first, leaving out the nearly idle', () => {
    const before = snapshot(0, [
      [10, 'postgres', 100],
      [11, 'postgres', 50],
      [12, 'query service', 1_000],
      [13, 'redis-server', 7],
    ]);
    // Two seconds later: 200 ticks (2 s of CPU) is one core; pid 14 started in between.
    const after = snapshot(2_000_000, [
      [10, 'postgres', 180],
      [11, 'postgres', 90],
      [12, 'query service', 1_170],
      [13, 'redis-server', 8],
      [14, 'load generator', 90],
    ]);
    expect(coresBetween(before, after)).toEqual([
      { name: 'query service', share: 0.85 },
      { name: 'postgres', share: 0.6 },
      { name: 'load generator', share: 0.45 },
    ]);
    expect(coresBetween(after, after)).toEqual([]);
  });

  it('reads every process of this machine, this one among them, from /proc', async () => {
    const now = await cpuSnapshot();
    expect(now?.ticks.get(process.pid)?.name).toMatch(/^(node|bench|node .+)$/);
    expect(now!.ticks.size).toBeGreaterThan(1);
  });

  it("answers the work's answer with when it ran and the cores used meanwhile", async () => {
    const started = process.hrtime.bigint() / 1000n;
    const { answer, window, cores } = await watched(() => new Promise((resolve) => setTimeout(() => resolve('done'), 30)));
    expect(answer).toBe('done');
    expect(window.fromUs).toBeGreaterThanOrEqual(Number(started));
    expect(window.toUs - window.fromUs).toBeGreaterThanOrEqual(29_000);
    expect(Array.isArray(cores)).toBe(true);
  });
});
