/** Why a command was refused before it started: the writer is too far behind to take it in time. */
export const SHOP_BUSY_MESSAGE = 'The shop is busy right now; nothing was changed. Please try again in a moment';

/** A command refused unstarted: the queue was full, or its deadline passed while it waited (503). */
export class ShopBusy extends Error {
  constructor(readonly why: 'queue-full' | 'deadline') {
    super(SHOP_BUSY_MESSAGE);
    this.name = 'ShopBusy';
  }
}

export interface CommandQueueLimits {
  /** How long a command may wait for its turn; past it, it is refused without having started. */
  deadlineMs: number;
  /** How many commands may wait behind the one running; one more is refused at once. */
  limit: number;
}

export const DEFAULT_COMMAND_LIMITS: CommandQueueLimits = { deadlineMs: 10_000, limit: 100 };

/**
 * Runs commands one at a time, in arrival order: each gets its turn once the one before it has
 * released its turn (by calling `release`, or by settling). A command
 * waits at most `deadlineMs` for its turn and only `limit` may wait: a slow or stuck log makes
 * callers hear "busy" in bounded time instead of queueing without end. Only a command that has not
 * started is ever refused: once it runs (and its append may commit), its outcome is its own.
 */
export class CommandQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly limits: CommandQueueLimits = DEFAULT_COMMAND_LIMITS) {}

  run<T>(command: (release: () => void) => Promise<T>): Promise<T> {
    if (this.waiting >= this.limits.limit) return Promise.reject(new ShopBusy('queue-full'));
    this.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      let refused = false;
      const deadline = setTimeout(() => {
        refused = true;
        this.waiting -= 1;
        reject(new ShopBusy('deadline'));
      }, this.limits.deadlineMs);
      this.tail = this.tail.then(
        () =>
          new Promise<void>((next) => {
            if (refused) return next();
            clearTimeout(deadline);
            this.waiting -= 1;
            // The caller gets what the command answers or throws, as it would awaiting it itself.
            command(next).then(resolve, reject).finally(next);
          }),
      );
    });
  }
}
