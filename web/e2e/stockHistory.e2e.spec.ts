import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockHistoryPath, type ProductDto, type StockHistoryResponse } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { homeProducts, placeOrderThroughApi, signInThroughApi, type PlacedOrder } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, openPage, tableRows } from './pages';
import { startStack, type Stack } from './stack';

/**
 * A product's stock history (issue 39, docs/read-model.md#a-products-stock-history), clicked through in
 * Chromium: an admin restocks a product, a customer orders two of it, and the admin's Edit Product
 * page lists both changes above the product's first stock, with the stock on hand and reserved after each.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
/** The newest product that may be ordered two at a time. */
let product: ProductDto;
/** The admin's API token, to see when the read model has applied the customer's order. */
let adminToken: string;

const RESTOCKED = 7;
const ORDERED = 2;

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const adminSideNav = (page: Page) => page.getByRole('navigation', { name: 'Admin dashboard' });
const notifications = (page: Page) => page.getByRole('list', { name: 'Notifications' });

/** The history's rows as shown, newest first: each cell but the time, by its column. */
function historyRows(page: Page): Promise<Record<string, string>[]> {
  return tableRows(page.getByRole('table', { name: /^Stock changes, newest first/ }), ['Change', 'On hand', 'Reserved', 'Event']);
}

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('stock-admin'), displayName: 'Stock Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('stock-customer'), displayName: 'Stock Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  product = (await homeProducts(stack.queryUrl)).find((each) => each.minOrder <= ORDERED && each.packSize === 1)!;
  adminToken = await signInThroughApi(stack.commandUrl, admin);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('a product’s stock history in Chromium', () => {
  it('an admin restocks a product, a customer orders two; Edit Product lists the restock and the order’s reservation with the figures after each', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Products' }).click();
    await page.getByRole('button', { name: `Restock ${product.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restock ${product.name}` });
    await dialog.getByLabel('Quantity').fill(String(RESTOCKED));
    await dialog.getByLabel('Reason (optional)').fill('Delivery from the forge');
    await dialog.getByRole('button', { name: 'Save stock' }).click();
    await notifications(page).getByText(`${RESTOCKED} added to the stock of ${product.name}`).waitFor();

    const order: PlacedOrder = await placeOrderThroughApi(stack.commandUrl, customer, product, ORDERED);
    // The customer's order is no write of the admin's to wait for: the read model has applied it once the API lists it.
    await expect
      .poll(
        async () =>
          (await fetchJson<StockHistoryResponse>(`${stack.queryUrl}${stockHistoryPath(product._id)}`, { token: adminToken })).body.total,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(3);

    await page.getByRole('link', { name: `Edit ${product.name}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Stock history' }).waitFor();
    const onHand = product.stock + RESTOCKED;
    expect(await historyRows(page)).toEqual([
      {
        Change: `${ORDERED} reserved`,
        'On hand': String(onHand),
        Reserved: String(ORDERED),
        Event: `OrderPlaced, order ${order.orderId.slice(0, 8)}`,
      },
      { Change: `+${RESTOCKED} on hand`, 'On hand': String(onHand), Reserved: '0', Event: 'StockAdjusted' },
      { Change: `+${product.stock} on hand`, 'On hand': String(product.stock), Reserved: '0', Event: 'ProductAdded' },
    ]);

    await logOut(page);
    expect(errors).toEqual([]);
  });
});
