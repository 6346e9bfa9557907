import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, UNREADABLE_RECORD, whyUnreadable } from './events.js';
import { productDeleted } from './testing/events.js';

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
