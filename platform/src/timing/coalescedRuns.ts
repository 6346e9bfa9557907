/**
 * One run of `work` at a time, for work that catches up with everything asked of it so far (put the
 * hot answers in the cache, announce that the checkpoints moved): asked while a run is under way,
 * `work` runs once more after it, however many times it was asked meanwhile, and `beforeAgain` is
 * awaited first (a rest). `work` reports its own failures: it must not throw.
 */
export class CoalescedRuns {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly beforeAgain: () => Promise<unknown> = () => Promise.resolve(),
  ) {}

  /** Runs now, or once more after the run under way. */
  request(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runUntilCurrent();
  }

  /** Resolves when no run is under way or due. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async runUntilCurrent(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.work();
        if (this.again) await this.beforeAgain();
      } while (this.again);
    } finally {
      this.running = undefined;
    }
  }
}
