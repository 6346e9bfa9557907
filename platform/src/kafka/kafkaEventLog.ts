import { Partitioners, type Admin, type Kafka, type Producer, type RecordMetadata } from 'kafkajs';
import type { Topic } from '@toolforge/contracts';
import type { IdentifiedLog, LogIdentity } from '../sql/readStore.js';
import {
  ConcurrencyError,
  WriterFencedError,
  type AppendNotices,
  type AppendRequest,
  type AppendResult,
  type EventLog,
  type LogPage,
  type ReadAllOptions,
  type StoredEvent,
} from '../eventLog/eventLog.js';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { readKafkaLogIdentity } from './kafkaLogIdentity.js';
import { KafkaLogEnds } from './kafkaLogEnds.js';
import type { LogEndSource } from '../eventLog/logEnd.js';
import { KafkaPartitionReader } from './kafkaPartitionReader.js';
import { recordsPerPartition, storedOf, topicMessagesOf, type PlacedRequest } from './kafkaBatch.js';
import { fromRecord, partitionOfKey } from './kafkaRecords.js';
import { DEFAULT_PARTITIONS, TopicNames, ensureTopics } from './kafkaTopics.js';
import { ChainTails, chainsOf, type EventChain } from '../eventLog/chain.js';
import { readAllPages, type PartitionedLog } from '../eventLog/readAll.js';
import { StreamVersions, streamKey } from '../eventLog/streamVersions.js';
import { SHOP_UPCASTERS, type UpcastOptions, type Upcasters } from '../eventLog/upcasters.js';
import type { LogWriterStatus } from '../eventLog/writerStatus.js';

export interface KafkaEventLogOptions extends KafkaConnection, UpcastOptions {
  /**
   * The single writer's stable transactional.id (docs/architecture.md#4-the-command-side). Opening a log with it fences every
   * earlier producer that used it: their next append fails. Unset: a read-only log.
   */
  readonly transactionalId?: string;
  /** Put before every topic name; tests give each run its own. Production leaves it empty. */
  readonly topicPrefix?: string;
  readonly partitions?: Readonly<Record<Topic, number>>;
}

/** Events per read while the writer learns where its streams stand before an append. */
const VERSIONS_PAGE = 500;

/** Broker error types that mean "a newer producer with your transactional.id exists". */
const FENCED = new Set(['INVALID_PRODUCER_EPOCH', 'PRODUCER_FENCED']);
const PRODUCER_FENCED_CODE = 90;
const READABLE_WAIT_MS = 2000;

function isFenced(error: unknown): boolean {
  const { type, code } = (error ?? {}) as { type?: string; code?: number };
  return (type !== undefined && FENCED.has(type)) || code === PRODUCER_FENCED_CODE;
}

/**
 * The event log on Apache Kafka. Each append is one transaction of an idempotent producer
 * (acks=all), so its events become visible together or not at all; reads see committed records
 * only. The guard against a second writer is the transactional.id, which lets only the newest
 * producer append. Kafka keeps no version per key, so the writer keeps one (StreamVersions): before
 * each append it reads the stream's partition on from where it last read it, to its end, and refuses
 * an expectedVersion that is not the stream's (see EventLog). The stream positions stored are that
 * count (expectedVersion + 1, + 2, …), kept in a record header.
 */
export class KafkaEventLog implements EventLog, IdentifiedLog, LogEndSource, LogWriterStatus, AppendNotices {
  private queue: Promise<unknown> = Promise.resolve();
  private fenced = false;
  /** Set when a commit failed without saying whether it happened: the cause. */
  private uncertain: string | null = null;
  private readonly partitionCache = new Map<Topic, readonly number[]>();
  private readonly writerLostListeners = new Set<(reason: string) => void>();
  private readonly appendListeners = new Set<(stored: readonly StoredEvent[]) => void>();
  private readonly ends: KafkaLogEnds;
  /** The writer's knowledge of its streams' versions; none on a read-only log. */
  private readonly versions: StreamVersions | null;
  /** Where the writer's partitions' hash chains end, learnt as the versions are; none on a read-only log. */
  private readonly chains: ChainTails | null;
  private readonly partitioned: PartitionedLog = {
    partitionsToRead: (topic, stream) => this.partitionsToRead(topic, stream),
    readPage: (topic, partition, fromOffset, limit, stream) => this.readPage(topic, partition, fromOffset, limit, stream),
  };

