import { describe, expect, it, vi } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  orderCancelled,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
  productAdded,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { orderStates } from '../orders/orderStates.js';
import type { ModelEvent } from '../shared/writeModel.js';
import { PaymentStates } from './paymentStates.js';

const hammer = productAdded({ productId: 'p1', name: 'Claw Hammer', priceCents: 10_00 }).data;

/** The orders' and the payments' parts, in the write model's order: the orders' first. */
function model() {
  const orders = orderStates();
  const payments = new PaymentStates(orders);
  let offset = 0;
  const modelEvent = (event: ShopEvent, position: ModelEvent['position']): ModelEvent => ({
    ...event,
    streamId: (event.data as { orderId: string }).orderId,
    streamPosition: 1,
    position,
  });
  return {
    orders,
    payments,
    /** Read from the log (a start's catch-up, or another writer's). */
    read(...events: ShopEvent[]) {
      for (const event of events) {
        const at = modelEvent(event, { topic: 'sales.orders', partition: 0, offset: offset++ });
        orders.apply(at);
        payments.apply(at);
      }
    },
    /** Decided, on its way to the log in a batch (group commit). */
    decided(...events: ShopEvent[]) {
      for (const event of events) {
        const at = modelEvent(event, undefined);
        orders.apply(at);
        payments.apply(at);
      }
    },
    /** The batch of `events` is committed. */
    stored(...events: ShopEvent[]) {
      for (const event of events)
        payments.stored({ ...modelEvent(event, { topic: 'sales.orders', partition: 0, offset: offset++ }) } as StoredEvent);
    },
  };
}

const placedOrder = (orderId: string) => orderPlaced(hammer, { orderId, userId: 'u1', quantity: 5 });

describe('PaymentStates', () => {
  it('keeps nothing of orders the provider never reported on: placed, paid offline, cancelled', () => {
    const shop = model();
    for (let n = 0; n < 100; n += 1) {
      const placed = placedOrder(`o${n}`);
      shop.read(placed, n % 2 === 0 ? orderMoved(placed.data, 'OrderPaid') : orderCancelled(placed.data));
    }
    expect([...Array(100).keys()].filter((n) => shop.payments.get(`o${n}`) !== undefined)).toEqual([]);
    expect(shop.payments.owedRefunds()).toEqual([]);
  });

  it('keeps an order’s provider events, its card payment, its payments not applied and its refunds', () => {
    const shop = model();
    const placed = placedOrder('o1');
    shop.read(
      placed,
      orderPaymentFailed(placed.data, { paymentId: 'pi_0', providerEventId: 'evt_failed' }),
      orderPaidByCard(placed.data, { paymentId: 'pi_1', providerEventId: 'evt_paid' }),
      paymentNotApplied(placed.data, { paymentId: 'pi_2', providerEventId: 'evt_late', because: 'already-paid' }),
      orderRefunded(placed.data, { paymentId: 'pi_2', amountCents: placed.data.totalCostCents }),
    );
    expect(shop.payments.get('o1')).toEqual({
      providerEventIds: ['evt_failed', 'evt_paid', 'evt_late'],
      card: { paymentId: 'pi_1', amountCents: placed.data.totalCostCents },
      notApplied: [{ paymentId: 'pi_2', amountCents: placed.data.totalCostCents }],
      refundedPaymentIds: ['pi_2'],
    });
  });

  describe('owed refunds', () => {
    it('owes a card payment back once its order is cancelled, until it is refunded', () => {
      const shop = model();
      const placed = placedOrder('o1');
      const total = placed.data.totalCostCents;
      shop.read(placed, orderPaidByCard(placed.data, { paymentId: 'pi_1' }));
      expect(shop.payments.owedRefunds()).toEqual([]);
      shop.read(orderCancelled(placed.data, { by: 'admin' }));
      expect(shop.payments.owedRefunds()).toEqual([{ orderId: 'o1', paymentId: 'pi_1', amountCents: total }]);
      shop.read(orderRefunded(placed.data, { paymentId: 'pi_1', amountCents: total }));
      expect(shop.payments.owedRefunds()).toEqual([]);
    });

    it('owes back every payment not applied, of a cancelled order and of one already paid, until each is refunded', () => {
      const shop = model();
      const late = placedOrder('late');
      const twice = placedOrder('twice');
      shop.read(late, orderCancelled(late.data, { reason: 'expired', by: null }));
      shop.read(paymentNotApplied(late.data, { paymentId: 'pi_late' }));
      shop.read(twice, orderPaidByCard(twice.data, { paymentId: 'pi_first' }));
      shop.read(paymentNotApplied(twice.data, { paymentId: 'pi_second', because: 'already-paid', providerEventId: 'evt_second' }));
      expect(shop.payments.owedRefunds()).toEqual([
        { orderId: 'late', paymentId: 'pi_late', amountCents: late.data.totalCostCents },
        { orderId: 'twice', paymentId: 'pi_second', amountCents: twice.data.totalCostCents },
      ]);
      shop.read(orderRefunded(twice.data, { paymentId: 'pi_second', amountCents: twice.data.totalCostCents }));
      expect(shop.payments.owedRefunds()).toEqual([{ orderId: 'late', paymentId: 'pi_late', amountCents: late.data.totalCostCents }]);
      // Cancelled after it was paid: the card payment is owed back too, and the second one still is.
      shop.read(orderCancelled(twice.data, { by: 'admin' }));
      expect(shop.payments.owedRefunds().map((owed) => owed.paymentId)).toEqual(['pi_late', 'pi_first']);
    });

    it('hands out a refund only once the events that made it owed are in the log, and hears when they are', () => {
      const shop = model();
      const heard = vi.fn();
      shop.payments.onOwed(heard);
      const placed = placedOrder('o1');
      shop.read(placed, orderPaidByCard(placed.data, { paymentId: 'pi_1' }));
      const cancellation = orderCancelled(placed.data, { by: 'admin' });
      shop.decided(cancellation);
      // On its way to the log: its batch may yet fail, and money sent back for it would not come back.
      expect(shop.payments.owedRefunds()).toEqual([]);
      expect(heard).not.toHaveBeenCalled();
      shop.stored(cancellation);
      expect(shop.payments.owedRefunds()).toEqual([{ orderId: 'o1', paymentId: 'pi_1', amountCents: placed.data.totalCostCents }]);
      expect(heard).toHaveBeenCalledTimes(1);

      // Its refund on its way to the log: not handed out again meanwhile.
      const refunded = orderRefunded(placed.data, { paymentId: 'pi_1', amountCents: placed.data.totalCostCents });
      shop.decided(refunded);
      expect(shop.payments.owedRefunds()).toEqual([]);
      shop.stored(refunded);
      expect(shop.payments.owedRefunds()).toEqual([]);
    });

    it('hears of a refund owed by an event read from the log (not decided here)', () => {
      const shop = model();
      const heard = vi.fn();
      shop.payments.onOwed(heard);
      const placed = placedOrder('o1');
      shop.read(placed, orderCancelled(placed.data), paymentNotApplied(placed.data));
      expect(heard).toHaveBeenCalledTimes(1);
    });

    it('forgets everything when the model is read again (a failed batch’s events never happened)', () => {
      const shop = model();
      const placed = placedOrder('o1');
      shop.read(placed, orderCancelled(placed.data));
      shop.decided(paymentNotApplied(placed.data));
      shop.orders.clear();
      shop.payments.clear();
      expect(shop.payments.get('o1')).toBeUndefined();
      expect(shop.payments.owedRefunds()).toEqual([]);
    });
  });
});
