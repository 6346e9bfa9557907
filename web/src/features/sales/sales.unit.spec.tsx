import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, salesPath, type SalesReport } from '@toolforge/contracts';
import { fakeQueryServer, Refused } from '../../test/fakeQueryServer';
import { renderShop } from '../../test/renderShop';
import { tableRows } from '../../test/tableRows';
import { signedInTestStore } from '../../test/testStore';
import { presetOf, presetPeriod, reportWindow } from './salesPeriod';

/** Each chart the page draws, by its type: jsdom has no canvas, so Chart.js is given the configuration only. */
const drawn = vi.hoisted(() => new Map<string, { labels: unknown[]; datasets: { label: string; data: unknown[] }[] }>());
vi.mock('chart.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('chart.js')>();
  class RecordingChart {
    static register() {}
    constructor(
      _canvas: HTMLCanvasElement,
      config: { type: string; data: { labels: unknown[]; datasets: { label: string; data: unknown[] }[] } },
    ) {
      drawn.set(config.type, config.data);
    }
    destroy() {}
  }
  return { ...original, Chart: RecordingChart };
});

// Today, for the presets: Sunday 15 March 2026, late in the day in UTC.
const NOW = new Date('2026-03-15T22:30:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  drawn.clear();
});
afterEach(() => vi.useRealTimers());

const MARCH = { from: '2026-03-01', to: '2026-03-03' };

/** Three days of March: two orders on the 1st (one paid), none on the 2nd, a cancelled one on the 3rd. */
const report: SalesReport = {
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-03-04T00:00:00.000Z',
  totals: { orders: 2, quantity: 5, revenueCents: 123_45 },
  paidCents: 100_05,
  refundedCents: 10_00,
  byDay: [
    { day: '2026-03-01', orders: 2, quantity: 5, revenueCents: 123_45, paidCents: 100_05 },
    { day: '2026-03-02', orders: 0, quantity: 0, revenueCents: 0, paidCents: 0 },
    { day: '2026-03-03', orders: 0, quantity: 0, revenueCents: 0, paidCents: 0 },
  ],
  byStatus: [
    { status: 'pending', orders: 1, revenueCents: 23_40 },
    { status: 'paid', orders: 1, revenueCents: 100_05 },
    { status: 'cancelled', orders: 1, revenueCents: 7_00 },
  ],
  byCategory: [
    { category: 'power-tool', quantity: 1, revenueCents: 100_05 },
    { category: 'hand-tool', quantity: 3, revenueCents: 20_40 },
    { category: null, quantity: 1, revenueCents: 3_00 },
  ],
  topProducts: [
    { productId: 'p-drill', name: 'Cordless Drill', orders: 1, quantity: 1, revenueCents: 100_05 },
    { productId: 'p-gone', name: null, orders: 1, quantity: 4, revenueCents: 23_40 },
  ],
  topCustomers: [{ userId: 'u-ada', name: 'Ada Smith', orders: 2, revenueCents: 123_45 }],
  lowStock: [{ productId: 'p-vice', name: 'Bench Vice', stock: 3, reserved: 1, available: 2 }],
};

/** A table's rows as shown, cell by cell, by column. */
const rows = (name: string) => tableRows(screen.getByRole('table', { name }));

const reportFor = ({ from, to }: { from: string; to: string }) => {
  const window = reportWindow({ from, to });
  return salesPath(window.from, window.to);
};

async function openSales(path: string, routes: Record<string, unknown>, { admin = true } = {}) {
  const server = fakeQueryServer(routes);
  const shop = await signedInTestStore({ admin });
  return { server, ...renderShop(path, { shop }) };
}

