import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startInBackground, stopByPidFile } from '../../../scripts/processes.mjs';
import { launch, startProcess, type LaunchedProcess } from './serviceProcess.js';

/** A node process running `script`. */
const node = (name: string, script: string, options: { detached?: boolean; stopGraceMs?: number } = {}) =>
  launch({ name, command: process.execPath, args: ['-e', script], ...options });

/** Whether the pid still runs (a zombie waiting for its reaper has ended). */
function runs(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the process launcher (scripts/processes.mjs)', () => {
  const launched: LaunchedProcess[] = [];
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolforge-launcher-'));
  });
  afterEach(async () => {
    for (const started of launched.splice(0)) started.kill();
    await rm(dir, { recursive: true, force: true });
  });
  const keep = (started: LaunchedProcess) => (launched.push(started), started);

  it('collects the output, waits for a text in it, and stops the process with SIGTERM', async () => {
    const started = keep(
      node('a talker', "console.log('warming up'); setTimeout(() => console.error('ready now'), 50); setInterval(() => {}, 1000)"),
    );

    await started.waitUntilReady({ output: 'ready now' }, { timeoutMs: 10_000 });

    expect(started.output()).toContain('warming up');
    expect(await started.stop()).toBeNull();
    expect(started.child.signalCode).toBe('SIGTERM');
    expect(started.running()).toBe(false);
  });

  it('is ready when its URL answers 2xx, not before', async () => {
    let requests = 0;
    const server: Server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(requests < 3 ? 503 : 200).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    try {
      const started = keep(node('a waiter', 'setInterval(() => {}, 1000)'));
      await started.waitUntilReady({ url: `http://127.0.0.1:${port}/ready` }, { timeoutMs: 10_000, pollMs: 20 });
      expect(requests).toBe(3);
    } finally {
      server.close();
    }
  });

  it('says when a process exits before it is ready, quoting its output, and stops one that never gets ready', async () => {
    await expect(
      startProcess({
        name: 'a quitter',
        command: process.execPath,
        args: ['-e', "console.error('no config'); process.exit(3)"],
        ready: { output: 'listening' },
      }),
    ).rejects.toThrow(/a quitter exited \(3\) before it was ready:\nno config/);

    const never = node('a sleeper', "console.log('pid', process.pid); setInterval(() => {}, 1000)");
    keep(never);
    // Once it has said something (a busy machine starts node slowly), so that the refusal can quote it.
    await never.waitUntilReady({ output: 'pid' });
    await expect(never.waitUntilReady(() => false, { timeoutMs: 300, pollMs: 50 })).rejects.toThrow(
      /a sleeper was not ready within 0.3 s:\npid \d+/,
    );
  });

  it('refuses to start a process whose readiness URL already answers (one left from an earlier run would pass for it)', async () => {
    const server = createServer((_request, response) => response.end('ready'));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    try {
      await expect(
        startProcess({
          name: 'a second shop',
          command: process.execPath,
          args: ['-e', "console.log('started anyway')"],
          ready: { url: `http://127.0.0.1:${port}/ready` },
        }),
      ).rejects.toThrow(`a second shop: something already answers at http://127.0.0.1:${port}/ready; stop it first`);
    } finally {
      server.close();
    }
  });

  it('kills a process that ignores the stop signal once the grace period is over', async () => {
    const stubborn = keep(
      node('a stubborn one', "process.on('SIGTERM', () => console.log('not now')); console.log('up'); setInterval(() => {}, 1000)", {
        stopGraceMs: 300,
      }),
    );
    await stubborn.waitUntilReady({ output: 'up' });

    expect(await stubborn.stop()).toBeNull();

    expect(stubborn.output()).toContain('not now');
    expect(stubborn.child.signalCode).toBe('SIGKILL');
  });

  it('detached, stop reaches every process it started (its process group)', async () => {
    const parent = keep(
      node(
        'a parent',
        "const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('child', child.pid); setInterval(() => {}, 1000)",
        { detached: true },
      ),
    );
    await parent.waitUntilReady({ output: 'child ' });
    const childPid = Number(/child (\d+)/.exec(parent.output())![1]);
    try {
      expect(runs(childPid)).toBe(true);

      await parent.stop();

      await expect.poll(() => runs(childPid), { timeout: 5_000 }).toBe(false);
    } finally {
      if (runs(childPid)) process.kill(childPid, 'SIGKILL');
    }
  });

  it('ends a process that outlives its time when waiting for its exit code', async () => {
    const quick = node('a quick one', 'process.exit(4)');
    expect(await quick.waitForExit(10_000)).toBe(4);

    const slow = keep(node('a slow one', 'setInterval(() => {}, 1000)'));
    expect(await slow.waitForExit(200)).toBeNull();
    expect(slow.child.signalCode).toBe('SIGKILL');
  });

  it('starts a server in the background with a pid file and a log, and stops it from the pid file alone', async () => {
    const pidFile = join(dir, 'server.pid');
    const logFile = join(dir, 'server.log');
    await startInBackground({
      name: 'a background server',
      command: process.execPath,
      args: ['-e', "console.log('serving'); setInterval(() => {}, 1000)"],
      logFile,
      pidFile,
      ready: () => readFile(logFile, 'utf8').then((log) => log.includes('serving')),
    });
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(runs(pid)).toBe(true);

    expect(await stopByPidFile(pidFile)).toBe(true);

    await expect.poll(() => runs(pid), { timeout: 5_000 }).toBe(false);
    expect(existsSync(pidFile)).toBe(false);
    expect(await stopByPidFile(pidFile)).toBe(false);
  });

  it('removes the pid file and quotes the log when a background server does not start', async () => {
    const pidFile = join(dir, 'server.pid');
    const logFile = join(dir, 'server.log');

    await expect(
      startInBackground({
        name: 'a broken server',
        command: process.execPath,
        args: ['-e', "console.error('port taken'); process.exit(1)"],
        logFile,
        pidFile,
        ready: () => false,
      }),
    ).rejects.toThrow(`a broken server did not start; see ${logFile}:\nport taken`);
    expect(existsSync(pidFile)).toBe(false);
  });
});
