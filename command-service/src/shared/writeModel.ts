import { formatPosition, whyUnreadable, type LogPosition, type ShopEvent, type Topic } from '@toolforge/contracts';
import type { EventLog, StoredEvent } from '@toolforge/platform';

/**
 * An event the write model folds: as the log stored it, or decided and on its way to the log in a
 * batch (group commit), when it has no position yet.
 */
export type ModelEvent = ShopEvent & {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly position: LogPosition | undefined;
};

/** One feature's share of the write model: its states, kept current from every event the model reads. */
export interface WriteModelPart {
  /** Called with each event the model can read, of any type: a part takes the ones it folds. */
  apply(event: ModelEvent): void;
  /** Called when an event applied on its way to the log is stored, for a part that keeps its position. */
  stored?(event: StoredEvent): void;
  /** Forgets every state, for the model to be read from the log again. */
  clear(): void;
}

/** Where the write model says that it skipped an event it cannot read. */
export interface WriteModelLogger {
  warn(details: object, message: string): void;
}

/** Without a logger of its own: one JSON line on stderr, as the services log. */
const STDERR_LOGGER: WriteModelLogger = {
  warn: (details, message) => console.warn(JSON.stringify({ level: 'warn', name: 'write-model', ...details, msg: message })),
};

/**
 * The command side's state: every aggregate folded from the log, kept in memory, rebuilt at start
 * by reading each topic partition to its end and then kept current by applying each appended event.
 * Never the read model. It keeps each stream's version (the expected version of its next append);
 * the features' parts keep their states (products, accounts, order receipts).
 */
export class WriteModel {
  /** Each stream's version, by topic and stream id: no joined key text per stream (a million orders, a million streams). */
  private readonly versions = new Map<string, Map<string, number>>();
  private readonly nextOffsets = new Map<string, number>();

  constructor(
    private readonly parts: readonly WriteModelPart[],
    private readonly logger: WriteModelLogger = STDERR_LOGGER,
  ) {}

  /**
   * Forgets everything and reads the log again: after a batch failed, the events decided on its way
   * that the model applied never happened.
   */
  async reload(log: EventLog): Promise<void> {
    this.versions.clear();
    this.nextOffsets.clear();
    for (const part of this.parts) part.clear();
    await this.catchUp(log);
  }

  /**
   * Applies events decided and handed to the log, before they are stored: the next command is
   * decided on them (group commit). `stored` follows once their batch is committed.
   */
  applyDecided(topic: Topic, streamId: string, expectedVersion: number, events: readonly ShopEvent[]): void {
    for (const [index, event] of events.entries()) {
      const streamPosition = expectedVersion + index + 1;
      this.setVersion(topic, streamId, streamPosition);
      for (const part of this.parts) part.apply({ ...event, streamId, streamPosition, position: undefined });
    }
  }

  /** Events applied by applyDecided are in the log now, at these positions. */
  stored(events: readonly StoredEvent[]): void {
    for (const event of events) {
      this.pass(event.position);
      for (const part of this.parts) part.stored?.(event);
    }
  }

  /** Reads whatever the log holds past what this model has applied. */
  async catchUp(log: EventLog): Promise<void> {
    const from = (topic: Topic, partition: number) => this.nextOffsets.get(`${topic}/${partition}`) ?? 0;
    for await (const page of log.readAll({ from })) {
      for (const event of page.events) this.apply(event);
    }
  }

  apply(event: StoredEvent): void {
    // Re-delivered events (a catch-up racing an append) are applied once.
    if (!this.pass(event.position)) return;
    // Even an event it cannot read takes its place in its stream: the next append comes after it.
    if (event.streamPosition >= 1) this.setVersion(event.position.topic, event.streamId, event.streamPosition);
    // A record that is no event, a type or schema version this build does not know (a newer ToolForge
    // wrote it): skipped, so that one such record never keeps the command service from starting.
    const unreadable = whyUnreadable(event);
    if (unreadable !== undefined) {
      this.logger.warn(
        { position: formatPosition(event.position), type: String(event.type), why: unreadable },
        'skipped an event the write model cannot read',
      );
      return;
    }

    for (const part of this.parts) part.apply(event);
  }

  /** Moves the model past a position of the log; false when it was past it already. */
  private pass({ topic, partition, offset }: LogPosition): boolean {
    const partitionKey = `${topic}/${partition}`;
    if (offset < (this.nextOffsets.get(partitionKey) ?? 0)) return false;
    this.nextOffsets.set(partitionKey, offset + 1);
    return true;
  }

  /** How many events of this stream the model has applied: the expected version of the next append. */
  version(topic: Topic, streamId: string): number {
    return this.versions.get(topic)?.get(streamId) ?? 0;
  }

  private setVersion(topic: string, streamId: string, version: number): void {
    let streams = this.versions.get(topic);
    if (!streams) this.versions.set(topic, (streams = new Map<string, number>()));
    streams.set(streamId, version);
  }
}
