import { describe, expect, it } from 'vitest';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
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
      'p-drill': { stock: 9, reserved: 4 },
      'p-gone': { stock: 0, reserved: 2 },
    });
  });
});
