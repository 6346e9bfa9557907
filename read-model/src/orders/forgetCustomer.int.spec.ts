import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER } from '@toolforge/contracts';
import {
  invoiceIssued,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { expectForgottenAsRebuilt } from '../testing/forgetting.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
const saw = { productId: 'p-saw', name: 'Hand Saw', priceCents: 25_00 };

describe('an erased customer’s orders', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  const ada = { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Analytical Row, London' };
  const twoLines = orderPlacedOf([orderLine(vise, 2), orderLine(saw, 1)], { orderId: 'o-ada-1', ...ada });
  const cancelled = orderPlaced(vise, { orderId: 'o-ada-2', quantity: 3, ...ada });
  const bos = orderPlaced(saw, { orderId: 'o-bo', userId: 'u-bo', userName: 'Bo Builder', shippingAddress: '3 Mill Lane, Leeds' });
  const invoice = invoiceIssued(twoLines.data, { issuedAt: '2026-02-01T10:00:00.000Z' });
  const history = [
    userSignedIn({ uid: 'u-ada', email: 'ada@example.test', name: 'Ada Lovelace' }),
    twoLines,
    bos,
    cancelled,
    orderMoved(twoLines.data, 'OrderPaid'),
    invoice,
    orderMoved(twoLines.data, 'OrderShipped'),
    orderMoved(twoLines.data, 'OrderDelivered'),
    orderCancelled(cancelled.data, { reason: 'I found it cheaper at the market in Camden' }),
  ];
  const tables = { orders: 'order_id', order_lines: 'order_id, line_no', order_documents: 'number', users: 'uid' };

  it('keep their figures, lines, statuses and documents; their name and address read as a rebuild after the erasure reads them', async () => {
    const rows = await expectForgottenAsRebuilt(readModel, history, 'u-ada', tables);
    const orders = rows.orders as Record<string, unknown>[];
    expect(orders.map((o) => [o.order_id, o.user_name, o.shipping_address, o.status, Number(o.total_cost_cents)])).toEqual([
      // 2 × 10.00 + 25.00 = 45.00, + 5 % = 47.25, + 50 = 97.25; 3 × 10.00 = 30.00, + 1.50 + 50 = 81.50
      ['o-ada-1', FORMER_CUSTOMER, '', 'delivered', 97_25],
      ['o-ada-2', FORMER_CUSTOMER, '', 'cancelled', 81_50],
      ['o-bo', 'Bo Builder', '3 Mill Lane, Leeds', 'pending', bos.data.totalCostCents],
    ]);
    expect(orders.find((o) => o.order_id === 'o-ada-1')).toMatchObject({ payment: true, invoice_number: invoice.data.invoiceNumber });
    expect((rows.order_lines as Record<string, unknown>[]).map((l) => [l.order_id, l.product_name, l.quantity])).toEqual([
      ['o-ada-1', 'Bench Vise', 2],
      ['o-ada-1', 'Hand Saw', 1],
      ['o-ada-2', 'Bench Vise', 3],
      ['o-bo', 'Hand Saw', 3],
    ]);
    // The invoice's buyer block is kept for the years the law asks (INVOICE_RETENTION_YEARS), under a key the erasure keeps.
    expect((rows.order_documents as { data: typeof invoice.data }[]).map((d) => d.data.buyer)).toEqual([invoice.data.buyer]);
    expect(invoice.data.buyer).toMatchObject({ name: 'Ada Lovelace', address: '12 Analytical Row, London' });
    expect(rows.users).toEqual([expect.objectContaining({ uid: 'u-ada', email: '', name: FORMER_CUSTOMER, signed_in: false })]);
  });
});
