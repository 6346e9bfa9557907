import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  adminGranted,
  adminRevoked,
  orderCancelled,
  orderMoved,
  orderPlaced,
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
      'paid',
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
