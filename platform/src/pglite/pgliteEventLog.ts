import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Topic } from '@toolforge/contracts';
import type { IdentifiedLog, LogIdentity } from '../sql/readStore.js';
import {
  ConcurrencyError,
  type AppendNotices,
  type AppendRequest,
  type AppendResult,
  type EventLog,
  type EventsAt,
  type LogPage,
  type ReadAllOptions,
  type StoredEvent,
} from '../eventLog/eventLog.js';
import { ChainTails, GENESIS_HASH, chainsOf, type ChainTail } from '../eventLog/chain.js';
import { readAllPages, type PartitionedLog } from '../eventLog/readAll.js';
import { offsetsToRead } from '../eventLog/readAt.js';
import { streamKey } from '../eventLog/streamVersions.js';
import { SHOP_UPCASTERS, upcast, type UpcastOptions, type Upcasters } from '../eventLog/upcasters.js';

/**
 * The embedded log: an append-only table in PGlite. The unique (topic, stream_id, stream_position)
 * is the optimistic-concurrency guard; the unique (topic, partition, offset) keeps offsets dense and
 * single-writer, as a Kafka partition's are.
 */
const SCHEMA = `
  create table if not exists events (
    global_position bigserial primary key,
    topic text not null,
    partition integer not null,
    "offset" bigint not null,
    stream_id text not null,
    stream_position integer not null,
    event_id uuid not null unique,
    type text not null,
    data jsonb not null,
    meta jsonb not null,
    unique (topic, stream_id, stream_position),
    unique (topic, partition, "offset")
  );
  -- The hash chain (docs/audit-trail.md): null on the events of a log written before it.
  alter table events add column if not exists previous_hash text, add column if not exists hash text;
  create table if not exists log_identity (
    one boolean primary key default true check (one),
    log_id uuid not null
  );
`;

/**
 * A row of the events table as the JSON text of its StoredEvent, put together as text: every column
 * is not null, a text is quoted by to_json, a jsonb is its own JSON text, and an offset is a bigint
 * (a JSON number well within a double's integers). PostgreSQL's json_build_object did the same more
 * slowly (a million orders, one PGlite, pages of 2,000: docs/event-log.md#one-way-to-read).
 */
const EVENT_AS_JSON = `'{"type":' || to_json(type)::text || ',"data":' || data::text || ',"meta":' || meta::text
  || ',"position":{"topic":' || to_json(topic)::text || ',"partition":' || partition || ',"offset":' || "offset"
  || '},"streamId":' || to_json(stream_id)::text || ',"streamPosition":' || stream_position
  || case when hash is null then '' else ',"chain":{"previous":' || coalesce(to_json(previous_hash)::text, 'null')
  || ',"hash":' || to_json(hash)::text || '}' end || '}'`;

/** A page of one partition from an offset (`$3`), at most `$4` events, of one stream (`$5`) or all. */
const PAGE_FROM = `(select * from events where topic = $1 and partition = $2 and "offset" >= $3 and ($5::text is null or stream_id = $5)
  order by "offset" limit $4)`;
/** Events per read while the writer folds the chain over a log from before it. */
const UNCHAINED_PAGE = 2000;

/** The embedded log has one partition per topic: order is total within a topic. */
const PARTITION = 0;
const UNIQUE_VIOLATION = '23505';

/**
 * Where each (topic, partition) of the log ends, of one topic (`$1`) or of all: the pairs found by
 * walking the unique (topic, partition, offset) index one pair at a time (a skip scan, which
 * PostgreSQL does not plan by itself), and each pair's end read off its last entry. Grouped
 * instead, every event was read, on the embedded shop's thread, for each readiness check,
 * `toolforge status` and a rebuild's progress (docs/event-log.md#where-the-log-ends).
 */
