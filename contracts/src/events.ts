import { cartEvents } from './cart/events.js';
import { productEvents } from './catalog/events.js';
import { documentEvents } from './documents/events.js';
import type { AnyFeatureEvents, EventsOf } from './eventDefinition.js';
import { userEvents } from './identity/events.js';
import { mailEvents } from './mail/events.js';
import { operationEvents } from './operations/events.js';
import { orderEvents } from './orders/events.js';
import { paymentEvents } from './payments/events.js';
import { reviewEvents } from './reviews/events.js';

/**
 * Every feature's events (each module holds its events' data schemas and their topic), in the
 * order of their topics: the union of the shop's events, its topics and each event's topic and
 * schema are assembled from this list, so a new feature's events are its module, imported and listed here.
 */
export const SHOP_FEATURE_EVENTS = [
  productEvents,
  orderEvents,
  userEvents,
  reviewEvents,
  cartEvents,
  paymentEvents,
  documentEvents,
  mailEvents,
  operationEvents,
] as const;
type ShopFeatureEvents = (typeof SHOP_FEATURE_EVENTS)[number];
type EventsOfEach<Feature> = Feature extends AnyFeatureEvents ? EventsOf<Feature> : never;

export type ShopEvent = EventsOfEach<ShopFeatureEvents>;
export type ShopEventType = ShopEvent['type'];

/** The topic (docs/architecture.md#3-events) each event belongs to; its key is the aggregate id. */
export const TOPICS = Object.fromEntries(SHOP_FEATURE_EVENTS.map((feature) => [feature.topicName, feature.topic])) as {
  readonly [Feature in ShopFeatureEvents as Feature['topicName']]: Feature['topic'];
};
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
/** Every topic of the shop, in TOPICS' order: the broker's set-up, the operators' socket and the tool read this list. */
export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);

export const TOPIC_OF_EVENT = Object.fromEntries(
  SHOP_FEATURE_EVENTS.flatMap((feature) => Object.keys(feature.schemas).map((type) => [type, feature.topic])),
) as Readonly<Record<ShopEventType, Topic>>;

/** The schema version every event is written in now; upcasters.ts reads the older ones into it. */
export const CURRENT_SCHEMA_VERSION = 3;

/**
 * The type a log reader gives a record that holds no ToolForge event (no key, no headers, no JSON
 * envelope), so that readers skip or set it aside instead of stopping on it. Its data says why and
 * keeps what the record held.
 */
export const UNREADABLE_RECORD = 'UnreadableRecord';
export interface UnreadableRecordData {
  readonly reason: string;
  readonly key: string | null;
  readonly value: string | null;
  readonly headers: Readonly<Record<string, string>>;
}

const SHOP_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(TOPIC_OF_EVENT));

/**
 * Why this build cannot apply an event read from the log, or undefined when it can: a record that
 * is no ToolForge event, a type it does not know, or a schema version that is missing or newer than
 * the one it was written for (a newer ToolForge wrote it).
 */
export function whyUnreadable(event: { readonly type: unknown; readonly data?: unknown; readonly meta?: unknown }): string | undefined {
  if (event.type === UNREADABLE_RECORD) return (event.data as Partial<UnreadableRecordData> | undefined)?.reason ?? 'not a ToolForge event';
  if (typeof event.type !== 'string' || !SHOP_EVENT_TYPES.has(event.type)) return `unknown event type ${JSON.stringify(event.type)}`;
  const version = (event.meta as { schemaVersion?: unknown } | null | undefined)?.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return `the event has no valid meta.schemaVersion (${JSON.stringify(version) ?? 'none'})`;
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    return `written by a newer ToolForge: schema version ${version}, this build reads up to ${CURRENT_SCHEMA_VERSION}`;
  }
  if (typeof event.data !== 'object' || event.data === null) return 'the event has no data';
  return undefined;
}
