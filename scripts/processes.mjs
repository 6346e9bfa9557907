// What the project's start/stop scripts share: waiting, probing a port, and stopping a process
// this project started (by its pid file), gently first.
import { existsSync, readFileSync, rmSync } from 'node:fs';
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
