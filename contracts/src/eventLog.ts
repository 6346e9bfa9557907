import type { ShopEvent, Topic } from './events.js';
import type { LogPosition } from './position.js';

/** An event as the log holds it: where it sits, and which stream (aggregate) it belongs to. */
export type StoredEvent<E extends ShopEvent = ShopEvent> = E & {
  readonly position: LogPosition;
  readonly streamId: string;
  /** 1 for a stream's first event. */
  readonly streamPosition: number;
};

export interface AppendRequest {
  readonly topic: Topic;
  /** The aggregate id: the stream within the topic and the Kafka key. */
  readonly streamId: string;
  /** How many events the writer has seen in this stream; the append fails if the log has more. */
  readonly expectedVersion: number;
  readonly events: readonly ShopEvent[];
}

export interface AppendResult {
  /** Position of the last appended event: the consistency token of the acknowledgement. */
  readonly position: LogPosition;
  readonly stored: readonly StoredEvent[];
}

/** Another writer appended to the stream first: re-read and decide again. */
export class ConcurrencyError extends Error {
  constructor(readonly streamId: string, readonly expectedVersion: number) {
    super(`stream ${streamId} is past version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * A newer writer took the log over (DESIGN §4: Kafka fences an older producer with the same
 * transactional.id): this one must never append again. Deciding again cannot help, unlike a
 * ConcurrencyError; nothing of the refused append is in the log.
 */
export class WriterFencedError extends Error {
  constructor(readonly writer: string) {
    super(`writer ${writer} was fenced by a newer instance`);
    this.name = 'WriterFencedError';
  }
}

/**
 * The port both sides of the log depend on (DESIGN §2). Adapters: embedded Postgres (PGlite) and
 * Apache Kafka. Offsets are per topic partition and start at 0.
 */
export interface EventLog {
  append(request: AppendRequest): Promise<AppendResult>;
  partitions(topic: Topic): Promise<readonly number[]>;
  /** Up to `limit` events of one partition from `fromOffset` on, in offset order. */
  read(topic: Topic, partition: number, fromOffset: number, limit: number): Promise<readonly StoredEvent[]>;
  close(): Promise<void>;
}
