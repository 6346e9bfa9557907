import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, type OrderPlaced } from '@toolforge/contracts';
import { orderCancelled, orderMoved, orderPlaced, productAdded, productUpdated, stockAdjusted } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { auditOrders, ledgerOf } from './orderAudit.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 1_99, stock: 9 });
const at = (occurredAt: string) => ({ occurredAt });
const events = [
  stored(drill, 0),
  stored(orderPlaced(drill.data, { orderId: 'o-1', userId: 'u-1', quantity: 3 }, at('2026-11-20T23:59:59.999Z')), 0),
  stored(orderPlaced(drill.data, { orderId: 'o-2', userId: 'u-2', quantity: 1 }, at('2026-11-21T00:00:00.000Z')), 1),
  // An order of a product the log never added: its stock is counted from nothing.
  stored(
    orderPlaced(
      { productId: 'p-gone', name: 'Gone', priceCents: 10 },
      { orderId: 'o-3', userId: 'u-1', quantity: 2 },
      at('2026-11-19T12:00:00.000Z'),
    ),
    2,
  ),
];

describe('the order audit', () => {
  it('sums revenue in integer cents, by UTC day, product and user, oldest order first', () => {
    const audit = auditOrders(ledgerOf(events), {});
    expect(audit.orders.map((order) => order.orderId)).toEqual(['o-3', 'o-1', 'o-2']);
    // 3 × 1.99 = 5.97 + 0.30 + 50.00; 1 × 1.99 = 1.99 + 0.10 + 50.00; 2 × 0.10 = 0.20 + 0.01 + 50.00.
    expect(audit.totals).toEqual({ orders: 3, quantity: 6, revenueCents: 56_27 + 52_09 + 50_21 });
    expect([...audit.byDay]).toEqual([
      ['2026-11-19', { orders: 1, quantity: 2, revenueCents: 50_21 }],
      ['2026-11-20', { orders: 1, quantity: 3, revenueCents: 56_27 }],
      ['2026-11-21', { orders: 1, quantity: 1, revenueCents: 52_09 }],
    ]);
    expect([...audit.byUser.keys()]).toEqual(['u-1', 'u-2']);
    expect(audit.byProduct.get('p-drill')).toEqual({ orders: 2, quantity: 4, revenueCents: 56_27 + 52_09 });
  });

  it('takes --from inclusive and --to exclusive, and narrows by user and product', () => {
    const ledger = ledgerOf(events);
    const ids = (filter: Parameters<typeof auditOrders>[1]) => auditOrders(ledger, filter).orders.map((order) => order.orderId);
    expect(ids({ from: new Date('2026-11-21T00:00:00Z') })).toEqual(['o-2']);
    expect(ids({ to: new Date('2026-11-21T00:00:00Z') })).toEqual(['o-3', 'o-1']);
    expect(ids({ user: 'u-1', product: 'p-drill' })).toEqual(['o-1']);
  });

  it('keeps each product’s stock as added and as reserved by every order of the log', () => {
    expect(Object.fromEntries(ledgerOf(events).products)).toEqual({
      'p-drill': { stock: 9, reserved: 4, details: { name: 'Cordless Drill', priceCents: 1_99 } },
      'p-gone': { stock: 0, reserved: 2 },
    });
  });
});

describe('the order audit of orders that move on', () => {
  const o1 = events[1]!.data as OrderPlaced['data'];
  const o2 = events[2]!.data as OrderPlaced['data'];
  const later = [
    stored(orderMoved(o1, 'OrderPaid', at('2026-11-21T08:00:00.000Z')), 3),
    stored(orderMoved(o1, 'OrderShipped', at('2026-11-21T09:00:00.000Z')), 5),
    stored(orderCancelled(o2, { reason: EXPIRED_REASON, by: null }, at('2026-11-21T10:00:00.000Z')), 6),
    stored(stockAdjusted('p-drill', 20), 3),
    stored(productUpdated('p-drill', { priceCents: 2_49, description: 'Now with two batteries.' }), 4),
    stored(stockAdjusted('p-drill', -2, 'dropped'), 5),
  ];
  const ledger = ledgerOf([...events, ...later]);

  it('folds each order’s events: its status and payment, and its history with who did what and the offsets of its events', () => {
    expect(ledger.orders.get('o-1')).toMatchObject({
      status: 'shipped',
      payment: true,
      offsets: [0, 3, 5],
      events: [
        { type: 'OrderPlaced', status: 'pending', actor: 'u-1', position: 'sales.orders/0/0', time: '2026-11-20T23:59:59.999Z' },
        { type: 'OrderPaid', status: 'paid', actor: 'admin-uid', position: 'sales.orders/0/3', time: '2026-11-21T08:00:00.000Z' },
        { type: 'OrderShipped', status: 'shipped', actor: 'admin-uid', position: 'sales.orders/0/5', time: '2026-11-21T09:00:00.000Z' },
      ],
    });
    expect(ledger.orders.get('o-2')).toMatchObject({ status: 'cancelled', payment: false, offsets: [1, 6] });
    expect(ledger.orders.get('o-2')?.events[1]).toEqual({
      type: 'OrderCancelled',
      status: 'cancelled',
      actor: null,
      reason: EXPIRED_REASON,
      position: 'sales.orders/0/6',
      time: '2026-11-21T10:00:00.000Z',
    });
  });

  it('counts the stock on hand from restocks and write-offs and the reserved stock from the orders not cancelled, with the price as edited', () => {
    expect(ledger.products.get('p-drill')).toEqual({
      stock: 9 + 20 - 2,
      reserved: 3,
      details: { name: 'Cordless Drill', priceCents: 2_49 },
    });
  });

  it('leaves cancelled orders out of the totals, and lists them', () => {
    const audit = auditOrders(ledger, {});
    expect(audit.orders.map((order) => [order.orderId, order.status])).toEqual([
      ['o-3', 'pending'],
      ['o-1', 'shipped'],
      ['o-2', 'cancelled'],
    ]);
    expect(audit.totals).toEqual({ orders: 2, quantity: 5, revenueCents: 56_27 + 50_21 });
    expect([...audit.byDay.keys()]).toEqual(['2026-11-19', '2026-11-20']);
  });
});
