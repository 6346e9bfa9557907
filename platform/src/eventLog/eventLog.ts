import type { LogPosition, ShopEvent, Topic } from '@toolforge/contracts';
import type { EventChain } from './chain.js';

/** An event as the log holds it: where it sits, and which stream (aggregate) it belongs to. */
export type StoredEvent<E extends ShopEvent = ShopEvent> = E & {
  readonly position: LogPosition;
  readonly streamId: string;
  /** 1 for a stream's first event. */
  readonly streamPosition: number;
  /**
   * Its place in its partition's hash chain, which the writer computed at append (chain.ts). Absent
   * on an event written before the log was chained, and on a record that holds no event.
   */
  readonly chain?: EventChain;
};

export interface AppendRequest {
  readonly topic: Topic;
  /** The aggregate id: the stream within the topic and the Kafka key. */
  readonly streamId: string;
  /**
   * How many events the writer has seen in this stream. The appended events take the stream
   * positions after it, and the append fails with a ConcurrencyError when the stream holds any other
   * number of events (see EventLog for how each log checks it).
   */
  readonly expectedVersion: number;
  readonly events: readonly ShopEvent[];
}

export interface AppendResult {
  /** Position of the last appended event: the consistency token of the acknowledgement. */
  readonly position: LogPosition;
  readonly stored: readonly StoredEvent[];
}

/** The stream is not at the version the writer decided on: re-read and decide again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${streamId} is not at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * A newer writer took the log over (Kafka fences an older producer with the same
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
 * Where reading each topic partition starts: the offset of the first event to read, every offset
 * below it being passed over (a checkpoint, or what a model has applied). Called once per partition,
 * just before that partition is read.
 */
export type ReadFrom = (topic: Topic, partition: number) => number | Promise<number>;

export interface ReadAllOptions {
  /** The topics to read, in this order; every topic of the shop when left out. */
  readonly topics?: readonly Topic[];
  /** Only this stream's events (an aggregate id) in the topics read. */
  readonly stream?: string;
  /** Where each partition starts; from its first event when left out. */
  readonly from?: ReadFrom;
  /** The most events in one page. */
  readonly pageSize?: number;
  /** Only the partitions this answers true for (readers that apply a topic's partitions side by side); all when left out. */
  readonly partitions?: (topic: Topic, partition: number) => boolean;
  /**
   * The events as written, never upcast: for `audit verify`, which hashes what the writer hashed.
   * Every other reader wants them in the current shape (the default).
   */
  readonly asWritten?: boolean;
}

/** Consecutive events of one topic partition, in offset order; never empty. */
export interface LogPage {
  readonly topic: Topic;
  readonly partition: number;
  readonly events: readonly StoredEvent[];
}

/**
 * The port both sides of the log depend on. Adapters: embedded Postgres (PGlite) and Apache Kafka.
 * Offsets are per topic partition, start at 0 and grow with every event, but need not be dense
 * (Kafka's transaction markers take offsets too).
 *
 * The expected-version promise holds on both: an append whose `expectedVersion` is not the number
 * of events its stream holds stores nothing and fails with a ConcurrencyError. The embedded log
 * checks it in the append's own transaction. Kafka has no per-key check of its own, so the Kafka
 * log checks it as the single writer: it reads the stream's partition up to its end, then appends.
 * That is sound because only one writer appends: a second one with the same transactional id fences
 * the first, whose appends then fail whatever they expected. A writer under another transactional
 * id is not fenced and could slip an event in between; running one is a misconfiguration that this
 * check cannot see.
 *
 * Every read hands out the events in the current shape: an event written in an older schema
 * version is upgraded first (see upcasters.ts); one from a newer version is handed out as written.
 */
export interface EventLog {
  append(request: AppendRequest): Promise<AppendResult>;
  /**
   * Appends several requests in one transaction, all or none (group commit: docs/architecture.md#4-the-command-side): each is checked against its stream as the requests before it in the batch leave it, so one
   * stream may take several. Answers each request's result, in order. When any request fails its
   * expected-version check, nothing of the batch is stored and the call fails with that
   * ConcurrencyError.
   */
  appendBatch(requests: readonly AppendRequest[]): Promise<AppendResult[]>;
  /**
   * Every event from the given starting points to the end of the log as it stands, one page of one
   * partition at a time: topic by topic, each topic's partitions in order. Committed events only.
   */
  readAll(options?: ReadAllOptions): AsyncIterable<LogPage>;
  close(): Promise<void>;
}

/** A writer's log that tells of its appends once they are committed: the anchors' signer listens (anchors/anchoring.ts). */
export interface AppendNotices {
  /** `listener` hears every committed append's events, in order; answers the function that stops it. */
  onAppend(listener: (stored: readonly StoredEvent[]) => void): () => void;
}

/**
 * Reads given events of the log by where they sit: an order's history, whose offsets the read model
 * keeps (an index into the log, never a copy of it). Read-only: the query service holds one without
 * being a writer. Adapters: the embedded log itself, and a Kafka reader of its own (kafkaEventsReader.ts).
 */
export interface EventsAt {
  /**
   * The events at these offsets of one topic partition, in offset order (each once), committed
   * events only, in the current shape as readAll hands them out. An offset that holds no event (past
   * the end, never written, a Kafka transaction marker or an aborted record) is simply absent from
   * the answer; a record that holds no ToolForge event is an UnreadableRecord at its offset.
   */
  readAt(topic: Topic, partition: number, offsets: readonly number[]): Promise<readonly StoredEvent[]>;
}
