import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, type OrderPlaced } from '@toolforge/contracts';
import {
  orderCancelled,
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderPlacedOf,
  orderRefunded,
  paymentNotApplied,
  productAdded,
  productUpdated,
  stockAdjusted,
} from '@toolforge/contracts/testing';
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

describe('the order audit of orders the payment provider paid, declined and refunded', () => {
  const o1 = events[1]!.data as OrderPlaced['data'];
  const o2 = events[2]!.data as OrderPlaced['data'];
  const ledger = ledgerOf([
    ...events,
    stored(orderPaymentFailed(o1, { reason: 'Your card was declined.' }), 3),
    stored(orderPaidByCard(o1, { paymentId: 'pi_1' }), 4),
    stored(orderPaymentFailed(o2, { reason: 'Your card has insufficient funds.' }), 5),
    stored(orderCancelled(o2), 6),
    stored(paymentNotApplied(o2, { paymentId: 'pi_2' }), 7),
    stored(orderRefunded(o2, { paymentId: 'pi_2', amountCents: o2.totalCostCents }), 8),
  ]);

  it('keeps the status the order’s own events left, records every event’s offset, and how it was paid, declined and refunded', () => {
    expect(ledger.orders.get('o-1')).toMatchObject({
      status: 'paid',
      payment: true,
      paidWith: 'card',
      paymentReference: 'pi_1',
      paymentFailure: null,
      refundedCents: 0,
      offsets: [0, 3, 4],
    });
    expect(ledger.orders.get('o-2')).toMatchObject({
      status: 'cancelled',
      payment: false,
      paidWith: null,
      paymentFailure: 'Your card has insufficient funds.',
      refundedCents: o2.totalCostCents,
      offsets: [1, 5, 6, 7, 8],
    });
    expect(ledger.orders.get('o-2')!.events.map(({ type, status, actor, reason }) => [type, status, actor, reason])).toEqual([
      ['OrderPlaced', 'pending', 'u-2', undefined],
      ['OrderPaymentFailed', 'pending', null, 'Your card has insufficient funds.'],
      ['OrderCancelled', 'cancelled', 'u-2', ''],
      ['PaymentNotApplied', 'cancelled', null, undefined],
      ['OrderRefunded', 'cancelled', null, undefined],
    ]);
  });
});

describe('the order audit of orders with several lines', () => {
  const drill = productAdded({
    productId: 'p-drill',
    name: 'Cordless Drill',
    priceCents: 129_00,
    stock: 40,
    priceTiers: [{ minQuantity: 10, unitPriceCents: 119_00 }],
  });
  const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10 });
  const at = { occurredAt: '2026-11-22T10:00:00.000Z' };
  // 10 drills reach the ladder's 119.00: 1190.00, + 2 × 89.50 = 179.00 → 1369.00; + 5 % = 68.45, + 50 = 1487.45.
  const o10 = orderPlacedOf([orderLine(drill.data, 10), orderLine(vise.data, 2)], { orderId: 'o-10', userId: 'u-ada', cartVersion: 1 }, at);
  // 89.50 + 3 × 129.00 = 387.00 → 476.50; + 5 % = 23.825, rounded half up to 23.83, + 50 = 550.33.
  const o11 = orderPlacedOf([orderLine(vise.data, 1), orderLine(drill.data, 3)], { orderId: 'o-11', userId: 'u-bo' }, at);
  // 2 × 129.00 = 258.00, cancelled: it holds nothing and sold nothing.
  const o12 = orderPlacedOf([orderLine(drill.data, 2)], { orderId: 'o-12', userId: 'u-bo' }, at);
  const history = [
    stored(drill, 0),
    stored(vise, 1),
    stored(o10, 0),
    stored(o11, 1),
    stored(o12, 2),
    stored(orderCancelled(o12.data, { reason: 'ordered twice' }), 3),
  ];

  it('reads each line as placed, at the unit price its quantity reached, with the order’s subtotal and total', () => {
    const audited = ledgerOf(history).orders.get('o-10');
    expect(audited).toMatchObject({
      lines: [
        { productId: 'p-drill', productName: 'Cordless Drill', quantity: 10, unitPriceCents: 119_00, lineTotalCents: 1190_00 },
        { productId: 'p-vise', productName: 'Bench Vise', quantity: 2, unitPriceCents: 89_50, lineTotalCents: 179_00 },
      ],
      quantity: 12,
      subtotalCents: 1369_00,
      totalCostCents: 1487_45,
      fromCart: true,
    });
  });

  it('finds every sum to the cent, and totals the orders, each product by its lines and their share of the revenue', () => {
    const audit = auditOrders(ledgerOf(history), {});
    expect(audit.sums).toEqual({ checked: 3, wrong: [] });
    expect(audit.totals).toEqual({ orders: 2, quantity: 16, revenueCents: 1487_45 + 550_33 });
    expect(Object.fromEntries(audit.byUser)).toEqual({
      'u-ada': { orders: 1, quantity: 12, revenueCents: 1487_45 },
      'u-bo': { orders: 1, quantity: 4, revenueCents: 550_33 },
    });
    // Each order's total split in proportion to its lines' totals, the odd cent to the larger remainder:
    // o-10: 1487.45 × 1190/1369 = 1292.962… → 1292.96 and 1487.45 × 179/1369 = 194.487… → 194.49;
    // o-11: 550.33 × 89.50/476.50 = 103.367… → 103.37 and 550.33 × 387/476.50 = 446.962… → 446.96.
    expect(Object.fromEntries(audit.byProduct)).toEqual({
      'p-drill': { orders: 2, quantity: 13, revenueCents: 1292_96 + 446_96 },
      'p-vise': { orders: 2, quantity: 3, revenueCents: 194_49 + 103_37 },
    });
  });

  it('counts each product’s reserved stock from the lines of the orders not cancelled', () => {
    const { products } = ledgerOf(history);
    expect([products.get('p-drill')?.reserved, products.get('p-vise')?.reserved]).toEqual([13, 3]);
  });

  it('takes with --product every order holding a line of it', () => {
    const ids = (product: string) => auditOrders(ledgerOf(history), { product }).orders.map((order) => order.orderId);
    expect([ids('p-vise'), ids('p-drill')]).toEqual([
      ['o-10', 'o-11'],
      ['o-10', 'o-11', 'o-12'],
    ]);
  });

  it('reports a line total altered after the fact, and the subtotal that no longer adds up its lines', () => {
    const tampered = structuredClone(o11);
    tampered.data.lines[1]!.lineTotalCents = 380_00;
    const audit = auditOrders(ledgerOf([stored(drill, 0), stored(vise, 1), stored(o10, 0), stored(tampered, 1)]), {});
    expect(audit.sums).toEqual({
      checked: 2,
      wrong: [
        { orderId: 'o-11', field: 'lines[1].lineTotalCents', recorded: 380_00, computed: 387_00 },
        { orderId: 'o-11', field: 'subtotalCents', recorded: 476_50, computed: 469_50 },
      ],
    });
  });

  it('reports a total the formula does not give for the subtotal', () => {
    const overcharged = orderPlacedOf([orderLine(vise.data, 1)], { orderId: 'o-13', totalCostCents: 144_00 });
    // 89.50 + 4.48 (5 % of 89.50 = 4.475, half up) + 50 = 143.98.
    expect(auditOrders(ledgerOf([stored(overcharged, 0)]), {}).sums.wrong).toEqual([
      { orderId: 'o-13', field: 'totalCostCents', recorded: 144_00, computed: 143_98 },
    ]);
  });
});
