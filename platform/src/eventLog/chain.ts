import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { UNREADABLE_RECORD, type Topic } from '@toolforge/contracts';
import type { AppendRequest, StoredEvent } from './eventLog.js';

/**
 * Where an event sits in its partition's hash chain (docs/audit-trail.md): the hash of the
 * partition's event before it, and its own, each SHA-256 in lowercase hex.
 */
export interface EventChain {
  readonly previous: string;
  readonly hash: string;
}

/** The `previous` of a partition's first event: no event came before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's hash covers: everything the log says of it but its offset (see chainHash). */
export type ChainedContent = Pick<StoredEvent, 'type' | 'data' | 'meta' | 'streamId' | 'streamPosition'> & {
  readonly position: { readonly topic: string; readonly partition: number };
};

/**
 * The event's hash: SHA-256 over the RFC 8785 (JCS) encoding of the previous hash, the topic,
 * partition, stream, stream position, type, data and meta. A canonical encoding, so that the same
 * event hashes the same however a log stored its JSON (PostgreSQL's jsonb reorders keys). The
 * offset is left out: Kafka's broker chooses it after the writer has hashed, and its transaction
 * markers take offsets too; the link to the previous hash is what fixes the order, and the signed
 * anchors name offsets.
 */
export function chainHash(previous: string, event: ChainedContent): string {
  const encoded = canonicalize({
    v: 1,
    previous,
    topic: event.position.topic,
    partition: event.position.partition,
    stream: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    data: event.data,
    meta: event.meta,
  });
  return createHash('sha256').update(encoded!).digest('hex');
}

/** The chain of an event appended after `previous`. */
export function chainAfter(previous: string, event: ChainedContent): EventChain {
  return { previous, hash: chainHash(previous, event) };
}

/**
 * The chains of a request's events appended one after the other in `partition`, the first after
 * `previous`: what both logs' writers store with them (each event hashed where it will sit in its stream).
 */
export function chainsOf(previous: string, request: AppendRequest, partition: number): EventChain[] {
  return request.events.map((event, index) => {
    const chain = chainAfter(previous, {
      ...event,
      position: { topic: request.topic, partition },
      streamId: request.streamId,
      streamPosition: request.expectedVersion + index + 1,
    });
    previous = chain.hash;
    return chain;
  });
}

/**
 * A record that holds no ToolForge event (a foreign record on Kafka): never part of a chain. The
 * writer passes over it, and `audit verify` reports it.
 */
export function outsideTheChain(event: StoredEvent): boolean {
  return (event.type as string) === UNREADABLE_RECORD;
}

/**
 * The hash an event takes in its partition's chain: the one it carries, or, for an event written
 * before the log was chained, the one it would have carried (its hash after `previous`). Every
 * event of a log, old ones too, has a place in the chain: the genesis anchor signs where the old ones end.
 */
export function hashInChain(previous: string, event: StoredEvent): string {
  return event.chain?.hash ?? chainHash(previous, event);
}

/** Where a partition's chain ends: its last event's offset and hash. */
export interface ChainTail {
  readonly offset: number;
  readonly hash: string;
}

/**
 * Where each partition's chain ends, as the single writer knows it: learnt from reads of a
 * partition that go on from where its chain is known (from its start at first), and from the
 * writer's own appends. What the next appended event's `previous` must be.
 */
export class ChainTails {
  private readonly tails = new Map<string, ChainTail>();

  /** The partition's last hash, or undefined until the partition is learnt. */
  tail(topic: Topic, partition: number): ChainTail | undefined {
    return this.tails.get(`${topic}/${partition}`);
  }

  /**
   * Events of one partition read in offset order from `fromOffset`. A read that starts past where
   * the chain is known teaches nothing: the events between are unknown.
   */
  learn(topic: Topic, partition: number, fromOffset: number, events: readonly StoredEvent[]): void {
    let tail = this.tail(topic, partition) ?? { offset: -1, hash: GENESIS_HASH };
    if (fromOffset > tail.offset + 1) return;
    for (const event of events) {
      if (event.position.offset <= tail.offset || outsideTheChain(event)) continue;
      tail = { offset: event.position.offset, hash: hashInChain(tail.hash, event) };
    }
    this.tails.set(`${topic}/${partition}`, tail);
  }

  /** The writer's own append ends the partition's chain at this event. */
  appended(topic: Topic, partition: number, tail: ChainTail): void {
    this.tails.set(`${topic}/${partition}`, tail);
  }
}
