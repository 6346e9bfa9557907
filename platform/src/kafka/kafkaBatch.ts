import type { Message, RecordMetadata, TopicMessages } from 'kafkajs';
import type { Topic } from '@toolforge/contracts';
import type { EventChain } from '../eventLog/chain.js';
import type { AppendRequest, AppendResult, StoredEvent } from '../eventLog/eventLog.js';
import { toRecord } from './kafkaRecords.js';
import type { TopicNames } from './kafkaTopics.js';

/** One request of a batch, with the partition of its stream and each event's place in that partition's chain. */
export interface PlacedRequest {
  readonly request: AppendRequest;
  readonly partition: number;
  readonly chains: readonly EventChain[];
}

/** The batch's records by topic on the broker, each with its partition, in the requests' order. */
export function topicMessagesOf(placed: readonly PlacedRequest[], names: TopicNames): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const { request, partition, chains } of placed) {
    const topic = names.onBroker(request.topic);
    let messages = byTopic.get(topic);
    if (!messages) byTopic.set(topic, (messages = []));
    for (const [index, event] of request.events.entries()) {
      messages.push({ ...toRecord(request.streamId, request.expectedVersion + index + 1, event, chains[index]!), partition });
    }
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

/**
 * Each request's events where the log stored them. The producer sends a partition's records of one
 * batch as one record batch, in the order given, so they got consecutive offsets from its
 * baseOffset: the requests' records follow each other there in the requests' order.
 */
export function storedOf(placed: readonly PlacedRequest[], written: readonly RecordMetadata[], names: TopicNames): AppendResult[] {
  const nextOffsets = new Map<string, number>();
  for (const metadata of written) {
    if (metadata.baseOffset === undefined) throw new Error(`unexpected produce answer ${JSON.stringify(written)}`);
    nextOffsets.set(`${metadata.topicName}/${metadata.partition}`, Number(metadata.baseOffset));
  }
  return placed.map(({ request, partition, chains }) => {
    const key = `${names.onBroker(request.topic)}/${partition}`;
    const base = nextOffsets.get(key);
    if (base === undefined) throw new Error(`unexpected produce answer ${JSON.stringify(written)}`);
    nextOffsets.set(key, base + request.events.length);
    const stored = request.events.map((event, index): StoredEvent => ({
      ...event,
      position: { topic: request.topic, partition, offset: base + index },
      streamId: request.streamId,
      streamPosition: request.expectedVersion + index + 1,
      chain: chains[index]!,
    }));
    return { position: stored[stored.length - 1]!.position, stored };
  });
}

/** Per partition the batch wrote to: where its records begin, and how many there are. */
export function recordsPerPartition(
  placed: readonly PlacedRequest[],
  written: readonly RecordMetadata[],
  names: TopicNames,
): { topic: Topic; partition: number; baseOffset: number; count: number }[] {
  return written.map((metadata) => {
    const topic = names.fromBroker(metadata.topicName);
    const count = placed
      .filter(({ request, partition }) => request.topic === topic && partition === metadata.partition)
      .reduce((sum, { request }) => sum + request.events.length, 0);
    return { topic, partition: metadata.partition, baseOffset: Number(metadata.baseOffset), count };
  });
}