const logEnds = (oneTopic: boolean) => {
  const ofTopic = (alias: string) => (oneTopic ? `${alias}.topic = $1` : 'true');
  // The next pair is looked for by the row comparison alone, which the index starts its scan at;
  // one topic's walk ends at the first pair of another (with the topic in the scan's conditions,
  // it started at the topic's first entry and stepped over every one of the pair before).
  return `
  with recursive pairs(topic, partition) as (
    (select e.topic, e.partition from events e where ${ofTopic('e')} order by e.topic, e.partition limit 1)
    union all
    select later.topic, later.partition
      from pairs, lateral (
        select e.topic, e.partition from events e
         where (e.topic, e.partition) > (pairs.topic, pairs.partition)
         order by e.topic, e.partition limit 1) later
     where ${ofTopic('later')}
  )
  select topic, partition, (select max(e."offset") + 1 from events e where e.topic = pairs.topic and e.partition = pairs.partition) as end
    from pairs`;
};
const LOG_ENDS = logEnds(false);
const TOPIC_ENDS = logEnds(true);

export class PgliteEventLog implements EventLog, EventsAt, IdentifiedLog, AppendNotices {
  private readonly listeners = new Set<(stored: readonly StoredEvent[]) => void>();
  /** The chain over each topic's events from before the log was chained, as far as folded (unchainedTail). */
  private readonly unchained = new ChainTails();
  private readonly partitioned: PartitionedLog = {
    partitionsToRead: () => Promise.resolve([PARTITION]),
    readPage: (topic, partition, fromOffset, limit, stream) => this.readPage(topic, partition, fromOffset, limit, stream),
  };

  private constructor(
    private readonly db: PGlite,
    private readonly upcasters: Upcasters,
  ) {}

  static async open(db: PGlite, options: UpcastOptions = {}): Promise<PgliteEventLog> {
    await db.exec(SCHEMA);
    // The log's own id, made once, when the log is first opened: a read model records which log it was built from.
    await db.query('insert into log_identity (log_id) values ($1) on conflict do nothing', [crypto.randomUUID()]);
    return new PgliteEventLog(db, options.upcasters ?? SHOP_UPCASTERS);
  }

  /** This log's id and where each topic's partition ends. */
  async identify(): Promise<LogIdentity> {
    const id = await this.db.query<{ log_id: string }>('select log_id from log_identity');
    const ends = await this.db.query<{ topic: string; partition: number; end: unknown }>(LOG_ENDS);
    return {
      logId: `the embedded log ${id.rows[0]!.log_id}`,
      ends: ends.rows.map((row) => ({ topic: row.topic, partition: row.partition, end: Number(row.end) })),
    };
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const [result] = await this.appendBatch([request]);
    return result!;
  }

  async appendBatch(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    if (requests.length === 0 || requests.some((request) => request.events.length === 0)) {
      throw new Error('append needs at least one event');
    }
    let stored: StoredEvent[][];
    try {
      stored = await this.db.transaction((tx) => this.insert(tx, requests));
    } catch (error) {
      // Another writer stored in a stream between the check and the insert (a unique position).
      if (isUniqueViolation(error)) throw new ConcurrencyError(requests[0]!.streamId, requests[0]!.expectedVersion);
      throw error;
    }
    const all = stored.flat();
    for (const listener of this.listeners) listener(all);
    return stored.map((events) => ({ position: events[events.length - 1]!.position, stored: events }));
  }

