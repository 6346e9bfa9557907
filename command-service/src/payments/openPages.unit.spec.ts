import { describe, expect, it, vi } from 'vitest';
import { orderCancelled, orderMoved, orderPaidByCard, orderPlaced } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { OpenPages } from './openPages.js';

const drill = { productId: 'p-drill', name: 'Cordless Drill', priceCents: 10_00 };
const first = orderPlaced(drill, { orderId: 'o-1' });
const second = orderPlaced(drill, { orderId: 'o-2' });

/** Pages of orders o-1 and o-2, both pending unless `settled` names them. */
function pagesOf(settled: readonly string[] = []) {
  const close = vi.fn<(sessionId: string, orderId: string) => void>();
  const pages = new OpenPages((orderId) => !settled.includes(orderId));
  pages.closeWith(close);
  return { pages, close };
}

describe('the hosted pages of orders awaiting payment', () => {
  it('closes every page of an order once its cancellation is stored, and only that order’s', () => {
    const { pages, close } = pagesOf();
    pages.opened('o-1', 'cs_a');
    pages.opened('o-1', 'cs_b');
    pages.opened('o-2', 'cs_c');
    // Decided, on its way to the log: nothing closes before it is stored.
    pages.apply();
    expect(close).not.toHaveBeenCalled();

    pages.stored(stored(orderCancelled(first.data), 4));
    expect(close.mock.calls).toEqual([
      ['cs_a', 'o-1'],
      ['cs_b', 'o-1'],
    ]);
    expect(pages.openFor('o-1')).toEqual([]);
    expect(pages.openFor('o-2')).toEqual(['cs_c']);
  });

  it('closes the other pages of an order paid on one of them, by card or offline', () => {
    const { pages, close } = pagesOf();
    pages.opened('o-1', 'cs_a');
    pages.opened('o-1', 'cs_b');
    pages.opened('o-2', 'cs_c');
    pages.stored(stored(orderPaidByCard(first.data), 5));
    pages.stored(stored(orderMoved(second.data, 'OrderPaid'), 6));
    expect(close.mock.calls).toEqual([
      ['cs_a', 'o-1'],
      ['cs_b', 'o-1'],
      ['cs_c', 'o-2'],
    ]);
    // Later events of the orders close nothing more.
    pages.stored(stored(orderMoved(first.data, 'OrderShipped'), 7));
    expect(close).toHaveBeenCalledTimes(3);
  });

  it('closes at once a page opened after its order stopped awaiting payment (cancelled while the page was opening)', () => {
    const { pages, close } = pagesOf(['o-1']);
    pages.opened('o-1', 'cs_late');
    expect(close.mock.calls).toEqual([['cs_late', 'o-1']]);
    expect(pages.openFor('o-1')).toEqual([]);
  });

  it('closes nothing without a closer (a shop without card payments, or one stopping), and forgets on clear', () => {
    const { pages, close } = pagesOf();
    pages.opened('o-1', 'cs_a');
    pages.closeWith(undefined);
    pages.stored(stored(orderCancelled(first.data), 4));
    expect(close).not.toHaveBeenCalled();
    pages.opened('o-2', 'cs_c');
    pages.clear();
    expect(pages.openFor('o-2')).toEqual([]);
  });
});
