import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  PERSONAL_DATA,
  UNREADABLE_RECORD,
  mapPersonalData,
  type ShopEvent,
  type ShopEventType,
} from '@toolforge/contracts';
import {
  adminGranted,
  adminRevoked,
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderPlaced,
  productAdded,
  reviewEdited,
  reviewPosted,
  userSignedIn,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import { dayOf, eventRow, isRow, type EventRow } from './eventRow.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill' }).data;
const ada = { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '7 Analytical Engine Row\nLondon' };
const placed = orderPlaced(drill, { orderId: 'o-1', ...ada });
const invoice = invoiceIssued(placed.data, { issuedAt: '2026-11-22T12:00:00.000Z' });
const review = reviewPosted(drill, { userId: 'u-ada', userName: 'Ada Lovelace', text: 'My nephew Byron borrowed it' });

type PersonalType = { [Type in ShopEventType]: (typeof PERSONAL_DATA)[Type] extends readonly [] ? never : Type }[ShopEventType];

/** One event of every type that holds personal data, built as the shop decides them, each with values of a person in every personal field. */
const SAMPLES: Record<PersonalType, ShopEvent> = {
  OrderPlaced: placed,
  OrderCancelled: orderCancelled(placed.data, { reason: 'Ada Lovelace moved to Ockham' }),
  InvoiceIssued: invoice,
  CreditNoteIssued: creditNoteIssued(invoice.data, { reason: 'Ada Lovelace moved to Ockham' }),
  UserSignedIn: userSignedIn({
    uid: 'u-ada',
    email: 'ada@example.org',
    name: 'Ada Lovelace',
    photoURL: 'https://photos.example.org/ada.jpg',
  }),
  AdminGranted: adminGranted('u-ada', 'ada@example.org'),
  AdminRevoked: adminRevoked('u-ada', 'ada@example.org'),
  ReviewPosted: review,
  ReviewEdited: reviewEdited(review.data, { text: 'My nephew Byron broke it' }),
};

const valueAt = (data: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
const hasKeyAt = (data: unknown, path: string) => {
  const keys = path.split('.');
  const key = keys.pop()!;
  return Object.hasOwn((keys.length > 0 ? valueAt(data, keys.join('.')) : data) as object, key);
};
const rowOf = (event: StoredEvent, withPersonalData: boolean) => {
  const row = eventRow(event, withPersonalData);
  if (!isRow(row)) throw new Error(`no row: ${row.reason}`);
  return row;
};
const dataOf = (row: EventRow) => JSON.parse(row.data!) as unknown;

describe('an event as a row of the export', () => {
  it('has a sample of every event type whose data holds personal values', () => {
    const personal = Object.entries(PERSONAL_DATA).filter(([, paths]) => paths.length > 0);
    expect(Object.keys(SAMPLES).sort()).toEqual(personal.map(([type]) => type).sort());
  });

  it.each(Object.entries(SAMPLES))('%s without personal data: each personal value null, its key kept, the rest as read', (type, event) => {
    const paths = PERSONAL_DATA[type as PersonalType];
    const row = rowOf(stored(event, 4), false);
    const data = dataOf(row);
    for (const path of paths) {
      // Each sample holds a value there, so that its absence below means it was left out.
      expect(valueAt(event.data, path), path).toEqual(expect.any(String));
      expect(valueAt(data, path), path).toBeNull();
      expect(hasKeyAt(data, path), path).toBe(true);
      expect(row.data, path).not.toContain(JSON.stringify(valueAt(event.data, path)).slice(1, -1));
    }
    // Put back, the personal values make the event's data again: nothing else was touched.
    expect(mapPersonalData(type, data, (_null, path) => valueAt(event.data, path))).toEqual(event.data);
    expect(dataOf(rowOf(stored(event, 4), true))).toEqual(event.data);
  });

  it('holds where the event sits, its meta and its chain of hashes when it has one', () => {
    const event = { ...stored(SAMPLES.OrderPlaced, 41, 1), chain: { previous: 'a'.repeat(64), hash: 'b'.repeat(64) } };
    const { data: _data, ...row } = rowOf(event, false);
    expect(row).toEqual({
      topic: 'sales.orders',
      partition: 0,
      offset: 41,
      streamId: 'o-1',
      streamPosition: 1,
      eventId: event.meta.eventId,
      type: 'OrderPlaced',
      schemaVersion: CURRENT_SCHEMA_VERSION,
      occurredAt: event.meta.occurredAt,
      occurredAtMs: Date.parse(event.meta.occurredAt),
      actor: 'u-ada',
      previousHash: 'a'.repeat(64),
      hash: 'b'.repeat(64),
    });
    expect(rowOf(stored(SAMPLES.OrderPlaced, 41), false)).toMatchObject({ previousHash: null, hash: null });
  });

  it('keeps no data of an event this build cannot read unless personal data is asked for: its personal fields are not known', () => {
    const newer = stored(SAMPLES.UserSignedIn, 0);
    const fromNewerBuild = { ...newer, meta: { ...newer.meta, schemaVersion: CURRENT_SCHEMA_VERSION + 1 } };
    const unknownType = { ...newer, type: 'UserPhoneAdded', data: { uid: 'u-ada', phone: '+44 20 7946 0000' } } as unknown as StoredEvent;
    for (const event of [fromNewerBuild, unknownType]) {
      expect(rowOf(event, false).data, event.type).toBeNull();
      expect(dataOf(rowOf(event, true)), event.type).toEqual(event.data);
    }
  });

  it('makes no row of a record that holds no event, or no time to file it under, and says where it is and why', () => {
    const unreadable = {
      ...stored(SAMPLES.AdminGranted, 7),
      type: UNREADABLE_RECORD,
      data: { reason: 'not JSON', key: null, value: '\u0000', headers: {} },
      meta: undefined,
    } as unknown as StoredEvent;
    expect(eventRow(unreadable, true)).toEqual({ position: 'identity.users/0/7', reason: 'not JSON' });
    const timeless = { ...stored(SAMPLES.AdminGranted, 8), meta: { ...SAMPLES.AdminGranted.meta, occurredAt: 'soon' } };
    expect(eventRow(timeless, true)).toEqual({ position: 'identity.users/0/8', reason: 'the event has no valid meta.occurredAt' });
  });

  it('files an event under the UTC day of its time', () => {
    expect(dayOf(Date.parse('2026-11-20T23:59:59.999Z'))).toBe('2026-11-20');
    expect(dayOf(Date.parse('2026-11-21T00:30:00+02:00'))).toBe('2026-11-20');
  });
});
