import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  adminGranted,
  adminRevoked,
  cartLineRemoved,
  cartLineSet,
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
  productDeleted,
  productUpdated,
  reviewEdited,
  reviewPosted,
  reviewRemoved,
  stockAdjusted,
  userSignedIn,
  userSignedOut,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { dataSummary, summaryOf } from './eventsList.js';

const stored = (event: ShopEvent): StoredEvent => ({
  ...event,
  position: { topic: 'catalog.products', partition: 0, offset: 0 },
  streamId: 's-1',
  streamPosition: 1,
});

describe("the tool's one-line summaries of events", () => {
  const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', stock: 40 });
  const order = orderPlaced(drill.data, { orderId: 'o-1', userId: 'u-ada', quantity: 2 });
  const review = reviewPosted(drill.data, { reviewId: 'r-1', userId: 'u-ada', rating: 5 });

  it('says what changed, by how much and why, for the events that have a gist of their own', () => {
    const summaries = [
      drill,
      productUpdated('p-drill', { priceCents: 100, description: 'x' }),
      stockAdjusted('p-drill', 10, 'restock'),
      stockAdjusted('p-drill', -3, 'write-off'),
      order,
      orderMoved(order.data, 'OrderPaid'),
      orderMoved(order.data, 'OrderShipped'),
      orderMoved(order.data, 'OrderDelivered'),
      orderCancelled(order.data, { reason: 'ordered twice' }),
      orderCancelled(order.data, { by: null }),
      review,
      reviewEdited(review.data, { rating: 3 }),
      reviewRemoved(review.data, 'off-topic'),
      adminGranted('u-bo', 'bo@toolforge.test'),
    ].map((event) => summaryOf(stored(event)));
    expect(summaries).toEqual([
      '"Cordless Drill", stock 40',
      'changed priceCents, description',
      'stock +10 ("restock")',
      'stock -3 ("write-off")',
      '2 × p-drill for u-ada',
      'paid offline, reference "TRANSFER-o-1", 102.48',
      'shipped',
      'delivered',
      'cancelled by customer ("ordered twice"): 2 × p-drill back in stock',
      'cancelled by the shop: 2 × p-drill back in stock',
      '5★ for p-drill by u-ada',
      'now 3★',
      'removed ("off-topic")',
      'admin "bo@toolforge.test" (granted-by-admin)',
    ]);
  });

  it('says how an order was paid, why a payment failed, a payment not applied and what was refunded, amounts with two decimals', () => {
    const { orderId, totalCostCents } = order.data;
    const paidBefore = { ...orderPaidByCard(order.data), data: { orderId, payment: null } };
    const summaries = [
      orderPaidByCard(order.data, { paymentId: 'pi_1' }),
      orderMoved(order.data, 'OrderPaid'),
      paidBefore,
      orderPaymentFailed(order.data, { paymentId: 'pi_2', reason: 'Your card was declined.\u001b[2J' }),
      paymentNotApplied(order.data, { paymentId: 'pi_3', because: 'already-paid' }),
      orderRefunded(order.data, { paymentId: 'pi_3', amountCents: totalCostCents, refundId: 're_3' }),
    ].map((event) => summaryOf(stored(event)));
    // 2 × 24.99 (the builder's price) = 49.98, + 5 % = 2.50, + 50 = 102.48
    expect(summaries).toEqual([
      'paid by card, payment pi_1, 102.48',
      `paid offline, reference "TRANSFER-${orderId}", 102.48`,
      'paid',
      'payment pi_2 failed ("Your card was declined.\\u001b[2J")',
      'payment pi_3 of 102.48 not applied (already-paid): owed back',
      'refunded 102.48 of payment pi_3 (re_3)',
    ]);
  });

  it('names every line of an order from the cart, and what its cancellation gave back, counting the lines past the third', () => {
    const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise' }).data;
    const cart = orderPlacedOf([orderLine(drill.data, 12), orderLine(vise, 1)], { userId: 'u-ada', cartVersion: 1 });
    const tools = ['p-saw', 'p-file', 'p-rasp'].map((productId) => orderLine({ productId, name: productId, priceCents: 5_00 }, 2));
    const large = orderPlacedOf([orderLine(drill.data, 4), orderLine(vise, 1), ...tools], { userId: 'u-bo' });
    expect(
      [cart, orderCancelled(cart.data, { by: 'admin' }), large, orderCancelled(large.data, { by: null })].map((event) =>
        summaryOf(stored(event)),
      ),
    ).toEqual([
      '12 × p-drill, 1 × p-vise for u-ada from the cart',
      'cancelled by admin: 12 × p-drill, 1 × p-vise back in stock',
      '4 × p-drill, 1 × p-vise, 2 × p-saw and 2 more lines for u-bo',
      'cancelled by the shop: 4 × p-drill, 1 × p-vise, 2 × p-saw and 2 more lines back in stock',
    ]);
  });

  it('says what a cart line became, and a product’s ladder and pack size when it has them', () => {
    const clamps = productAdded({
      name: 'F-Clamp',
      stock: 500,
      minOrder: 5,
      packSize: 5,
      priceTiers: [
        { minQuantity: 10, unitPriceCents: 9_50 },
        { minQuantity: 50, unitPriceCents: 8_75 },
      ],
    });
    expect(
      [clamps, cartLineSet('u-ada', 'p-clamp', 10), cartLineRemoved('u-ada', 'p-clamp')].map((event) => summaryOf(stored(event))),
    ).toEqual(['"F-Clamp", stock 500, 10+ $9.50 each, 50+ $8.75 each, packs of 5', '10 × p-clamp in the cart', 'p-clamp out of the cart']);
  });

  it('says nothing where the type, the stream and the actor say it all', () => {
    const events = [productDeleted('p-drill'), userSignedIn({ uid: 'u-ada' }), userSignedOut('u-ada'), adminRevoked('u-bo')];
    expect(events.map((event) => summaryOf(stored(event)))).toEqual(['', '', '', '']);
  });

  it('sums up an event without a gist of its own by its data, texts quoted', () => {
    expect(dataSummary({ userId: 'u-ada', productId: 'p-drill', wished: true, count: 2, note: undefined })).toBe(
      'userId "u-ada", productId "p-drill", wished true, count 2',
    );
    expect(dataSummary({ 'odd name': 'a\u001b[31m' })).toBe('"odd name" "a\\u001b[31m"');
  });

  it('says nothing of an event this build cannot read', () => {
    expect(summaryOf(stored({ ...drill, meta: { ...drill.meta, schemaVersion: 99 } }))).toBe('');
  });
});