  private constructor(
    private readonly names: TopicNames,
    private readonly admin: Admin,
    private readonly reader: KafkaPartitionReader,
    private readonly producer: Producer | null,
    private readonly writer: string | null,
    private readonly upcasters: Upcasters,
  ) {
    this.ends = new KafkaLogEnds(admin, names);
    this.versions = producer ? new StreamVersions() : null;
    this.chains = producer ? new ChainTails() : null;
  }

  /** Creates the shop's topics if missing, connects, and (with a transactionalId) takes over as the writer. */
  static async open(options: KafkaEventLogOptions): Promise<KafkaEventLog> {
    const kafka = kafkaClient(options);
    const names = new TopicNames(options.topicPrefix);
    // Kept connected: it answers where the topics end, and whether the brokers answer at all.
    const admin = kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, names, options.partitions ?? DEFAULT_PARTITIONS);
      const reader = new KafkaPartitionReader(kafka);
      await reader.connect();
      const producer = options.transactionalId ? await claimWriter(kafka, options.transactionalId) : null;
      return new KafkaEventLog(names, admin, reader, producer, options.transactionalId ?? null, options.upcasters ?? SHOP_UPCASTERS);
    } catch (error) {
      await admin.disconnect();
      throw error;
    }
  }

  /**
   * Null while this log takes appends as the writer (or was opened read-only); otherwise why it no
   * longer does: a newer writer fenced it, or a commit's outcome is unknown. Either is for good:
   * only a new process, which reads the log again, may write.
   */
  get writerLost(): string | null {
    if (this.fenced) return 'another command service has taken over the log';
    if (this.uncertain) return 'a commit’s outcome is unknown';
    return null;
  }

  /** Called once, when this log stops taking appends for good (see writerLost). */
  onWriterLost(listener: (reason: string) => void): () => void {
    this.writerLostListeners.add(listener);
    return () => this.writerLostListeners.delete(listener);
  }

  private loseWriter(): void {
    const reason = this.writerLost;
    if (!reason) return;
    const listeners = [...this.writerLostListeners];
    this.writerLostListeners.clear();
    for (const listener of listeners) listener(reason);
  }

  /** Hears each committed append of this writer (see AppendNotices). */
  onAppend(listener: (stored: readonly StoredEvent[]) => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  /** Each partition's high watermark. */
  endOffsets(topic: Topic): Promise<ReadonlyMap<number, number>> {
    return this.ends.endOffsets(topic);
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const [result] = await this.appendBatch([request]);
    return result!;
  }

  appendBatch(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    // One transaction at a time: a producer has at most one open, and offsets come back in order.
    const result = this.queue.then(() => this.appendNow(requests));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async appendNow(requests: readonly AppendRequest[], checkedAgain = false): Promise<AppendResult[]> {
    if (requests.length === 0 || requests.some((request) => request.events.length === 0)) {
      throw new Error('append needs at least one event');
    }
    if (!this.producer || !this.writer || !this.versions) throw new Error('this Kafka event log is read-only: it has no transactionalId');
    if (this.fenced) throw new WriterFencedError(this.writer);
    if (this.uncertain) throw new Error(`an earlier commit's outcome is unknown: restart to read the log again (${this.uncertain})`);
    const placed = await this.placeRecords(requests);

    const transaction = await this.producer.transaction().catch((error: unknown) => this.refuse(error));
    let written: RecordMetadata[];
    try {
      written = await transaction.sendBatch({ topicMessages: topicMessagesOf(placed, this.names), acks: -1 });
    } catch (error) {
      this.distrust(placed);
      // Nothing of an aborted transaction is ever read; a fenced producer cannot even abort.
      await transaction.abort().catch(() => undefined);
      return this.refuse(error);
    }
    const moved = this.partitionsMovedOn(written);
    if (moved.length > 0) {
      // Records of another writer arrived since this writer's last commit: their streams' versions
      // must be learned before deciding whether the batch may go on (once: the check then reads).
      await transaction.abort().catch((error: unknown) => this.refuse(error));
      this.distrust(placed);
      if (checkedAgain) throw new Error(`the log moved on under the writer in ${moved.join(', ')}`);
      return this.appendNow(requests, true);
    }
    try {
      await transaction.commit();
    } catch (error) {
      this.distrust(placed);
      if (isFenced(error)) return this.refuse(error);
      // The coordinator may have recorded the commit or not. The caller's state cannot tell, and
      // deciding the next command on it could oversell: this writer takes no more appends, and a
      // restart reads the settled log again (its claim aborts the transaction if it is still open).
      this.uncertain = error instanceof Error ? error.message : String(error);
      this.loseWriter();
      throw error;
    }

    const results = storedOf(placed, written, this.names);
    for (const request of requests)
      this.versions.appended(request.topic, request.streamId, request.expectedVersion + request.events.length);
    const partitions = recordsPerPartition(placed, written, this.names);
    for (const { topic, partition, baseOffset, count } of partitions) this.versions.committed(topic, partition, baseOffset, count);
    for (const { stored } of results) {
      const last = stored[stored.length - 1]!;
      this.chains!.appended(last.position.topic as Topic, last.position.partition, {
        offset: last.position.offset,
        hash: last.chain!.hash,
      });
    }
    const appended = results.flatMap((result) => result.stored);
    for (const listener of this.appendListeners) listener(appended);
    // Acknowledge once any reader of the log sees the events, so the position tokens can be trusted
    // at once. They are committed and durable already: past the bound, or if asking fails, answer anyway.
    await Promise.all(
      partitions.map(({ topic, partition, baseOffset, count }) =>
        this.reader.waitUntilReadable(this.names.onBroker(topic), partition, baseOffset + count, READABLE_WAIT_MS).catch(() => false),
      ),
    );
    return results;
  }

  /**
   * Where each request's records go: its stream's partition, checked against the stream's version as
   * the log and the batch's earlier requests leave it (a ConcurrencyError before anything is sent).
   */
  private async placeRecords(requests: readonly AppendRequest[]): Promise<PlacedRequest[]> {
    const versions = this.versions!;
    const learned = new Set<string>();
    const learn = async (topic: Topic, partition: number) => {
      if (learned.has(`${topic}/${partition}`)) return;
      await this.learnVersions(topic, partition);
      // Just read to its end: where the batch lands is whatever that end is now.
      versions.distrust(topic, partition);
      learned.add(`${topic}/${partition}`);
    };
    const inBatch = new Map<string, number>();
    const chainsInBatch = new BatchChains(this.chains!);
    const versionOf = (request: AppendRequest) =>
      inBatch.get(streamKey(request.topic, request.streamId)) ?? versions.version(request.topic, request.streamId);
    const placed: PlacedRequest[] = [];
    for (const request of requests) {
      const partition = partitionOfKey(request.streamId, (await this.partitions(request.topic)).length);
      // Where the writer's own last commit says what the partition holds, no read is needed: that
      // the records land where it expects is checked before the batch commits (partitionsMovedOn).
      // A version that disagrees may be one another writer moved on: the partition is read first.
      if (
        versions.expectedNextRecord(request.topic, partition) === undefined ||
        versionOf(request) !== request.expectedVersion ||
        this.chains!.tail(request.topic, partition) === undefined
      ) {
        await learn(request.topic, partition);
      }
      if (versionOf(request) !== request.expectedVersion) throw new ConcurrencyError(request.streamId, request.expectedVersion);
      inBatch.set(streamKey(request.topic, request.streamId), request.expectedVersion + request.events.length);
      placed.push({ request, partition, chains: chainsInBatch.next(request, partition) });
    }
    return placed;
  }

  /** The partitions where the batch's records did not land where the writer's last commit said they would. */
  private partitionsMovedOn(written: readonly RecordMetadata[]): string[] {
    return written
      .filter((metadata) => {
        const expected = this.versions!.expectedNextRecord(this.names.fromBroker(metadata.topicName), metadata.partition);
        return expected !== undefined && expected !== Number(metadata.baseOffset);
      })
      .map((metadata) => `${metadata.topicName}/${metadata.partition}`);
  }

  private distrust(placed: readonly PlacedRequest[]): void {
    for (const { request, partition } of placed) this.versions!.distrust(request.topic, partition);
  }

  /** Rethrows an append's failure, as WriterFencedError (for good) when a newer writer took over. */
  private refuse(error: unknown): never {
    if (isFenced(error)) {
      this.fenced = true;
      this.loseWriter();
      throw new WriterFencedError(this.writer ?? 'unknown');
    }
    throw error;
  }

  /** Reads the partition on from where the writer last learned it, to its end (committed records only). */
  private async learnVersions(topic: Topic, partition: number): Promise<void> {
    const versions = this.versions!;
    for (;;) {
      // readPage learns from what it reads, and this read goes on from where learning stopped.
      const events = await this.readPage(topic, partition, versions.learnedUntil(topic, partition), VERSIONS_PAGE, undefined);
      if (events.length < VERSIONS_PAGE) return;
    }
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<LogPage> {
    return readAllPages(this.partitioned, options, this.upcasters);
  }

  private async partitions(topic: Topic): Promise<readonly number[]> {
    let partitions = this.partitionCache.get(topic);
    if (!partitions) {
      partitions = await this.reader.partitions(this.names.onBroker(topic));
      this.partitionCache.set(topic, partitions);
    }
    return partitions;
  }

  private async partitionsToRead(topic: Topic, stream: string | undefined): Promise<readonly number[]> {
    const partitions = await this.partitions(topic);
    return stream === undefined ? partitions : [partitionOfKey(stream, partitions.length)];
  }

  private async readPage(
    topic: Topic,
    partition: number,
    fromOffset: number,
    limit: number,
    stream: string | undefined,
  ): Promise<readonly StoredEvent[]> {
    if (stream !== undefined) return this.readStreamPage(topic, partition, fromOffset, limit, stream);
    const records = await this.reader.read(this.names.onBroker(topic), partition, fromOffset, limit);
    const events = records.map((record) => fromRecord({ topic, partition, offset: Number(record.offset) }, record));
    this.versions?.learn(topic, partition, fromOffset, events);
    this.chains?.learn(topic, partition, fromOffset, events);
    return events;
  }

  /** A stream's events are among its partition's others: read pages of them until `limit` are the stream's, or the end. */
  private async readStreamPage(
    topic: Topic,
    partition: number,
    fromOffset: number,
    limit: number,
    stream: string,
  ): Promise<readonly StoredEvent[]> {
    const found: StoredEvent[] = [];
    for (let from = fromOffset; ;) {
      const events = await this.readPage(topic, partition, from, limit, undefined);
      for (const event of events) {
        if (event.streamId !== stream) continue;
        found.push(event);
        if (found.length === limit) return found;
      }
      if (events.length < limit) return found;
      from = events[events.length - 1]!.position.offset + 1;
    }
  }

  /** The cluster and topics this log is, and where each partition ends. */
  identify(): Promise<LogIdentity> {
    return readKafkaLogIdentity(this.admin, this.names);
  }

  /** Lets the append under way finish, then disconnects. */
  async close(): Promise<void> {
    await this.queue;
    await this.producer?.disconnect();
    await this.reader.disconnect();
    await this.admin.disconnect();
  }
}

/**
 * The chains a batch's events take: each partition's goes on from its tail, through the batch's
 * earlier events there, in the order the producer sends them (the requests' order).
 */
class BatchChains {
  private readonly tails = new Map<string, string>();

  constructor(private readonly chains: ChainTails) {}

  next(request: AppendRequest, partition: number): EventChain[] {
    const key = `${request.topic}/${partition}`;
    const chains = chainsOf(this.tails.get(key) ?? this.chains.tail(request.topic, partition)!.hash, request, partition);
    this.tails.set(key, chains[chains.length - 1]!.hash);
    return chains;
  }
}

/**
 * Connects a transactional producer and initialises its transactional.id at once: the broker bumps
 * the id's epoch, aborts whatever transaction an earlier holder had open, and refuses that holder's
 * appends from now on. Done before the caller reads the log, so nothing of the old writer can
 * arrive after the new one has read to the end.
 */
async function claimWriter(kafka: Kafka, transactionalId: string): Promise<Producer> {
  const producer = kafka.producer({
    transactionalId,
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The broker answers CONCURRENT_TRANSACTIONS to an append that follows a commit whose markers it
    // is still writing; retry that soon (as the Java client does), and give up within seconds.
    retry: { initialRetryTime: 25, maxRetryTime: 2000, retries: 8 },
    // The Java client's partitioner: a key lands on the same partition whichever client writes it.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const claim = await producer.transaction();
  await claim.abort();
  return producer;
}
