import { describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS } from './eventSchemas.js';
import {
  ALL_TOPICS,
  CURRENT_SCHEMA_VERSION,
  SHOP_FEATURE_EVENTS,
  TOPICS,
  TOPIC_OF_EVENT,
  UNREADABLE_RECORD,
  whyUnreadable,
  type ShopEventType,
} from './events.js';
import { orderPlaced, productAdded, productDeleted, reviewPosted, streamIdOf, userSignedOut } from './testing/events.js';

describe('whether this build can read an event', () => {
  const event = productDeleted('p-1');

  it('reads the events it knows, at its schema version', () => {
    expect(whyUnreadable(event)).toBeUndefined();
  });

  it('names what it cannot read: an unknown type, a missing or newer schema version, no data, a record that is no event', () => {
    expect(whyUnreadable({ ...event, type: 'ProductRenamed' })).toBe('unknown event type "ProductRenamed"');
    expect(whyUnreadable({ ...event, type: 42 })).toBe('unknown event type 42');
    expect(whyUnreadable({ ...event, meta: { ...event.meta, schemaVersion: CURRENT_SCHEMA_VERSION + 1 } })).toBe(
      `written by a newer ToolForge: schema version ${CURRENT_SCHEMA_VERSION + 1}, this build reads up to ${CURRENT_SCHEMA_VERSION}`,
    );
    expect(whyUnreadable({ ...event, meta: { ...event.meta, schemaVersion: '1' } })).toMatch(/no valid meta.schemaVersion/);
    expect(whyUnreadable({ ...event, meta: null })).toMatch(/no valid meta.schemaVersion \(none\)/);
    expect(whyUnreadable({ ...event, data: null })).toBe('the event has no data');
    expect(whyUnreadable({ type: UNREADABLE_RECORD, data: { reason: 'the record at x/0/1 is not a ToolForge event: no key' } })).toBe(
      'the record at x/0/1 is not a ToolForge event: no key',
    );
  });
});

describe('the shop’s events, assembled from each feature’s module', () => {
  it('gives each feature its topic, in the order the broker and the tool list them', () => {
    expect(TOPICS).toEqual({
      products: 'catalog.products',
      orders: 'sales.orders',
      users: 'identity.users',
      reviews: 'catalog.reviews',
      carts: 'sales.carts',
      operations: 'toolforge.operations',
    });
    expect(ALL_TOPICS).toEqual([
      'catalog.products',
      'sales.orders',
      'identity.users',
      'catalog.reviews',
      'sales.carts',
      'toolforge.operations',
    ]);
  });

  it('files every event type under one feature only, on that feature’s topic, with its data schema', () => {
    const types = SHOP_FEATURE_EVENTS.flatMap((feature) => Object.keys(feature.schemas));
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(TOPIC_OF_EVENT)).toEqual(types);
    expect(Object.keys(EVENT_DATA_SCHEMAS)).toEqual(types);
    for (const feature of SHOP_FEATURE_EVENTS) {
      for (const type of Object.keys(feature.schemas) as ShopEventType[]) {
        expect(TOPIC_OF_EVENT[type], type).toBe(feature.topic);
        expect(EVENT_DATA_SCHEMAS[type], type).toBe(feature.schemas[type as keyof typeof feature.schemas]);
      }
    }
  });

  it('names each event’s stream by its feature’s stream key', () => {
    const product = productAdded().data;
    expect(streamIdOf(productDeleted('p-1'))).toBe('p-1');
    expect(streamIdOf(orderPlaced(product, { orderId: 'o-1' }))).toBe('o-1');
    expect(streamIdOf(userSignedOut('u-1'))).toBe('u-1');
    expect(streamIdOf(reviewPosted(product, { reviewId: 'r-1' }))).toBe('r-1');
  });
});
