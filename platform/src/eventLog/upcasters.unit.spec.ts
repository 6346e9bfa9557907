import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, UNREADABLE_RECORD, whyUnreadable, type ShopEvent } from '@toolforge/contracts';
import { orderPlaced, productAdded, writtenInVersion1 } from '@toolforge/contracts/testing';
import { stored } from '../testing/eventLog.js';
import { SHOP_UPCASTERS, upcast, type Upcasters } from './upcasters.js';

const order = orderPlaced({ productId: 'p-1', name: 'Bench Vice', priceCents: 59_00 });
/** The same order as schema version 1 wrote it: one product, no lines. */
const dataOfVersion1 = writtenInVersion1(order).data as unknown as Record<string, unknown>;
/** Version 0, a shape the shop never wrote: version 1's OrderPlaced before orders had a status and a payment flag. */
const { status: _s, payment: _p, ...dataBeforeStatus } = dataOfVersion1;
const upcasters: Upcasters = {
  OrderPlaced: { 0: (data) => ({ status: 'pending', payment: false, ...data }), ...SHOP_UPCASTERS.OrderPlaced },
};
const writtenAt = (schemaVersion: number, event: ShopEvent = order) => stored({ ...event, meta: { ...event.meta, schemaVersion } }, 7);

describe('upgrading events on read', () => {
  it('brings an older event to the current shape and version, keeping where it sits', () => {
    const older = stored({ ...order, data: dataBeforeStatus, meta: { ...order.meta, schemaVersion: 0 } } as unknown as ShopEvent, 7);
    const upgraded = upcast(older, upcasters);
    expect(upgraded).toEqual(stored(order, 7));
    expect(upgraded.meta.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(whyUnreadable(upgraded)).toBeUndefined();
  });

  it("reads an order the shop wrote in version 1 as today's, one line, with the shop's own upcasters", () => {
    expect(upcast(stored(writtenInVersion1(order), 7))).toEqual(stored(order, 7));
  });

  it('leaves an event alone when nothing upgrades it: the current version, a newer one, another type', () => {
    const current = writtenAt(CURRENT_SCHEMA_VERSION);
    expect(upcast(current, upcasters)).toBe(current);
    const newer = writtenAt(CURRENT_SCHEMA_VERSION + 1);
    expect(upcast(newer, upcasters)).toBe(newer);
    // Still set aside by the projector, as written by a newer ToolForge.
    expect(whyUnreadable(upcast(newer, upcasters))).toMatch(/written by a newer ToolForge/);
    const product = writtenAt(0, productAdded());
    expect(upcast(product, upcasters)).toBe(product);
    expect(whyUnreadable(product)).toMatch(/no valid meta.schemaVersion/);
  });

  it('makes an event its upcaster fails on an UnreadableRecord that says why and keeps the event as written', () => {
    const older = writtenAt(0);
    const failing: Upcasters = {
      OrderPlaced: {
        0: () => {
          throw new Error('no quantity');
        },
      },
    };
    const read = upcast(older, failing);
    expect(read.type).toBe(UNREADABLE_RECORD);
    expect({ position: read.position, streamId: read.streamId, streamPosition: read.streamPosition }).toEqual({
      position: older.position,
      streamId: older.streamId,
      streamPosition: older.streamPosition,
    });
    expect(whyUnreadable(read)).toBe(`the OrderPlaced at sales.orders/0/7 could not be upgraded from schema version 0: no quantity`);
    const { type, data, meta } = older;
    expect(JSON.parse((read.data as unknown as { value: string }).value)).toEqual({ type, data, meta });
  });
});
