import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, UNREADABLE_RECORD } from '@toolforge/contracts';
import { orderCancelled, orderMoved, orderPlaced, productDeleted } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import { orderHistory } from './history.js';
import type { OrderInLog } from '@toolforge/read-model';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
const placed = orderPlaced(vise, { userId: 'u-ada', quantity: 2 });
const order: OrderInLog = { orderId: placed.data.orderId, userId: 'u-ada', partition: 0, eventOffsets: [] };

/** The history of `events` (at offsets 0, 1, …), and what was left out of it and why. */
function historyOf(...events: StoredEvent[]) {
  const leftOut: [string, string][] = [];
  const answer = orderHistory(order, events, { admin: true }, (event, why) => leftOut.push([String(event.type), why]));
  return { answer, leftOut };
}

describe('an order’s history from its events', () => {
  it('says who caused each event: the shop without an actor, the customer by their uid, anyone else an admin', () => {
    const { answer } = historyOf(
      stored(placed, 0),
      stored(orderMoved(placed.data, 'OrderPaid', { actor: 'u-ada' }), 1),
      stored(orderMoved(placed.data, 'OrderShipped'), 2),
      stored(orderCancelled(placed.data, { reason: EXPIRED_REASON, by: null }), 3),
    );
    expect(answer.entries.map(({ actor, by, status }) => [actor, by, status])).toEqual([
      ['u-ada', 'customer', 'pending'],
      ['u-ada', 'customer', 'paid'],
      ['admin-uid', 'admin', 'shipped'],
      [null, 'shop', 'cancelled'],
    ]);
    expect(answer.entries.map((entry) => entry.position)).toEqual([0, 1, 2, 3].map((offset) => `sales.orders/0/${offset}`));
    // 10.00 x 2 = 20.00, + 5 % = 21.00, + 50 = 71.00
    expect(answer.entries[0]!.details).toEqual({
      productName: 'Bench Vise',
      quantity: 2,
      totalCost: 71,
      shippingAddress: '12 Forge Lane, Sheffield',
    });
    expect(answer.entries[3]!.details).toEqual({ reason: EXPIRED_REASON, returnedStock: 2 });
  });

  it('leaves out, saying why, what is not this order’s event: another stream, another type, an unreadable or newer record', () => {
    const other = orderPlaced(vise);
    const newer = orderMoved(placed.data, 'OrderPaid', { schemaVersion: 99 });
    const unreadable = { ...stored(placed, 4), type: UNREADABLE_RECORD, data: { reason: 'not JSON' } } as unknown as StoredEvent;
    const { answer, leftOut } = historyOf(
      stored(placed, 0),
      stored(other, 1),
      {
        ...stored(productDeleted('p-vise'), 2),
        streamId: placed.data.orderId,
        position: { topic: 'sales.orders', partition: 0, offset: 2 },
      },
      stored(newer, 3),
      unreadable,
    );
    expect(answer).toEqual({ orderId: placed.data.orderId, entries: [expect.objectContaining({ type: 'OrderPlaced' })] });
    expect(leftOut).toEqual([
      ['OrderPlaced', `it is an event of ${other.data.orderId} in sales.orders`],
      ['ProductDeleted', 'ProductDeleted is no event of an order'],
      ['OrderPaid', expect.stringContaining('newer ToolForge')],
      [UNREADABLE_RECORD, 'not JSON'],
    ]);
  });
});
