import { createRequire } from 'node:module';
import type { Kafka } from 'kafkajs';

/**
 * Reads one topic partition from an offset, committed records only: each page of the Kafka log's
 * readAll (the write model's catch-up at start, the writer's expected-version check), and the
 * records at given offsets (EventsAt: an order's history).
 *
 * kafkajs has no public way to do that: its consumer only reads through a consumer group, which
 * takes a group join per read and offers no "read up to here and stop". So this module uses two of
 * its internals, on purpose and only here (kafkajs is pinned at 2.2.4, its last release):
 * - the cluster of the client (the connections and metadata the admin and producer use too), to send
 *   Fetch requests with isolation level READ_COMMITTED to the partition's leader;
 * - its Batch, which drops what READ_COMMITTED still sends: control records (the transaction
 *   markers) and records of aborted transactions.
 */

/** A record of the partition as kafkajs decodes it. */
export interface FetchedRecord {
  readonly offset: string;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: Readonly<Record<string, Buffer | string | (Buffer | string)[] | undefined>>;
  readonly isControlRecord?: boolean;
}

interface PartitionData {
  partition: number;
  errorCode: number;
  highWatermark: string;
  lastStableOffset: string;
  abortedTransactions: unknown[];
  messages: FetchedRecord[];
}

interface Broker {
  fetch(request: {
    isolationLevel: number;
    maxWaitTime: number;
    minBytes: number;
    maxBytes: number;
    topics: { topic: string; partitions: { partition: number; fetchOffset: string; maxBytes: number }[] }[];
  }): Promise<{ responses: { topicName: string; partitions: PartitionData[] }[] }>;
}

interface Cluster {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  addTargetTopic(topic: string): Promise<void>;
  refreshMetadata(): Promise<void>;
  findTopicPartitionMetadata(topic: string): { partitionId: number }[];
  findLeaderForPartitions(topic: string, partitions: number[]): Record<string, number[]>;
  findBroker(request: { nodeId: string }): Promise<Broker>;
  /** ListOffsets at the cluster's isolation level: for READ_COMMITTED, the last stable offsets. */
  fetchTopicsOffset(
    topics: { topic: string; partitions: { partition: number }[]; fromBeginning: boolean }[],
  ): Promise<{ topic: string; partitions: { partition: number; offset: string }[] }[]>;
}

type BatchConstructor = new (
  topic: string,
  fetchedOffset: string,
  partitionData: PartitionData,
) => {
  /** The records at or after the fetched offset, markers and aborted records included. */
  readonly messagesWithinOffset: FetchedRecord[];
  /** The committed data records among them. */
  readonly messages: FetchedRecord[];
};

const require = createRequire(import.meta.url);
const Batch = require('kafkajs/src/consumer/batch.js') as BatchConstructor;
const READ_COMMITTED = 1;
/** Bytes per Fetch: events are small JSON, so one fetch holds hundreds of them. */
const FETCH_BYTES = 1024 * 1024;
/**
 * A leader not elected yet (a topic created a moment ago) or moved: tried again after learning the
 * cluster anew, with a growing pause, for a few seconds in all on a busy broker.
 */
const FETCH_ATTEMPTS = 8;
const FETCH_RETRY_PAUSE_MS = 100;
const READABLE_POLL_MS = 5;

function clusterOf(kafka: Kafka): Cluster {
  const key = Object.getOwnPropertySymbols(kafka).find((symbol) => symbol.description === 'private:Kafka:createCluster');
  if (!key) throw new Error('kafkajs internals changed: no cluster factory on the client (this code needs kafkajs 2.2.4)');
  const createCluster = (kafka as unknown as Record<symbol, (options: object) => Cluster>)[key]!;
  return createCluster({ isolationLevel: READ_COMMITTED, allowAutoTopicCreation: false });
}

export class KafkaPartitionReader {
  private readonly cluster: Cluster;
  private readonly known = new Set<string>();

  constructor(kafka: Kafka) {
    this.cluster = clusterOf(kafka);
  }

  connect(): Promise<void> {
    return this.cluster.connect();
  }

  disconnect(): Promise<void> {
    return this.cluster.disconnect();
  }

  /** The partition ids of a topic, from the cluster's metadata. */
  async partitions(topic: string): Promise<number[]> {
    await this.track(topic);
    return this.cluster
      .findTopicPartitionMetadata(topic)
      .map((partition) => partition.partitionId)
      .sort((a, b) => a - b);
  }

