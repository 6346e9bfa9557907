import { describe, expect, it } from 'vitest';
import {
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlacedOf,
  productAdded,
  productDeleted,
  productUpdated,
  stockAdjusted,
} from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { project, projectOrRefuse } from '../projection.js';
import type { StockHistoryWrite } from './writes.js';

const AT = { occurredAt: '2026-02-03T10:00:00.000Z', eventId: '0194c1f0-0000-7000-8000-000000000001' };
const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 12 }, AT);
const saw = productAdded({ productId: 'p-saw', name: 'Hand Saw', priceCents: 24_99 }).data;

/** The stock history's writes among all an event makes: those of the feature that projects it come first. */
const historyOf = (writes: readonly { kind: string }[]) =>
  writes.filter((write): write is StockHistoryWrite => write.kind === 'recordStockChange');

describe('stock history projection', () => {
  it('records an added product’s stock as its first change, after the catalogue’s row', () => {
    const writes = project(stored(vise, 4));
    expect(writes[0]!.kind).toBe('insertProduct');
    expect(historyOf(writes)).toEqual([
      {
        kind: 'recordStockChange',
        change: {
          productId: 'p-vise',
          occurredAt: AT.occurredAt,
          eventId: AT.eventId,
          position: { topic: 'catalog.products', partition: 0, offset: 4 },
          eventType: 'ProductAdded',
          orderId: null,
          onHandDelta: 12,
          reservedDelta: 0,
        },
      },
    ]);
  });

  it('records a restock and a write-off as the stock on hand moving by their delta', () => {
    for (const delta of [25, -3]) {
      const event = stockAdjusted('p-vise', delta, 'counted', AT);
      expect(historyOf(project(stored(event, 9)))).toEqual([
        {
          kind: 'recordStockChange',
          change: expect.objectContaining({
            productId: 'p-vise',
            eventType: 'StockAdjusted',
            orderId: null,
            onHandDelta: delta,
            reservedDelta: 0,
          }),
        },
      ]);
    }
  });

  it('records an order’s reservation of each product it holds, two lines of one product as one change, and its cancellation giving them back', () => {
    const order = orderPlacedOf(
      [orderLine(vise.data, 2), orderLine(saw, 1), orderLine(vise.data, 3)],
      { orderId: 'o-7', userId: 'u-ada' },
      AT,
    );
    const change = (productId: string, reservedDelta: number) => ({
      kind: 'recordStockChange',
      change: {
        productId,
        occurredAt: AT.occurredAt,
        eventId: AT.eventId,
        position: { topic: 'sales.orders', partition: 0, offset: 20 },
        eventType: reservedDelta > 0 ? 'OrderPlaced' : 'OrderCancelled',
        orderId: 'o-7',
        onHandDelta: 0,
        reservedDelta,
      },
    });
    expect(historyOf(project(stored(order, 20)))).toEqual([change('p-vise', 5), change('p-saw', 1)]);
    expect(historyOf(project(stored(orderCancelled(order.data, { by: 'admin' }, AT), 20)))).toEqual([
      change('p-vise', -5),
      change('p-saw', -1),
    ]);
  });

  it('records nothing for what moves no counter: a payment, shipment or delivery keeps the reservation; an edit or deletion the stock', () => {
    const order = orderPlacedOf([orderLine(vise.data, 2)], { orderId: 'o-8', userId: 'u-ada' }).data;
    for (const event of [
      orderMoved(order, 'OrderPaid'),
      orderMoved(order, 'OrderShipped'),
      orderMoved(order, 'OrderDelivered'),
      productUpdated('p-vise', { name: 'Bench Vise 6"' }),
      productDeleted('p-vise'),
    ]) {
      const writes = project(stored(event, 30));
      expect(writes.length, event.type).toBeGreaterThan(0);
      expect(historyOf(writes), event.type).toEqual([]);
    }
  });

  it('refuses an order whose quantity is no whole number: every figure after it would be wrong', () => {
    const order = orderPlacedOf([orderLine(vise.data, 2)], { orderId: 'o-9', userId: 'u-ada' });
    const broken = { ...order, data: { ...order.data, lines: [{ ...order.data.lines[0]!, quantity: 2.5 }] } };
    expect(projectOrRefuse(stored(broken, 31))).toMatchObject({
      writes: [],
      refused: expect.stringContaining('OrderPlaced moves the stock by no whole number (2.5)'),
    });
  });
});