describe('the sales dashboard', () => {
  it('shows the period’s totals as cards, its charts with their figures in tables, and its best products and customers and the low stock', async () => {
    const { server } = await openSales('/admindashboard/sales?from=2026-03-01&to=2026-03-03', { [reportFor(MARCH)]: report });
    const totals = await screen.findByLabelText('Totals');
    const cards = Object.fromEntries(
      within(totals)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling!.textContent]),
    );
    expect(cards).toEqual({ Orders: '2', Items: '5', Revenue: '$123.45', Paid: '$100.05', Refunded: '$10.00' });
    // The last day is included: the report is asked up to the next midnight, as the audit's --to takes it.
    expect(server.requestsTo('/admin/sales?from=2026-03-01&to=2026-03-04')).toHaveLength(1);
    expect(screen.getByText(/^Orders placed from .*2026 to .*2026 \(UTC days\)$/)).toBeTruthy();

    expect(rows('Revenue per day').map(({ Day: _day, ...figures }) => figures)).toEqual([
      { Orders: '2', Ordered: '$123.45', Paid: '$100.05' },
      { Orders: '0', Ordered: '$0.00', Paid: '$0.00' },
      { Orders: '0', Ordered: '$0.00', Paid: '$0.00' },
    ]);
    expect(rows('Orders by status')).toEqual([
      { Status: 'Pending', Orders: '1', Revenue: '$23.40' },
      { Status: 'Paid', Orders: '1', Revenue: '$100.05' },
      { Status: 'Cancelled', Orders: '1', Revenue: '$7.00' },
    ]);
    expect(rows('Revenue by category')).toEqual([
      { Category: 'Power tools', Items: '1', Revenue: '$100.05' },
      { Category: 'Hand tools', Items: '3', Revenue: '$20.40' },
      { Category: 'Products not in the catalogue', Items: '1', Revenue: '$3.00' },
    ]);
    expect(rows('Top products by revenue')).toEqual([
      { Product: 'Cordless Drill', Orders: '1', Items: '1', Revenue: '$100.05' },
      // A product the catalogue no longer names is shown by its id.
      { Product: 'p-gone', Orders: '1', Items: '4', Revenue: '$23.40' },
    ]);
    expect(rows('Top customers by revenue')).toEqual([{ Customer: 'Ada Smith', Orders: '2', Revenue: '$123.45' }]);
    expect(rows('Products low on stock now, fewest left first')).toEqual([
      { Product: 'Bench Vice', 'On hand': '3', Reserved: '1', 'Left to order': '2' },
    ]);

    // The charts draw the same figures, in cents; each canvas is an image named for screen readers.
    expect(drawn.get('line')!.datasets).toMatchObject([
      { label: 'Ordered', data: [123_45, 0, 0] },
      { label: 'Paid', data: [100_05, 0, 0] },
    ]);
    expect(drawn.get('doughnut')).toMatchObject({ labels: ['Pending', 'Paid', 'Cancelled'], datasets: [{ data: [1, 1, 1] }] });
    expect(drawn.get('bar')).toMatchObject({
      labels: ['Power tools', 'Hand tools', 'Products not in the catalogue'],
      datasets: [{ data: [100_05, 20_40, 3_00] }],
    });
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Line chart of the revenue ordered and paid per day/),
      expect.stringMatching(/^Doughnut chart of the orders by status/),
      expect.stringMatching(/^Bar chart of the revenue by category/),
    ]);
  });

  it('is where the admin dashboard opens, on the last 30 days, its link first', async () => {
    const { router } = await openSales('/admindashboard', { [reportFor(presetPeriod('last-30-days', NOW))]: report });
    await screen.findByRole('heading', { name: 'Sales' });
    expect(router.state.location.pathname).toBe('/admindashboard/sales');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' }).value).toBe('last-30-days');
    const links = within(screen.getByRole('navigation', { name: 'Admin dashboard' })).getAllByRole('link');
    expect(links.map((link) => link.textContent).slice(0, 3)).toEqual(['Sales', 'My Profile', 'Manage Orders']);
    await screen.findByLabelText('Totals');
  });

  it('shows the preset picked, then the admin’s own days with Show, each as the page’s address; the side link opens the last one again', async () => {
    const lastMonth = presetPeriod('last-month', NOW);
    const { server, user, router } = await openSales('/admindashboard/sales?from=2026-03-01&to=2026-03-03', {
      [reportFor(MARCH)]: report,
      [reportFor(lastMonth)]: { ...report, totals: { orders: 9, quantity: 9, revenueCents: 900_00 } },
      [reportFor({ from: '2026-01-10', to: '2026-02-20' })]: { ...report, totals: { orders: 7, quantity: 8, revenueCents: 77_77 } },
    });
    const period = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Period' });
    // Days of no preset's.
    expect(period.value).toBe('custom');

    await user.selectOptions(period, 'Last month');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-02-28'));
    const totals = () => within(screen.getByLabelText('Totals'));
    await waitFor(() => expect(totals().getByText('$900.00')).toBeTruthy());
    expect([screen.getByLabelText<HTMLInputElement>('From').value, screen.getByLabelText<HTMLInputElement>('To').value]).toEqual([
      '2026-02-01',
      '2026-02-28',
    ]);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-10');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-20');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-10&to=2026-02-20'));
    await waitFor(() => expect(totals().getByText('$77.77')).toBeTruthy());
    expect(period.value).toBe('custom');

    // Back shows the month before again; the side link, without a period, the last one shown.
    await router.navigate(-1);
    await waitFor(() => expect(totals().getByText('$900.00')).toBeTruthy());
    await user.click(screen.getByRole('link', { name: 'Manage Orders' }));
    await user.click(await screen.findByRole('link', { name: 'Sales' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-02-28'));
    expect(server.requestsTo(reportFor(lastMonth)).length).toBeGreaterThan(0);
  });

  it('says a refused period in the server’s words, and shows nothing of it', async () => {
    await openSales('/admindashboard/sales?from=2026-03-05&to=2026-03-01', {
      [reportFor({ from: '2026-03-05', to: '2026-03-01' })]: new Refused(400, 'to should be after from'),
    });
    expect(await screen.findByText('to should be after from')).toBeTruthy();
    expect(screen.queryByLabelText('Totals')).toBeNull();
  });

  it('is the admins’ only: a customer is turned away from it, and their own dashboard still opens on the profile', async () => {
    const { server, router } = await openSales(
      '/admindashboard/sales?from=2026-03-01&to=2026-03-03',
      { [reportFor(MARCH)]: report },
      { admin: false },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbiddenAdmin);
    expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
    expect(server.requestsTo(reportFor(MARCH))).toHaveLength(0);

    await router.navigate('/userdashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userdashboard/profile'));
    const links = within(screen.getByRole('navigation', { name: 'Dashboard' })).getAllByRole('link');
    expect(links[0]!.textContent).toBe('My Profile');
    expect(links.map((link) => link.textContent)).not.toContain('Sales');
  });
});

describe('the period’s presets', () => {
  it('are whole UTC days ending today, or the calendar’s month or year', () => {
    expect(presetPeriod('last-7-days', NOW)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetPeriod('last-30-days', NOW)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetPeriod('this-month', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetPeriod('last-month', NOW)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this-year', NOW)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    // In January, last month is the year before's December.
    expect(presetPeriod('last-month', new Date('2026-01-02T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, NOW)).toBe('last-month');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-27' }, NOW)).toBeUndefined();
  });

  it('are asked of the report up to the midnight after the last day', () => {
    expect(reportWindow({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(reportWindow({ from: '2026-12-01', to: '2026-12-31' })).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });
});