  /**
   * Stores a batch in three statements whatever its size: the versions of its streams, where each of
   * its topics ends, then every event at once. Offsets and stream positions follow the requests' order.
   */
  private async insert(tx: Transaction, requests: readonly AppendRequest[]): Promise<StoredEvent[][]> {
    const streams = [...new Map(requests.map((r) => [streamKey(r.topic, r.streamId), r])).values()];
    const versions = await tx.query<{ topic: string; stream_id: string; version: number }>(
      `select s.topic, s.stream_id, coalesce(max(e.stream_position), 0)::int as version
         from unnest($1::text[], $2::text[]) as s(topic, stream_id)
         left join events e on e.topic = s.topic and e.stream_id = s.stream_id
        group by s.topic, s.stream_id`,
      [streams.map((r) => r.topic), streams.map((r) => r.streamId)],
    );
    const streamVersions = new Map(versions.rows.map((row) => [streamKey(row.topic as Topic, row.stream_id), row.version]));
    const topics = [...new Set(requests.map((r) => r.topic))];
    const tails = await this.chainTails(tx, topics);

    const stored = requests.map((request) => {
      const key = streamKey(request.topic, request.streamId);
      if (streamVersions.get(key) !== request.expectedVersion) throw new ConcurrencyError(request.streamId, request.expectedVersion);
      streamVersions.set(key, request.expectedVersion + request.events.length);
      const tail = tails.get(request.topic)!;
      const chains = chainsOf(tail.hash, request, PARTITION);
      tails.set(request.topic, { offset: tail.offset + request.events.length, hash: chains[chains.length - 1]!.hash });
      return request.events.map((event, index): StoredEvent => ({
        ...event,
        position: { topic: request.topic, partition: PARTITION, offset: tail.offset + 1 + index },
        streamId: request.streamId,
        streamPosition: request.expectedVersion + index + 1,
        chain: chains[index]!,
      }));
    });
    const events = stored.flat();
    const column = <Value>(value: (event: StoredEvent) => Value) => events.map(value);
    // One statement for the whole batch: an append of many events costs one round trip, not one per event.
    await tx.query(
      `insert into events (topic, partition, "offset", stream_id, stream_position, event_id, type, data, meta, previous_hash, hash)
       select * from unnest($1::text[], $2::integer[], $3::bigint[], $4::text[], $5::integer[], $6::uuid[], $7::text[], $8::jsonb[], $9::jsonb[],
                            $10::text[], $11::text[])`,
      [
        column((event) => event.position.topic),
        column((event) => event.position.partition),
        column((event) => event.position.offset),
        column((event) => event.streamId),
        column((event) => event.streamPosition),
        column((event) => event.meta.eventId),
        column((event) => event.type),
        column((event) => JSON.stringify(event.data)),
        column((event) => JSON.stringify(event.meta)),
        column((event) => event.chain!.previous),
        column((event) => event.chain!.hash),
      ],
    );
    return stored;
  }

  /**
   * Where each topic's chain ends: its last event and that event's hash. An event written before
   * the log was chained carries none: the chain is folded over the events up to it once, and kept
   * (docs/audit-trail.md#the-log-from-before-the-chain).
   */
  private async chainTails(tx: Transaction, topics: readonly Topic[]): Promise<Map<Topic, ChainTail>> {
    const lasts = await tx.query<{ topic: Topic; offset: string | number | null; hash: string | null }>(
      `select t.topic, last."offset", last.hash
         from unnest($1::text[]) as t(topic)
         left join lateral (select e."offset", e.hash from events e where e.topic = t.topic and e.partition = $2
                             order by e."offset" desc limit 1) last on true`,
      [topics, PARTITION],
    );
    const tails = new Map<Topic, ChainTail>();
    for (const { topic, offset, hash } of lasts.rows) {
      if (offset === null) tails.set(topic, { offset: -1, hash: GENESIS_HASH });
      else if (hash !== null) tails.set(topic, { offset: Number(offset), hash });
      else tails.set(topic, await this.unchainedTail(tx, topic));
    }
    return tails;
  }

