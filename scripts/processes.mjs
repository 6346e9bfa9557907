// What the project's start/stop scripts share: starting a server in the background and waiting
// for it, probing a port, and stopping a process this project started (by its pid file), gently first.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Stops the process named in `pidFile`: `gentle` first, SIGKILL after `timeoutMs`. With `group`,
 * the whole process group (a CLI and the servers it spawned). False when there was nothing to stop.
 */
export async function stopByPidFile(pidFile, { gentle = 'SIGTERM', timeoutMs = 20_000, group = false } = {}) {
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  const target = group ? -pid : pid;
  if (!signal(target, gentle)) return false;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive(pid)) await sleep(200);
  if (alive(pid)) signal(target, 'SIGKILL');
  return true;
}

/** The last lines of a log file, for an error message. */
export function readTail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts a server that outlives this script (detached, in its own process group), its output
 * appended to `logFile` and its pid in `pidFile`, then waits until `isReady()` says yes. If it dies
 * first or `timeoutMs` runs out, `stop()` cleans up and the error quotes the log's last lines.
 */
export async function startInBackground({ name, command, args, cwd, env, logFile, pidFile, isReady, timeoutMs, pollMs, stop }) {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isReady()) return;
    if (child.exitCode !== null) break;
    await sleep(pollMs);
  }
  await stop();
  throw new Error(`${name} did not start; see ${logFile}:\n${readTail(logFile)}`);
}