  /**
   * Up to `limit` committed data records of the partition from `fromOffset`, in offset order. Fewer
   * than `limit` means the read reached the last stable offset: the end of what is committed.
   * Markers and aborted records take offsets too, so the offsets returned are not dense.
   */
  async read(topic: string, partition: number, fromOffset: number, limit: number): Promise<FetchedRecord[]> {
    await this.track(topic);
    const records: FetchedRecord[] = [];
    let next = fromOffset;
    while (records.length < limit) {
      const fetched = await this.fetch(topic, partition, next, FETCH_BYTES);
      if (fetched === null) break;
      const { data, batch } = fetched;
      for (const record of batch.messages) {
        if (records.length === limit) return records;
        records.push(record);
      }
      const stable = Number(data.lastStableOffset);
      const last = batch.messagesWithinOffset.at(-1);
      if (last === undefined) {
        // Below the stable offset a fetch always returns at least one record; nothing means the end.
        if (next < stable) throw new Error(`Kafka returned nothing for ${topic}/${partition} at ${next} below its stable offset ${stable}`);
        break;
      }
      next = Number(last.offset) + 1;
      if (next >= stable) break;
    }
    return records;
  }

  /**
   * One small fetch at `offset`: the committed data records it brought, at or after `offset`, and
   * `through`, the offset after the last record it looked at, transaction markers and aborted records
   * included: an offset from `offset` up to `through` that is not among the records holds no
   * readable event. `through` is `offset` when the fetch found nothing: the offset is past the end of
   * what is committed. The broker answers at least the record batch that holds `offset` however
   * small `maxBytes` is, and no more than it past that batch.
   */
  async readAt(topic: string, partition: number, offset: number, maxBytes: number): Promise<{ records: FetchedRecord[]; through: number }> {
    await this.track(topic);
    const fetched = await this.fetch(topic, partition, offset, maxBytes);
    const last = fetched?.batch.messagesWithinOffset.at(-1);
    if (!fetched || last === undefined) return { records: [], through: offset };
    return { records: fetched.batch.messages, through: Number(last.offset) + 1 };
  }

  /**
   * Waits until readers can see everything below `offset`. A commit is acknowledged when the
   * transaction coordinator has decided it; the markers that make its records readable follow
   * within milliseconds. Bounded: past `timeoutMs` it gives up and answers false.
   */
  async waitUntilReadable(topic: string, partition: number, offset: number, timeoutMs: number): Promise<boolean> {
    await this.track(topic);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [answer] = await this.cluster.fetchTopicsOffset([{ topic, partitions: [{ partition }], fromBeginning: false }]);
      const stable = answer?.partitions.find((entry) => entry.partition === partition)?.offset;
      if (stable !== undefined && Number(stable) >= offset) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((done) => setTimeout(done, READABLE_POLL_MS));
    }
  }

  /** One Fetch at `offset`; null when the offset is past the end of the partition. */
  private async fetch(topic: string, partition: number, offset: number, maxBytes: number) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.fetchFromLeader(topic, partition, offset, maxBytes);
      } catch (error) {
        // A leader that moved (or metadata not yet current): learn the cluster again and retry.
        if (!(error as { retriable?: boolean }).retriable || attempt === FETCH_ATTEMPTS) throw error;
        await new Promise((done) => setTimeout(done, FETCH_RETRY_PAUSE_MS * attempt));
        await this.cluster.refreshMetadata();
      }
    }
  }

  private async fetchFromLeader(topic: string, partition: number, offset: number, maxBytes: number) {
    const leaders = this.cluster.findLeaderForPartitions(topic, [partition]);
    const nodeId = Object.keys(leaders)[0];
    if (nodeId === undefined) throw new Error(`no leader for ${topic}/${partition}`);
    const broker = await this.cluster.findBroker({ nodeId });
    const fetchOffset = String(offset);
    let response;
    try {
      response = await broker.fetch({
        isolationLevel: READ_COMMITTED,
        // Answer at once with what there is: a read never waits for new records.
        maxWaitTime: 0,
        minBytes: 1,
        maxBytes,
        topics: [{ topic, partitions: [{ partition, fetchOffset, maxBytes }] }],
      });
    } catch (error) {
      if ((error as { type?: string }).type === 'OFFSET_OUT_OF_RANGE') return null;
      throw error;
    }
    const data = response.responses.find((entry) => entry.topicName === topic)?.partitions.find((entry) => entry.partition === partition);
    if (!data) throw new Error(`Kafka answered no data for ${topic}/${partition}`);
    return { data, batch: new Batch(topic, fetchOffset, data) };
  }

  private async track(topic: string): Promise<void> {
    if (this.known.has(topic)) return;
    await this.cluster.addTargetTopic(topic);
    this.known.add(topic);
  }
}
