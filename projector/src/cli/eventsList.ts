import { formatPosition, whyUnreadable, type ShopEventType, type Topic } from '@toolforge/contracts';
import type { EventLog, ReadFrom, StoredEvent } from '@toolforge/platform';
import type { StartingPoint } from './arguments.js';
import { textTable } from './output.js';

export interface EventFilter {
  readonly types?: readonly ShopEventType[];
  readonly topics?: readonly Topic[];
  readonly from?: StartingPoint;
}

/** One line of `events list`. */
export interface EventLine {
  readonly position: string;
  readonly time: string;
  readonly type: string;
  readonly stream: string;
  readonly actor: string | null;
  /** What the event says, in a few words (texts quoted as JSON: a control character never reaches the terminal). */
  readonly summary: string;
}

/**
 * The log's events that pass the filter, in the log's own order (topic by topic, each partition in
 * offset order), read through the log port. A position names one partition of one topic, so from a
 * position only that partition is listed, from that offset on.
 */
export async function* eventsOf(log: EventLog, filter: EventFilter): AsyncGenerator<StoredEvent> {
  const from = filter.from;
  const start = from && 'position' in from ? from.position : undefined;
  const topics = start ? [start.topic as Topic].filter((topic) => !filter.topics || filter.topics.includes(topic)) : filter.topics;
  const readFrom: ReadFrom | undefined = start
    ? (_topic, partition) => (partition === start.partition ? start.offset : Number.MAX_SAFE_INTEGER)
    : undefined;
  const since = from && 'at' in from ? from.at.getTime() : undefined;
  for await (const page of log.readAll({ topics, from: readFrom })) {
    for (const event of page.events) {
      if (filter.types && !filter.types.includes(event.type)) continue;
      if (since !== undefined && Date.parse(event.meta.occurredAt) < since) continue;
      yield event;
    }
  }
}

export function eventLine(event: StoredEvent): EventLine {
  return {
    position: formatPosition(event.position),
    time: event.meta.occurredAt,
    type: event.type,
    stream: event.streamId,
    actor: event.meta.actor,
    summary: summaryOf(event),
  };
}

const quoted = (text: string) => JSON.stringify(text);

/**
 * The gist of an event: what changed, by how much, and why. Nothing for an event this build cannot
 * read (the log may hold any record), nor for one whose data is not the shape its type says.
 */
export function summaryOf(event: StoredEvent): string {
  if (whyUnreadable(event) !== undefined) return '';
  try {
    return gist(event);
  } catch {
    return '';
  }
}

function gist(event: StoredEvent): string {
  switch (event.type) {
    case 'ProductAdded':
      return `${quoted(event.data.name)}, stock ${event.data.stock}`;
    case 'ProductUpdated':
      return `changed ${Object.keys(event.data.changes)
        .map((field) => (/^\w+$/.test(field) ? field : quoted(field)))
        .join(', ')}`;
    case 'StockAdjusted':
      return `stock ${event.data.delta > 0 ? '+' : ''}${event.data.delta} (${quoted(event.data.reason)})`;
    case 'OrderPlaced':
      return `${event.data.quantity} × ${event.data.productId} for ${event.data.userId}`;
    case 'OrderPaid':
      return 'paid';
    case 'OrderShipped':
      return 'shipped';
    case 'OrderDelivered':
      return 'delivered';
    case 'OrderCancelled': {
      const { quantity, productId, by, reason } = event.data;
      return `cancelled by ${by ?? 'the shop'}${reason ? ` (${quoted(reason)})` : ''}: ${quantity} × ${productId} back in stock`;
    }
    case 'ReviewPosted':
      return `${event.data.rating}★ for ${event.data.productId} by ${event.data.userId}`;
    case 'ReviewEdited':
      return `now ${event.data.rating}★`;
    case 'ReviewRemoved':
      return `removed (${quoted(event.data.reason)})`;
    case 'AdminGranted':
      // Why the role was granted: a break-glass grant stands out in an audit of the admins.
      return `admin ${quoted(event.data.email)} (${event.data.reason})`;
    case 'ProductDeleted':
    case 'UserSignedIn':
    case 'UserSignedOut':
    case 'AdminRevoked':
      return '';
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function eventsTable(lines: readonly EventLine[]): string {
  return textTable(
    ['POSITION', 'TIME', 'TYPE', 'STREAM', 'ACTOR', 'SUMMARY'],
    lines.map((line) => [line.position, line.time, line.type, line.stream, line.actor ?? '(system)', line.summary]),
  );
}
