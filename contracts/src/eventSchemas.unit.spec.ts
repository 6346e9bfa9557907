import { describe, expect, it } from 'vitest';
import { eventContractBreach } from './eventSchemas.js';
import type { ShopEvent } from './events.js';
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
} from './testing/events.js';

const product = productAdded().data;
const order = orderPlaced(product, { shippingAddress: '1 Forge Lane\nSheffield' }).data;
const review = reviewPosted(product).data;

/** One event of every type, as the command side decides them. */
const everyType: ShopEvent[] = [
  productAdded(),
  productDeleted('p1'),
  productUpdated('p1', { name: 'Bench vise', priceCents: 42_00 }),
  stockAdjusted('p1', -3),
  orderPlaced(product, { shippingAddress: '1 Forge Lane\nSheffield' }),
  orderMoved(order, 'OrderPaid'),
  orderMoved(order, 'OrderShipped'),
  orderMoved(order, 'OrderDelivered'),
  orderCancelled(order, { reason: 'expired', by: null }),
  userSignedIn({ photoURL: 'https://lh3.googleusercontent.com/a/photo.jpg' }),
  userSignedOut('u1'),
  adminGranted('u1'),
  adminRevoked('u1'),
  reviewPosted(product),
  reviewEdited(review, { rating: 2, text: 'Blunt after a month.\nStill usable.' }),
  reviewRemoved(review),
];

describe('the events’ contract, checked before an event joins a batch', () => {
  it('keeps every event type as the command side decides it', () => {
    expect(new Set(everyType.map((event) => event.type)).size).toBe(16);
    for (const event of everyType) expect(eventContractBreach(event), event.type).toBeUndefined();
  });

  it('keeps an operator’s break-glass grant, and refuses a grant for a reason the shop does not know', () => {
    const breakGlass = adminGranted('u1');
    expect(eventContractBreach({ ...breakGlass, data: { ...breakGlass.data, reason: 'break-glass' } })).toBeUndefined();
    expect(eventContractBreach({ ...breakGlass, data: { ...breakGlass.data, reason: 'said-so' } })).toContain('AdminGranted data.reason');
  });

  it.each([
    ['a NUL in a name', userSignedIn({ name: 'a\u0000b' }), 'UserSignedIn data.name'],
    ['a lone surrogate in an address', orderPlaced(product, { shippingAddress: 'Forge \uD800 Lane' }), 'OrderPlaced data.shippingAddress'],
    ['a line break in a one-line name', orderPlaced(product, { userName: 'Ann\nAdmin' }), 'OrderPlaced data.userName'],
    ['a bidirectional override in a review', reviewPosted(product, { text: 'Great chisel \u202E!dab' }), 'ReviewPosted data.text'],
    ['a price in fractions of a cent', productAdded({ priceCents: 10.5 }), 'ProductAdded data.priceCents'],
    ['a field no event has', { ...userSignedOut('u1'), data: { uid: 'u1', admin: true } }, 'UserSignedOut data'],
    ['a text beyond every limit', adminGranted('u1', `${'a'.repeat(300)}@toolforge.test`), 'AdminGranted data.email'],
  ])('refuses %s, naming the field', (_case, event, named) => {
    expect(eventContractBreach(event as ShopEvent)).toContain(named);
  });
});
