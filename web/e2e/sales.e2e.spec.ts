import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesPath, type ProductDto, type SalesReport } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { httpCommandClient } from '../src/api/commandClient';
import { orderLifecycleCommands } from '../src/features/orderLifecycle/commands';
import { deliverOrderThroughApi, homeProducts, placeOrderThroughApi, signInThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { toolforgeJson } from './operatorTool';
import { clickNav, logIn as logInAt, logOut, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The admins' sales dashboard (issue 41, docs/web.md#the-sales-dashboard) in Chromium: three orders
 * placed through the API (one delivered and so paid, one pending, one cancelled), then the admin's
 * Dashboard opens on Sales, picks the last 7 days, and every figure the page shows of the period's
 * orders is what `toolforge audit orders` prints for the same days, to the cent.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let ada: TestAccount;
let bo: TestAccount;
let products: ProductDto[];

/** What this spec reads of `toolforge audit orders --format json`. */
interface Totals {
  orders: number;
  quantity: number;
  revenue: string;
}
interface AuditJson {
  orders: { orderId: string; status: string; payment: boolean; totalCost: string; refundedCents: number }[];
  totals: Totals & { byDay: Record<string, Totals>; byProduct: Record<string, Totals>; byUser: Record<string, Totals> };
}

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const money = (amount: string) => `$${amount}`;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollarsOf = (total: number) => `$${(total / 100).toFixed(2)}`;

/** A table's rows as shown, by column (the cells' labels), keyed by the text of `keyColumn` or its <time>'s day. */
async function tableRows(page: Page, name: string, keyColumn: string): Promise<Record<string, Record<string, string>>> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor({ state: 'attached' });
  const rows: Record<string, Record<string, string>> = {};
  for (const row of await table.locator('tbody tr').all()) {
    const cells: Record<string, string> = {};
    for (const cell of await row.locator('td[data-label]').all())
      cells[(await cell.getAttribute('data-label'))!] = (await cell.textContent())!.trim();
    const key = row.locator(`td[data-label="${keyColumn}"]`);
    const day = key.locator('time');
    rows[(await day.count()) > 0 ? (await day.getAttribute('datetime'))! : cells[keyColumn]!] = cells;
  }
  return rows;
}

/** The audit's groups (by product or customer id) as the page's table shows them: by name, with their figures. */
function groupRows(groups: Record<string, Totals>, column: string, names: Map<string, string>, items: boolean) {
  return Object.fromEntries(
    Object.entries(groups).map(([id, totals]) => {
      const name = names.get(id)!;
      const cells = {
        [column]: name,
        Orders: String(totals.orders),
        ...(items && { Items: String(totals.quantity) }),
        Revenue: money(totals.revenue),
      };
      return [name, cells];
    }),
  );
}

/** The totals' cards: name → figure. */
async function cards(page: Page): Promise<Record<string, string>> {
  const totals = page.getByLabel('Totals');
  await totals.waitFor();
  const shown: Record<string, string> = {};
  for (const card of await totals.locator('.sales-card').all())
    shown[(await card.locator('dt').textContent())!] = (await card.locator('dd').textContent())!;
  return shown;
}

beforeAll(async () => {
  [admin, ada, bo] = await Promise.all([
    createAccount({ email: uniqueEmail('sales-admin'), displayName: 'Sales Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('sales-ada'), displayName: 'Ada Sales', emailVerified: true }),
    createAccount({ email: uniqueEmail('sales-bo'), displayName: 'Bo Sales', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  products = (await homeProducts(stack.queryUrl)).filter((product) => product.packSize === 1).slice(0, 2);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('the sales dashboard in Chromium', () => {
  it('opens the admin dashboard; for the last 7 days its cards, days, products and customers equal toolforge audit orders to the cent', async () => {
    const [first, second] = products as [ProductDto, ProductDto];
    const delivered = await placeOrderThroughApi(stack.commandUrl, ada, first, first.minOrder + 1);
    await deliverOrderThroughApi(stack.commandUrl, admin, delivered.orderId);
    await placeOrderThroughApi(stack.commandUrl, ada, second);
    const cancelled = await placeOrderThroughApi(stack.commandUrl, bo, second);
    const boToken = await signInThroughApi(stack.commandUrl, bo);
    await httpCommandClient(stack.commandUrl).send(
      orderLifecycleCommands.cancelOrder,
      boToken,
      cancelled.orderId,
      { reason: 'Changed my mind' },
      randomUUID(),
    );

    // The orders are another's writes than the admin's: the read model has them once the report counts the cancel.
    const adminToken = await signInThroughApi(stack.commandUrl, admin);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const { body } = await fetchJson<SalesReport>(`${stack.queryUrl}${salesPath(today, tomorrow)}`, { token: adminToken });
          return body.byStatus?.find((row) => row.status === 'cancelled')?.orders;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);

    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/admindashboard/sales?**');
    await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    await page.waitForURL((url) => url.searchParams.get('to') === today && url.searchParams.get('from') !== null);
    const from = new URL(page.url()).searchParams.get('from')!;
    expect(Date.parse(today) - Date.parse(from)).toBe(6 * 86_400_000);

    const audit = await toolforgeJson<AuditJson>(stack, ['audit', 'orders', '--from', from, '--to', tomorrow]);
    // Not a vacuous match: the audit counts the two orders not cancelled.
    expect(audit.totals.orders).toBe(2);
    const paid = audit.orders.filter((order) => order.payment).reduce((sum, order) => sum + cents(order.totalCost), 0);
    const refunded = audit.orders.reduce((sum, order) => sum + order.refundedCents, 0);
    await expect
      .poll(() => cards(page))
      .toEqual({
        Orders: String(audit.totals.orders),
        Items: String(audit.totals.quantity),
        Revenue: money(audit.totals.revenue),
        Paid: dollarsOf(paid),
        Refunded: dollarsOf(refunded),
      });

    const days = await tableRows(page, 'Revenue per day', 'Day');
    expect(Object.keys(days)).toHaveLength(7);
    for (const [day, totals] of Object.entries(audit.totals.byDay)) {
      expect(days[day], day).toMatchObject({ Orders: String(totals.orders), Ordered: money(totals.revenue) });
    }
    const quiet = Object.keys(days).filter((day) => !(day in audit.totals.byDay));
    for (const day of quiet) expect(days[day], day).toMatchObject({ Orders: '0', Ordered: '$0.00', Paid: '$0.00' });

    // Top products and customers: the audit's groups (all of them: fewer than the report's top ten), by name.
    const productName = new Map(products.map((product) => [product._id, product.name]));
    expect(await tableRows(page, 'Top products by revenue', 'Product')).toEqual(
      groupRows(audit.totals.byProduct, 'Product', productName, true),
    );
    const customerName = new Map([ada, bo].map((account) => [account.uid, account.displayName]));
    expect(await tableRows(page, 'Top customers by revenue', 'Customer')).toEqual(
      groupRows(audit.totals.byUser, 'Customer', customerName, false),
    );

    // The cancelled order sold nothing, but shows among the statuses; a link to the page shows the same days.
    expect(await tableRows(page, 'Orders by status', 'Status')).toMatchObject({
      Delivered: { Orders: '1' },
      Pending: { Orders: '1' },
      Cancelled: { Orders: '1' },
    });
    const link = page.url();
    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Manage Orders' }).click();
    await page.getByRole('heading', { name: 'Manage Orders' }).waitFor();
    await page.goto(link);
    await expect.poll(() => cards(page)).toMatchObject({ Orders: String(audit.totals.orders), Revenue: money(audit.totals.revenue) });
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('last-7-days');

    await logOut(page);
    expect(errors).toEqual([]);
  });
});