  /** The chain over a topic's events written before the log was chained, read once per process. */
  private async unchainedTail(tx: Transaction, topic: Topic): Promise<ChainTail> {
    let tail = this.unchained.tail(topic, PARTITION);
    for (let from = (tail?.offset ?? -1) + 1; ;) {
      const page = await this.selectText(PAGE_FROM, [topic, PARTITION, from, UNCHAINED_PAGE, null], tx);
      this.unchained.learn(topic, PARTITION, from, eventsOfPage(page.text));
      tail = this.unchained.tail(topic, PARTITION)!;
      if (page.events < UNCHAINED_PAGE) return tail;
      from = page.lastOffset! + 1;
    }
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<LogPage> {
    return readAllPages(this.partitioned, options, this.upcasters);
  }

  /**
   * The partitions and their pages as written, before any upcast: for a reader that runs the
   * reading loop (readAllPages) in another process, the operators' tool through the running shop's
   * socket (docs/operators.md), and upcasts there as every reader does.
   */
  pagesAsWritten(): PartitionedLog {
    return this.partitioned;
  }

  private async readPage(
    topic: Topic,
    partition: number,
    fromOffset: number,
    limit: number,
    stream: string | undefined,
  ): Promise<readonly StoredEvent[]> {
    return eventsOfPage((await this.pageText(topic, partition, fromOffset, limit, stream)).text);
  }

  /**
   * A page as PartitionedLog.readPage reads it, as JSON text for eventsOfPage: for the thread that
   * reads the log for the operators' tool (projector/src/cli/threads/threadedEventLog.ts), which
   * hands the text over to be parsed where the events are used.
   */
  pageText(topic: Topic, partition: number, fromOffset: number, limit: number, stream: string | undefined): Promise<PageText> {
    return this.selectText(PAGE_FROM, [topic, partition, fromOffset, limit, stream ?? null]);
  }

  /** The events at these offsets of the topic's partition, in one statement (see EventsAt). */
  async readAt(topic: Topic, partition: number, offsets: readonly number[]): Promise<readonly StoredEvent[]> {
    const wanted = offsetsToRead(offsets);
    if (wanted.length === 0) return [];
    const atOffsets = '(select * from events where topic = $1 and partition = $2 and "offset" = any($3::bigint[]))';
    const events = await this.selectEvents(atOffsets, [topic, partition, wanted]);
    return events.map((event) => upcast(event, this.upcasters));
  }

  /**
   * The events a subquery of the events table selects, in offset order, as written. They come as
   * one JSON text (EVENT_AS_JSON): PGlite hands over one value instead of eight per event, and
   * JSON.parse reads it at once: reading the log (a rebuild, an audit) goes faster
   * (docs/event-log.md#one-way-to-read).
   */
  private async selectEvents(subquery: string, params: unknown[]): Promise<StoredEvent[]> {
    return eventsOfPage((await this.selectText(subquery, params)).text);
  }

  private async selectText(subquery: string, params: unknown[], db: Pick<PGlite, 'query'> = this.db): Promise<PageText> {
    const result = await db.query<{ page: string; events: number; last: string | number | null }>(
      `select '[' || coalesce(string_agg(${EVENT_AS_JSON}, ',' order by "offset"), '') || ']' as page,
              count(*)::integer as events, max("offset") as last
         from ${subquery} selected`,
      params,
    );
    const { page, events, last } = result.rows[0]!;
    return { text: page, events, lastOffset: last === null ? undefined : Number(last) };
  }

  /** Where each partition of the topic ends: the offset its next event will get. */
  async endOffsets(topic: Topic): Promise<ReadonlyMap<number, number>> {
    const result = await this.db.query<{ partition: number; end: unknown }>(TOPIC_ENDS, [topic]);
    return new Map(result.rows.map((row) => [row.partition, Number(row.end)]));
  }

  /** In-process wake-up for an embedded projector; returns the unsubscribe function. */
  onAppend(listener: (stored: readonly StoredEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

/** A page of the log as JSON text (eventsOfPage parses it), how many events it holds, and the last one's offset. */
export interface PageText {
  readonly text: string;
  readonly events: number;
  readonly lastOffset: number | undefined;
}

/**
 * The events of a page's JSON text (PgliteEventLog.pageText), as written: the statement builds each
 * in the shape a StoredEvent has (EVENT_AS_JSON), so parsing makes the events themselves, not rows
 * to copy into them.
 */
export function eventsOfPage(text: string): StoredEvent[] {
  return JSON.parse(text) as StoredEvent[];
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === UNIQUE_VIOLATION;
}
