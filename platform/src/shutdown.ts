import type { Logger } from './logger.js';

/** Past this, a shutdown that hangs (a server gone away, say) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * Graceful shutdown of a service process on SIGTERM (an orchestrator) or SIGINT (Ctrl-C): `stop`
 * finishes the work under way and closes what the service opened, then the process exits 0; a
 * failure or a stop that takes longer than the bound exits 1.
 */
export function stopOnSignals(name: string, logger: Pick<Logger, 'info' | 'error'>, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    setTimeout(() => {
      logger.error({}, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await stop();
      logger.info({}, `${name} stopped`);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // onSignal settles every outcome itself (it exits the process), so nothing awaits it.
  process.once('SIGINT', (signal) => void onSignal(signal));
  process.once('SIGTERM', (signal) => void onSignal(signal));
}

/** A connection URL fit for a log line: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unreadable URL)';
  }
}
