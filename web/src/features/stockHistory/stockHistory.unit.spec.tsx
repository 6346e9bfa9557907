import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StockChangeDto, StockHistoryResponse } from '@toolforge/contracts';
import { positionRecorded } from '../../api/readAfterSlice';
import { shopApi } from '../../api/shopApi';
import { fakeQueryServer, Refused } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { tableRows } from '../../test/tableRows';
import { signedInTestStore } from '../../test/testStore';
import { changeText, eventText } from './stockHistoryTexts';

const hammer = productDto(1, { name: 'Claw Hammer', stock: 12 });
const HISTORY = '/products/p-1/stock-history';

const change = (n: number, overrides: Partial<StockChangeDto> = {}): StockChangeDto => ({
  position: `catalog.products/0/${n}`,
  type: 'StockAdjusted',
  eventId: `0195a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  occurredAt: new Date(Date.UTC(2026, 2, 2, 9, n)).toISOString(),
  onHandDelta: 1,
  reservedDelta: 0,
  onHandAfter: 10 + n,
  reservedAfter: 2,
  orderId: null,
  ...overrides,
});

/** A newest-first page: the hammer restocked by 5, 2 reserved by an order, the hammer added with 10. */
const firstPage: StockHistoryResponse = {
  total: 3,
  changes: [
    change(2, { onHandDelta: 5, onHandAfter: 15, reservedAfter: 2 }),
    change(1, {
      position: 'sales.orders/0/7',
      type: 'OrderPlaced',
      onHandDelta: 0,
      reservedDelta: 2,
      onHandAfter: 10,
      orderId: '0195a123-4567-7000-8000-000000000001',
    }),
    change(0, { type: 'ProductAdded', onHandDelta: 10, onHandAfter: 10, reservedAfter: 0 }),
  ],
};

/** Each row of the history's table, cell by cell, by column. */
const rows = async () => tableRows(await screen.findByRole('table', { name: /^Stock changes, newest first/ }));

const openEditPage = async (routes: Record<string, unknown>) => {
  const server = fakeQueryServer({ '/product/p-1': hammer, ...routes });
  const shop = await signedInTestStore({ admin: true });
  return { server, shop, ...renderShop('/admindashboard/editproduct/p-1', { shop }) };
};

describe("a product's stock history in Edit Product", () => {
  it('shows each change newest first in a table with its caption and column headers: time, change, on hand, reserved, event', async () => {
    await openEditPage({ [`${HISTORY}?page=0`]: firstPage });
    expect(await screen.findByRole('heading', { name: 'Stock history' })).toBeTruthy();
    const shown = await rows();
    expect(shown.map(({ Time: _time, ...rest }) => rest)).toEqual([
      { Change: '+5 on hand', 'On hand': '15', Reserved: '2', Event: 'StockAdjusted' },
      { Change: '2 reserved', 'On hand': '10', Reserved: '2', Event: 'OrderPlaced, order 0195a123' },
      { Change: '+10 on hand', 'On hand': '10', Reserved: '0', Event: 'ProductAdded' },
    ]);
    const times = screen.getAllByRole('table')[0]!.querySelectorAll('time');
    expect(Array.from(times, (time) => time.dateTime)).toEqual(firstPage.changes.map((c) => c.occurredAt));
    for (const header of screen.getAllByRole('columnheader')) expect(header.getAttribute('scope')).toBe('col');
    // One page: nothing to page through.
    expect(screen.queryByRole('navigation', { name: 'Stock history pages' })).toBeNull();
  });

  it('pages through Older and Newer, 50 changes a page, and starts from the newest again when the page opens again', async () => {
    const older: StockHistoryResponse = { total: 53, changes: [change(2), change(1), change(0)] };
    const newest: StockHistoryResponse = { total: 53, changes: Array.from({ length: 50 }, (_, n) => change(52 - n)) };
    const { server, user, router } = await openEditPage({ [`${HISTORY}?page=0`]: newest, [`${HISTORY}?page=1`]: older });
    expect(await rows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Stock history pages' });
    const button = (name: string) => within(pages).getByRole<HTMLButtonElement>('button', { name });
    expect([button('Newer').disabled, button('Older').disabled]).toEqual([true, false]);
    expect(screen.getByRole('table', { name: 'Stock changes, newest first, page 1 of 2' })).toBeTruthy();

    await user.click(button('Older'));
    await screen.findByRole('table', { name: 'Stock changes, newest first, page 2 of 2' });
    expect((await rows()).map((row) => row['On hand'])).toEqual(['12', '11', '10']);
    expect(button('Older').disabled).toBe(true);

    await user.click(button('Newer'));
    await screen.findByRole('table', { name: 'Stock changes, newest first, page 1 of 2' });

    await user.click(button('Older'));
    await screen.findByRole('table', { name: 'Stock changes, newest first, page 2 of 2' });
    await router.navigate('/admindashboard/manageorders');
    await screen.findByRole('heading', { name: 'Manage Orders' });
    await router.navigate('/admindashboard/editproduct/p-1');
    await screen.findByRole('table', { name: 'Stock changes, newest first, page 1 of 2' });
    expect(server.requestsTo(`${HISTORY}?page=1`)).toHaveLength(1);
  });

  it('waits for the admin’s own last write of the products and orders, and says a refusal in the server’s words', async () => {
    const { server, shop } = await openEditPage({ [`${HISTORY}?page=0`]: new Refused(404, 'Product not found') });
    expect(await screen.findByText('Product not found')).toBeTruthy();
    shop.store.dispatch(positionRecorded('catalog.products/0/41'));
    shop.store.dispatch(positionRecorded('sales.orders/0/9'));
    // A restock's or an order's acknowledgement records its position and loads the products again (api/commandFlow.ts).
    shop.store.dispatch(shopApi.util.invalidateTags(['Product']));
    await waitFor(() => expect(server.requestsTo(`${HISTORY}?page=0`).length).toBeGreaterThan(1));
    expect(server.requestsTo(`${HISTORY}?page=0`).at(-1)!.headers['x-read-after']).toBe('catalog.products/0/41,sales.orders/0/9');
  });
});

describe('a stock change’s texts', () => {
  it('says how it moved the stock on hand (signed) and what orders reserve, or both for a balance brought forward', () => {
    expect(changeText(change(0, { onHandDelta: -4 }))).toBe('-4 on hand');
    expect(changeText(change(0, { onHandDelta: 0, reservedDelta: -3 }))).toBe('3 given back');
    expect(changeText(change(0, { type: 'ProductAdded', onHandDelta: 0 }))).toBe('0 on hand');
    expect(changeText(change(0, { type: 'BroughtForward', onHandDelta: 15, reservedDelta: 5 }))).toBe('+15 on hand, 5 reserved');
    expect(eventText(change(0, { type: 'BroughtForward', eventId: null }))).toBe('Brought forward');
    expect(eventText(change(0, { type: 'OrderCancelled', orderId: 'o-7' }))).toBe('OrderCancelled, order o-7');
  });
});
