import type { Topic } from '@toolforge/contracts';
import type { EventsAt, StoredEvent } from '../eventLog/eventLog.js';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { KafkaPartitionReader, type FetchedRecord } from './kafkaPartitionReader.js';
import { fromRecord } from './kafkaRecords.js';
import { TopicNames } from './kafkaTopics.js';
import { offsetsToRead } from '../eventLog/readAt.js';
import { SHOP_UPCASTERS, upcast, type UpcastOptions, type Upcasters } from '../eventLog/upcasters.js';

export interface KafkaEventsReaderOptions extends KafkaConnection, UpcastOptions {
  /** Put before every topic name, as the log's writer puts it. */
  readonly topicPrefix?: string;
}

/**
 * Bytes per fetch of readAt. The broker answers the whole record batch that holds the offset
 * whatever this says (a group commit's batch may be large), and at most this much past it: an
 * order's events are usually far apart, so what follows the wanted record is rarely of use.
 */
const EVENT_FETCH_BYTES = 16 * 1024;

/**
 * The Kafka log's events at given offsets (EventsAt), for a process that only reads: no producer,
 * no transactional id (opening one would fence the writer), no admin client and no topic creation,
 * only the cluster connection of KafkaPartitionReader. Committed records only; each offset is found
 * with one small fetch, and a fetch that brings several wanted offsets at once answers them all.
 */
export class KafkaEventsReader implements EventsAt {
  private constructor(
    private readonly reader: KafkaPartitionReader,
    private readonly names: TopicNames,
    private readonly upcasters: Upcasters,
  ) {}

  /** Connected here; close() disconnects it. */
  static async open(options: KafkaEventsReaderOptions): Promise<KafkaEventsReader> {
    const names = new TopicNames(options.topicPrefix);
    const reader = new KafkaPartitionReader(kafkaClient(options));
    await reader.connect();
    return new KafkaEventsReader(reader, names, options.upcasters ?? SHOP_UPCASTERS);
  }

  async readAt(topic: Topic, partition: number, offsets: readonly number[]): Promise<readonly StoredEvent[]> {
    const wanted = offsetsToRead(offsets);
    const found: FetchedRecord[] = [];
    let next = 0;
    while (next < wanted.length) {
      const { records, through } = await this.reader.readAt(this.names.onBroker(topic), partition, wanted[next]!, EVENT_FETCH_BYTES);
      // Past what is committed: so is every offset after it.
      if (through <= wanted[next]!) break;
      const fetched = new Map(records.map((record) => [Number(record.offset), record]));
      for (; next < wanted.length && wanted[next]! < through; next += 1) {
        const record = fetched.get(wanted[next]!);
        if (record) found.push(record);
      }
    }
    return found.map((record) => upcast(fromRecord({ topic, partition, offset: Number(record.offset) }, record), this.upcasters));
  }

  close(): Promise<void> {
    return this.reader.disconnect();
  }
}
