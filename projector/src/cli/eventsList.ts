import {
  formatCents,
  formatPosition,
  formatTier,
  whyUnreadable,
  type HeldLine,
  type OrderSettlement,
  type ProductAdded,
  type ShopEvent,
  type ShopEventType,
  type Topic,
} from '@toolforge/contracts';
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

/** What a page of events (the operator console's) takes: filters, where each partition goes on, how many. */
export interface EventsPageRequest {
  readonly topics?: readonly Topic[];
  readonly types?: readonly string[];
  readonly stream?: string;
  /** Events that occurred at or after `from` and before `to`. */
  readonly from?: Date;
  readonly to?: Date;
  /** The next offset to read of each partition, keyed "topic/partition"; a partition not named is read from its start. */
  readonly after: ReadonlyMap<string, number>;
  readonly limit: number;
}

export interface EventsPage {
  readonly lines: readonly EventLine[];
  /** Where each partition read goes on: the events passed over by the filters are passed for good. */
  readonly next: ReadonlyMap<string, number>;
}

/**
 * Up to `limit` events that pass the filters, in the log's order (as `events list`), from where
 * `after` left each partition; the next page, or the new events of a followed log, go on from
 * `next`. A filter that few events pass reads on until the page is full or the log ends.
 */
export async function eventsPage(log: EventLog, request: EventsPageRequest): Promise<EventsPage> {
  const next = new Map(request.after);
  const lines: EventLine[] = [];
  const since = request.from?.getTime() ?? -Infinity;
  const until = request.to?.getTime() ?? Infinity;
  reading: for await (const page of log.readAll({
    topics: request.topics,
    from: (topic, partition) => next.get(`${topic}/${partition}`) ?? 0,
  })) {
    for (const event of page.events) {
      next.set(`${page.topic}/${page.partition}`, event.position.offset + 1);
      const at = Date.parse(event.meta.occurredAt);
      if (request.types && !request.types.includes(event.type)) continue;
      if (request.stream !== undefined && event.streamId !== request.stream) continue;
      if (at < since || at >= until) continue;
      lines.push(eventLine(event));
      if (lines.length === request.limit) break reading;
    }
  }
  return { lines, next };
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

type EventData<Type extends ShopEventType> = Extract<ShopEvent, { type: Type }>['data'];

/** The lines an order's summary names; the rest are counted (an order holds up to fifty). */
const LINES_NAMED = 3;

/** "5 × p-drill, 2 × p-vise": an order's lines, or the stock they give back, by product id. */
function linesGist(lines: readonly HeldLine[]): string {
  const named = lines.slice(0, LINES_NAMED).map((line) => `${line.quantity} × ${line.productId}`);
  const more = lines.length - named.length;
  return `${named.join(', ')}${more > 0 ? ` and ${more} more ${more === 1 ? 'line' : 'lines'}` : ''}`;
}

/** A product's ladder and pack size, when it has either: ", 10+ $42.00 each, packs of 5". */
function pricingGist({ priceTiers, packSize }: ProductAdded['data']): string {
  return [...priceTiers.map(formatTier), ...(packSize > 1 ? [`packs of ${packSize}`] : [])].map((part) => `, ${part}`).join('');
}

/** How an order was paid: by card (the provider's payment id), offline (its reference), with the amount; just "paid" for one paid before the shop said how. */
function paidGist(payment: OrderSettlement | null): string {
  if (payment === null) return 'paid';
  const how = payment.method === 'card' ? `by card, payment ${payment.paymentId}` : `offline, reference ${quoted(payment.reference)}`;
  return `paid ${how}, ${formatCents(payment.amountCents)}`;
}

/** A field's name as a summary shows it: quoted unless it is a plain word. */
const fieldName = (field: string) => (/^\w+$/.test(field) ? field : quoted(field));

/**
 * The events whose gist says more than their data's fields would, or nothing where the type, the
 * stream and the actor already say it all. Any other event (a new one too) is summed up by its data
 * (dataSummary) until it earns a line here.
 */
const GISTS: { readonly [Type in ShopEventType]?: (data: EventData<Type>) => string } = {
  ProductAdded: (data) => `${quoted(data.name)}, stock ${data.stock}${pricingGist(data)}`,
  ProductUpdated: (data) => `changed ${Object.keys(data.changes).map(fieldName).join(', ')}`,
  StockAdjusted: (data) => `stock ${data.delta > 0 ? '+' : ''}${data.delta} (${quoted(data.reason)})`,
  OrderPlaced: (data) => `${linesGist(data.lines)} for ${data.userId}${data.cartVersion === null ? '' : ' from the cart'}`,
  OrderPaid: (data) => paidGist(data.payment),
  OrderShipped: () => 'shipped',
  OrderDelivered: () => 'delivered',
  OrderCancelled: ({ lines, by, reason }) =>
    `cancelled by ${by ?? 'the shop'}${reason ? ` (${quoted(reason)})` : ''}: ${linesGist(lines)} back in stock`,
  // The payment provider's word on an order's money, as the shop recorded it (payments/events.ts).
  OrderPaymentFailed: (data) => `payment ${data.paymentId} failed (${quoted(data.reason)})`,
  PaymentNotApplied: (data) => `payment ${data.paymentId} of ${formatCents(data.amountCents)} not applied (${data.because}): owed back`,
  OrderRefunded: (data) => `refunded ${formatCents(data.amountCents)} of payment ${data.paymentId} (${data.refundId})`,
  CartLineSet: (data) => `${data.quantity} × ${data.productId} in the cart`,
  CartLineRemoved: (data) => `${data.productId} out of the cart`,
  ReviewPosted: (data) => `${data.rating}★ for ${data.productId} by ${data.userId}`,
  ReviewEdited: (data) => `now ${data.rating}★`,
  ReviewRemoved: (data) => `removed (${quoted(data.reason)})`,
  // Why the role was granted: a break-glass grant stands out in an audit of the admins.
  AdminGranted: (data) => `admin ${quoted(data.email)} (${data.reason})`,
  ProductDeleted: () => '',
  UserSignedIn: () => '',
  UserSignedOut: () => '',
  AdminRevoked: () => '',
};

function gist(event: StoredEvent): string {
  // GISTS gives each type's gist that type's data; a lookup by a type not known until run time cannot say so.
  const own = GISTS[event.type] as ((data: StoredEvent['data']) => string) | undefined;
  return own ? own(event.data) : dataSummary(event.data);
}

/** An event's data field by field, values as JSON (texts quoted): the gist of an event GISTS does not name. */
export function dataSummary(data: object): string {
  return Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => `${fieldName(field)} ${JSON.stringify(value)}`)
    .join(', ');
}

export function eventsTable(lines: readonly EventLine[]): string {
  return textTable(
    ['POSITION', 'TIME', 'TYPE', 'STREAM', 'ACTOR', 'SUMMARY'],
    lines.map((line) => [line.position, line.time, line.type, line.stream, line.actor ?? '(system)', line.summary]),
  );
}
