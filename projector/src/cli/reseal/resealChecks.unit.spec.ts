import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, type DataKeyRef, type ShopEvent } from '@toolforge/contracts';
import { orderCancelled, orderPlaced, reviewPosted, userSignedIn } from '@toolforge/contracts/testing';
import { keyIdOf, type CustomerKeys } from '@toolforge/platform/privacy';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import { ledgerOf } from '../orderAudit.js';
import { lookForClearValues, noPersonalValues } from './clearValues.js';
import { sameLedger } from './sameLedger.js';

const saw = { productId: 'p-saw', name: 'Saw', priceCents: 20_00 };

describe('sameLedger', () => {
  const ada = orderPlaced(saw, { orderId: 'o-1', userId: 'uid-ada', quantity: 2 });
  const bob = orderPlaced(saw, { orderId: 'o-2', userId: 'uid-bob', quantity: 1 });
  const ledger = (...events: ShopEvent[]) => ledgerOf(events.map((event, offset) => stored(event, offset)));

  it('finds two logs that tell the same orders the same, whatever their personal values', () => {
    const sealed = { ...ada, data: { ...ada.data, userName: FORMER_CUSTOMER, shippingAddress: '' } };
    const comparison = sameLedger(ledger(ada, bob, orderCancelled(bob.data)), ledger(sealed, bob, orderCancelled(bob.data)));
    expect(comparison).toEqual({ orders: 2, customers: 1, revenueCents: ada.data.totalCostCents, differences: [] });
  });

  it('names each order, customer and total that differs, to the cent', () => {
    const dearer = { ...ada, data: { ...ada.data, totalCostCents: ada.data.totalCostCents + 1 } };
    expect(sameLedger(ledger(ada, bob), ledger(dearer)).differences).toEqual([
      `order o-1: total ${cents(ada.data.totalCostCents)} in the old log, ${cents(ada.data.totalCostCents + 1)} in the new`,
      'order o-2: only in the old log',
      `customer uid-ada: 1 orders, 2 items, ${cents(ada.data.totalCostCents)} in the old log, 1 orders, 2 items, ${cents(ada.data.totalCostCents + 1)} in the new`,
      `customer uid-bob: 1 orders, 1 items, ${cents(bob.data.totalCostCents)} in the old log, nothing in the new`,
      `all orders: 2 orders, 3 items, ${cents(ada.data.totalCostCents + bob.data.totalCostCents)} in the old log, ` +
        `1 orders, 2 items, ${cents(ada.data.totalCostCents + 1)} in the new`,
    ]);
  });
});

const cents = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

/** A key store where `destroyed` customers' personal keys are destroyed and every other key is there. */
function keysWith(destroyed: readonly string[]): CustomerKeys {
  const keysToOpen = (refs: readonly DataKeyRef[]) =>
    Promise.resolve(
      new Map(refs.map((ref) => [keyIdOf(ref), destroyed.includes(ref.uid) && ref.purpose === 'personal' ? null : Buffer.alloc(32)])),
    );
  return { keysToOpen, keysToSeal: keysToOpen, forget: () => Promise.resolve(), destroyDue: () => Promise.resolve(0) };
}

describe('lookForClearValues', () => {
  const sealed = { $sealed: '1.AAAA' };

  it('counts sealed values, and the forgotten values of customers whose key is destroyed', async () => {
    const values = noPersonalValues();
    const events = [
      userSignedIn({ uid: 'uid-ada', email: sealed as never, name: sealed as never }),
      orderPlaced(saw, { userId: 'uid-bob', userName: FORMER_CUSTOMER, shippingAddress: '' }),
      userSignedIn({ uid: 'uid-bob', email: '', name: FORMER_CUSTOMER, photoURL: null }),
    ];
    await lookForClearValues(
      events.map((event, offset) => stored(event, offset)),
      keysWith(['uid-bob']),
      values,
    );
    expect(values).toEqual({ sealed: 2, forgotten: 4, forgottenCustomers: new Set(['uid-bob']), clear: [] });
  });

  it('names each value in clear by position and field, never by the value: a forgotten value of a customer not erased is one', async () => {
    const values = noPersonalValues();
    const newer = {
      type: 'GiftWrapped',
      data: { note: 'For Ada' },
      meta: userSignedIn().meta,
      position: { topic: 'sales.orders', partition: 0, offset: 2 },
      streamId: 'o-1',
      streamPosition: 2,
    } as unknown as StoredEvent;
    const events = [
      stored(orderPlaced(saw, { userId: 'uid-ada', userName: 'Ada Lovelace', shippingAddress: sealed as never }), 0),
      stored(reviewPosted(saw, { userId: 'uid-ada', userName: FORMER_CUSTOMER, text: sealed as never }), 1),
      newer,
    ];
    await lookForClearValues(events, keysWith([]), values);
    expect(values.clear).toEqual([
      'sales.orders/0/0 OrderPlaced: userName is in clear',
      'catalog.reviews/0/1 ReviewPosted: userName is in clear',
      'sales.orders/0/2 GiftWrapped: a type this build does not know',
    ]);
    expect(JSON.stringify(values.clear)).not.toContain('Ada Lovelace');
    expect(values.sealed).toBe(2);
  });
});
