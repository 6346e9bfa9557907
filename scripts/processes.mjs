// The one process launcher of the project, for the scripts, the tests and the bench: start a
// process (in its own process group when detached), wait until it is ready, keep its output, and
// stop it (a gentle signal first, SIGKILL after a grace period, to its whole group when it has one).
// Plain JavaScript with its types beside it (processes.d.mts), so the Makefile's targets and the
// tests' global setup can use it before anything is built.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** True when something accepts TCP connections on the port: cheap, and false at once when nothing listens. */
export function listening(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (result) => {
      socket.destroy();
      done(result);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Sends a signal; false when there is no such process. Signal 0 only asks whether it lives. */
export function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

export function alive(pid) {
  return signal(pid, 0);
}

/** The last lines of a log file, for an error message. */
export function readTail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

const tail = (text, lines = 30) => text.split('\n').slice(-lines).join('\n');

/** Resolves true if `promise` settles within `ms`, false otherwise; never keeps the process alive for the timer. */
async function settlesWithin(promise, ms) {
  let timer;
  const timeout = new Promise((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True once `exited` settles (a process this one started) or its pid is gone, within `ms`. */
async function endsWithin(pid, exited, ms) {
  if (exited) return settlesWithin(exited, ms);
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Stops a process: `signal` to it (to its whole group with `group`), then SIGKILL if it still runs
 * after `graceMs`. `exited` (when this process started it) says when it is gone; otherwise its pid
 * is polled. False when there was no such process.
 */
export async function stopProcess(pid, { signal: gentle = 'SIGTERM', graceMs = 20_000, group = false, exited } = {}) {
  const target = group ? -pid : pid;
  if (!signal(target, gentle)) return false;
  if (!(await endsWithin(pid, exited, graceMs))) {
    signal(target, 'SIGKILL');
    await endsWithin(pid, exited, 5_000);
  }
  return true;
}

/**
 * Starts a process and answers at once with a handle on it.
 *  - `detached`: its own process group, so stopping it stops whatever it started too, and this
 *    process may exit while it runs (with its output going to a file).
 *  - `output`: 'collect' (kept, for output() and error messages), 'inherit', 'ignore', or
 *    { file } (appended to that file; output() reads its last lines).
 *  - `stopSignal` and `stopGraceMs`: how stop() ends it unless told otherwise.
 */
export function launch({
  name,
  command,
  args = [],
  cwd,
  env = process.env,
  detached = false,
  output = 'collect',
  stopSignal = 'SIGTERM',
  stopGraceMs = 20_000,
}) {
  let collected = '';
  let stdio = ['ignore', 'pipe', 'pipe'];
  let logFd;
  if (output === 'inherit' || output === 'ignore') stdio = ['ignore', output, output];
  else if (typeof output === 'object') {
    logFd = openSync(output.file, 'a');
    stdio = ['ignore', logFd, logFd];
  }
  const child = spawn(command, args, { cwd, env, detached, stdio });
  if (logFd !== undefined) closeSync(logFd);
  if (output === 'collect') {
    child.stdout.on('data', (chunk) => (collected += chunk));
    child.stderr.on('data', (chunk) => (collected += chunk));
  }
  let spawnError;
  const exited = new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.once('error', (error) => {
      spawnError = error;
      done(null);
    });
  });
  if (detached) child.unref();

  const running = () => child.exitCode === null && child.signalCode === null && spawnError === undefined;
  const target = () => (detached ? -child.pid : child.pid);
  const handle = {
    name,
    child,
    pid: child.pid,
    exited,
    running,
    output: () => (typeof output === 'object' ? readTail(output.file) : collected),

    async waitUntilReady(ready, { timeoutMs = 30_000, pollMs = 200 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!running()) {
          const why = spawnError ? spawnError.message : `exited (${child.exitCode ?? child.signalCode})`;
          throw new Error(`${name} ${why} before it was ready:\n${tail(handle.output())}`);
        }
        if (await isReady(ready, handle)) return;
        if (Date.now() >= deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${tail(handle.output())}`);
        await sleep(pollMs);
      }
    },

    async waitForExit(timeoutMs) {
      if (!(await settlesWithin(exited, timeoutMs))) handle.kill();
      return exited;
    },

    async stop({ signal: gentle = stopSignal, graceMs = stopGraceMs } = {}) {
      if (running()) await stopProcess(child.pid, { signal: gentle, graceMs, group: detached, exited });
      return exited;
    },

    kill() {
      if (running()) signal(target(), 'SIGKILL');
    },
  };
  return handle;
}

/** `url`: it answers 2xx; `output`: its collected output holds that text; a function: it says yes. */
async function isReady(ready, handle) {
  if (typeof ready === 'function') return Boolean(await ready());
  if ('output' in ready) return handle.output().includes(ready.output);
  try {
    const response = await fetch(ready.url, { signal: AbortSignal.timeout(2500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a process and waits until it is ready (see launch and waitUntilReady). If it exits first
 * or `timeoutMs` runs out, it is stopped and the error quotes its last output. Refused when the
 * readiness URL already answers before the process is started.
 */
export async function startProcess({ ready, timeoutMs, pollMs, ...options }) {
  // Ready by URL means this process answers there: something that already does (a process left
  // from an earlier run) would pass for it, and whatever is measured or tested after would be it.
  if (ready && typeof ready === 'object' && 'url' in ready && (await isReady(ready))) {
    throw new Error(`${options.name}: something already answers at ${ready.url}; stop it first`);
  }
  const started = launch(options);
  try {
    await started.waitUntilReady(ready, { timeoutMs, pollMs });
    return started;
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/**
 * Starts a server that outlives this script: detached, its output appended to `logFile`, its pid
 * in `pidFile` (for stopByPidFile, from another run), then waits until it is ready. If it dies
 * first or `timeoutMs` runs out, it is stopped and the error quotes the log's last lines.
 */
export async function startInBackground({ name, logFile, pidFile, ready, timeoutMs, pollMs, ...options }) {
  const started = launch({ ...options, name, detached: true, output: { file: logFile } });
  if (started.pid !== undefined) writeFileSync(pidFile, String(started.pid));
  try {
    await started.waitUntilReady(ready, { timeoutMs, pollMs });
    return started;
  } catch (error) {
    await started.stop();
    rmSync(pidFile, { force: true });
    throw new Error(`${name} did not start; see ${logFile}:\n${readTail(logFile)}`, { cause: error });
  }
}

/**
 * Stops the process named in `pidFile` (one startInBackground started, so the leader of its own
 * process group: the whole group is signalled), `signal` first, SIGKILL after `graceMs`.
 * False when there was nothing to stop.
 */
export async function stopByPidFile(pidFile, { signal: gentle = 'SIGTERM', graceMs = 20_000, group = true } = {}) {
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  return stopProcess(pid, { signal: gentle, graceMs, group });
}

/**
 * Starts servers side by side, each `{ start, stop }` (start resolving true when it started one, false
 * when one already answered), and answers a function that stops those this call started. When any
 * fails to start, those that did start are stopped before the failure is thrown: a failed test run
 * leaves no server of its own behind.
 */
export async function startTogether(servers) {
  const results = await Promise.allSettled(servers.map((server) => server.start()));
  const stopStarted = () =>
    Promise.all(
      servers.map((server, index) => (results[index].status === 'fulfilled' && results[index].value ? server.stop() : undefined)),
    );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopStarted();
    throw failed.reason;
  }
  return stopStarted;
}
