import { describe, expect, it } from 'vitest';
import { TOPIC_OF_EVENT } from '@toolforge/contracts';
import { orderPlaced } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { AS_OF, asOfHistory } from '../test/asOfHistory.js';
import { occurredBy, pastMoment } from './asOf.js';
import { auditOrders, ledgerOf } from './orderAudit.js';
import { stockLines, stockReport } from './stockCommand.js';

/** The history as the log hands it out: each topic's events at offsets from 0 on. */
const offsets = new Map<string, number>();
const events = asOfHistory().map((event) => {
  const topic = TOPIC_OF_EVENT[event.type];
  const offset = offsets.get(topic) ?? 0;
  offsets.set(topic, offset + 1);
  return stored(event, offset);
});

/** The ledger as of a moment: the same fold over the events that occurred by then. */
const ledgerAt = (moment: string) => ledgerOf(events.filter(occurredBy(new Date(moment))));

describe('the log as of a moment', () => {
  it('keeps the events that occurred at or before the moment, the moment itself included', () => {
    const placedAt = new Date(AS_OF.placed);
    const types = (at: Date) => events.filter(occurredBy(at)).map((event) => event.type);
    expect(types(placedAt)).toEqual(['ProductAdded', 'ProductAdded', 'OrderPlaced']);
    expect(types(new Date(placedAt.getTime() - 1))).toEqual(['ProductAdded', 'ProductAdded']);
    expect(types(new Date('2026-11-20T07:59:59.999Z'))).toEqual([]);
  });

  it('takes a moment past as an ISO date or time, and refuses one to come or anything else', () => {
    const now = new Date('2026-11-21T00:00:00.000Z');
    expect(pastMoment('2026-11-20', now).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(pastMoment('2026-11-20T10:45:00+02:00', now).toISOString()).toBe('2026-11-20T08:45:00.000Z');
    expect(pastMoment('2026-11-21T00:00:00Z', now).toISOString()).toBe(now.toISOString());
    expect(() => pastMoment('2026-11-21T00:00:00.001Z', now)).toThrow(
      '2026-11-21T00:00:00.001Z has not come yet: the log holds no account of it',
    );
    expect(() => pastMoment('yesterday', now)).toThrow(/expected an ISO date or time/);
    expect(() => pastMoment('2026-13-45', now)).toThrow(/expected an ISO date or time/);
  });
});

describe('the stock as of a moment, by the shop’s rule', () => {
  const drillAt = (moment: string) => stockLines(ledgerAt(moment), 'p-drill');

  it('is on hand as added and restocked, reserved by the orders placed and not cancelled, and the rest available', () => {
    expect(stockLines(ledgerAt(AS_OF.afterAdded))).toEqual([
      { productId: 'p-drill', name: 'Cordless Drill', onHand: 10, reserved: 0, available: 10 },
      { productId: 'p-vise', name: 'Bench Vise', onHand: 4, reserved: 0, available: 4 },
    ]);
    // o-1's 3 and o-2's 2.
    expect(drillAt(AS_OF.afterPlaced)).toEqual([{ productId: 'p-drill', name: 'Cordless Drill', onHand: 10, reserved: 5, available: 5 }]);
    expect(drillAt(AS_OF.afterRestocked)).toEqual([
      { productId: 'p-drill', name: 'Cordless Drill', onHand: 15, reserved: 5, available: 10 },
    ]);
    // o-2's cancellation gave its 2 back.
    expect(drillAt(AS_OF.afterCancelled)).toEqual([
      { productId: 'p-drill', name: 'Cordless Drill', onHand: 15, reserved: 3, available: 12 },
    ]);
    // As the shop folds it, a delivered order still holds its lines (no order lowers the stock on hand): o-1's 3 and o-3's 1.
    expect(stockLines(ledgerOf(events), 'p-drill')).toEqual([
      { productId: 'p-drill', name: 'Cordless Drill', onHand: 15, reserved: 4, available: 11 },
    ]);
    expect(stockLines(ledgerAt('2026-11-20T07:00:00.000Z'))).toEqual([]);
  });

  it('names a product the log holds orders of but never added by nothing, its stock counted from nothing', () => {
    const gone = stored(orderPlaced({ productId: 'p-gone', name: 'Gone', priceCents: 10 }, { orderId: 'o-9', quantity: 2 }), 9);
    expect(stockLines(ledgerOf([gone]))).toEqual([{ productId: 'p-gone', name: null, onHand: 0, reserved: 2, available: -2 }]);
  });

  it('prints the moment it shows, as a table or JSON', () => {
    const asOf = new Date(AS_OF.afterCancelled);
    expect(stockReport('table', stockLines(ledgerAt(AS_OF.afterCancelled)), asOf)).toBe(
      "Stock as of 2026-11-20T11:30:00.000Z (the log's events that occurred at or before it)\n" +
        'PRODUCT  NAME            ON HAND  RESERVED  AVAILABLE\n' +
        'p-drill  Cordless Drill  15       3         12\n' +
        'p-vise   Bench Vise      4        0         4\n',
    );
    expect(stockReport('table', [], undefined)).toBe('Stock as the log stands now\nPRODUCT  NAME  ON HAND  RESERVED  AVAILABLE\n');
    expect(JSON.parse(stockReport('json', stockLines(ledgerAt(AS_OF.afterAdded), 'p-vise'), new Date(AS_OF.afterAdded)))).toEqual({
      asOf: AS_OF.afterAdded,
      products: [{ productId: 'p-vise', name: 'Bench Vise', onHand: 4, reserved: 0, available: 4 }],
    });
  });
});

describe('the orders as of a moment', () => {
  const ordersAt = (moment: string) =>
    auditOrders(ledgerAt(moment), {}).orders.map(({ orderId, status, payment, paidWith, refundedCents, events: history }) => ({
      orderId,
      status,
      payment,
      paidWith,
      refundedCents,
      events: history.map((event) => event.type),
    }));

  it('are as their events by then left them: paid later is pending, cancelled later is open, placed later is not there', () => {
    expect(ordersAt(AS_OF.afterAdded)).toEqual([]);
    const pending = { status: 'pending', payment: false, paidWith: null, refundedCents: 0, events: ['OrderPlaced'] };
    expect(ordersAt(AS_OF.afterPlaced)).toEqual([
      { orderId: 'o-1', ...pending },
      { orderId: 'o-2', ...pending },
    ]);
    expect(ordersAt(AS_OF.afterRestocked)).toEqual([
      { orderId: 'o-1', status: 'paid', payment: true, paidWith: 'card', refundedCents: 0, events: ['OrderPlaced', 'OrderPaid'] },
      { orderId: 'o-2', ...pending },
    ]);
    expect(ordersAt(AS_OF.afterCancelled)[1]).toEqual({
      orderId: 'o-2',
      status: 'cancelled',
      payment: false,
      paidWith: null,
      refundedCents: 0,
      events: ['OrderPlaced', 'OrderCancelled'],
    });
    expect(ordersAt('2026-11-20T13:45:00.000Z')).toEqual([
      {
        orderId: 'o-1',
        status: 'delivered',
        payment: true,
        paidWith: 'card',
        refundedCents: 10_00,
        events: ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered', 'OrderRefunded'],
      },
      expect.objectContaining({ orderId: 'o-2', status: 'cancelled' }),
    ]);
  });

  it('total, in cents, the orders not cancelled by then', () => {
    const totalsAt = (moment: string) => auditOrders(ledgerAt(moment), {}).totals;
    expect(totalsAt(AS_OF.afterAdded)).toEqual({ orders: 0, quantity: 0, revenueCents: 0 });
    expect(totalsAt(AS_OF.afterPlaced)).toEqual({ orders: 2, quantity: 5, revenueCents: 113_00 + 92_00 });
    expect(totalsAt(AS_OF.afterRestocked)).toEqual({ orders: 2, quantity: 5, revenueCents: 113_00 + 92_00 });
    expect(totalsAt(AS_OF.afterCancelled)).toEqual({ orders: 1, quantity: 3, revenueCents: 113_00 });
    expect(auditOrders(ledgerOf(events), {}).totals).toEqual({ orders: 2, quantity: 4, revenueCents: 113_00 + 71_00 });
  });
});
