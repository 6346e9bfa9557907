/**
 * Sleeps that can be cut short: `sleep(ms)` resolves after `ms`, or at the next `wakeAll()`,
 * whichever comes first. Loops that poll as a fallback (the projector, the Kafka consumer's retry,
 * a read-your-writes wait) use it so that a commit, an append or a stop ends their wait at once.
 */
export class Sleepers {
  private readonly waiting = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  /** Ends every sleep under way now; later sleeps are not affected. */
  wakeAll(): void {
    for (const wake of [...this.waiting]) wake();
  }
}
