import { ALL_TOPICS, type LogPosition, type Topic } from '@toolforge/contracts';

/** Where each partition of a topic ends: the offset its next record will get. */
export interface LogEndSource {
  endOffsets(topic: Topic): Promise<ReadonlyMap<number, number>>;
}

export const LOG_END_REFRESH_MS = 100;

/**
 * Whether the log holds given positions, so that a read-your-writes wait is only ever for a write
 * that happened: a position past the end names nothing, and its wait could only run out. The ends
 * are kept and read again only for a position beyond them, at most once per `refreshIntervalMs`,
 * and every refresh serves all who asked meanwhile: a client cannot make the service ask the log
 * once per request. A refresh always begins after the question came, so a position acknowledged
 * just now is never refused for an end read before it.
 */
export class LogEnd {
  private readonly ends = new Map<string, number>();
  private readonly refreshIntervalMs: number;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  private nextRefresh: Promise<void> | undefined;

  constructor(
    private readonly source: LogEndSource,
    options: { refreshIntervalMs?: number } = {},
  ) {
    this.refreshIntervalMs = options.refreshIntervalMs ?? LOG_END_REFRESH_MS;
  }

  /** True when every position lies before its partition's end. */
  async holds(positions: readonly LogPosition[]): Promise<boolean> {
    if (this.knows(positions)) return true;
    await this.refreshed();
    return this.knows(positions);
  }

  private knows(positions: readonly LogPosition[]): boolean {
    return positions.every((position) => (this.ends.get(`${position.topic}/${position.partition}`) ?? 0) > position.offset);
  }

  /** A refresh that begins from now on, no sooner than the interval after the last one. */
  private refreshed(): Promise<void> {
    if (!this.nextRefresh) {
      const wait = Math.max(0, this.lastRefreshAt + this.refreshIntervalMs - Date.now());
      const next = new Promise((start) => setTimeout(start, wait)).then(() => {
        // From here on, a new question needs a refresh of its own.
        this.nextRefresh = undefined;
        this.lastRefreshAt = Date.now();
        return this.refresh();
      });
      this.nextRefresh = next;
    }
    return this.nextRefresh;
  }

  private async refresh(): Promise<void> {
    const answers = await Promise.all(ALL_TOPICS.map(async (topic) => [topic, await this.source.endOffsets(topic)] as const));
    for (const [topic, partitions] of answers) {
      for (const [partition, end] of partitions) this.ends.set(`${topic}/${partition}`, end);
    }
  }
}
