import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents, type ProductDto } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { homeProducts, placeOrderThroughApi, signInThroughApi, type PlacedOrder } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Orders that move and products that change (docs/architecture.md#9-the-products-rules), clicked through in Chromium
 * against the real stack: an admin moves an order to delivered and both sides see its timeline; a
 * customer cancels a pending order and its stock comes back; an admin edits a product and restocks
 * another. Each flow has its own product of the seeded catalogue, so their stocks do not mix.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
/** The home page's newest products: [0] is delivered, [1] cancelled, [2] edited, [3] restocked. */
let products: ProductDto[];
let delivered: PlacedOrder;
let cancelled: PlacedOrder;

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const adminSideNav = (page: Page) => page.getByRole('navigation', { name: 'Admin dashboard' });
const notifications = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const shortId = (orderId: string) => orderId.slice(0, 8);

/** The row of the order with that shipping address in the table with that caption. */
const orderRow = (page: Page, caption: string, order: PlacedOrder) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: order.shippingAddress });

/** The status badge of an order's row. */
const statusOf = (page: Page, caption: string, order: PlacedOrder) =>
  orderRow(page, caption, order).locator('[data-label="Status"]').textContent();

/** What each entry of the open timeline says happened, oldest first ("Placed by the customer"). */
async function timeline(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Order timeline' });
  await list.waitFor();
  return list.locator('.timeline-what').allTextContents();
}

/** Opens a product's page from the home page (through the app's links, not a reload: a signed-in load signs in again). */
async function openProductPage(page: Page, product: { _id: string }) {
  await mainNav(page).locator('a.brand').click();
  await page
    .locator(`a[href="/order/${encodeURIComponent(product._id)}"]`)
    .first()
    .click();
  await page.waitForURL(`**/order/${encodeURIComponent(product._id)}`);
}

/** A fact of the product page ("In stock", "Unit price"), as shown. */
const productFact = (page: Page, term: string) =>
  page
    .locator('.product-detail dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd')
    .textContent();

/**
 * Waits until the query service shows the product with that stock (the orders placed through the API
 * are projected). A fresh sign-in: a logout in the browser ends every API token the account held.
 */
async function stockSettles(productId: string, stock: number, account: TestAccount) {
  const token = await signInThroughApi(stack.commandUrl, account);
  await expect
    .poll(async () => (await fetchJson<ProductDto>(`${stack.queryUrl}/product/${productId}`, { token })).body.stock, { timeout: 10_000 })
    .toBe(stock);
}

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('lifecycle-admin'), displayName: 'Lifecycle Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('lifecycle-customer'), displayName: 'Lifecycle Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  products = await homeProducts(stack.queryUrl);
  expect(products.length).toBeGreaterThanOrEqual(4);
  delivered = await placeOrderThroughApi(stack.commandUrl, customer, products[0]!);
  cancelled = await placeOrderThroughApi(stack.commandUrl, customer, products[1]!);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('order lifecycle and product changes in Chromium', () => {
  it('admin marks an order paid, shipped, delivered; the customer sees it delivered, and both see the five events (the invoice with the payment)', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Orders' }).click();
    const row = orderRow(page, 'All orders', delivered);
    await row.waitFor();
    expect(await statusOf(page, 'All orders', delivered)).toBe('pending');

    for (const [button, status] of [
      ['Mark paid', 'paid'],
      ['Mark shipped', 'shipped'],
      ['Mark delivered', 'delivered'],
    ] as const) {
      await row.getByRole('button', { name: `${button} order ${shortId(delivered.orderId)}` }).click();
      if (status === 'paid') {
        // An offline payment: the admin names the bank transfer that arrived.
        const dialog = page.getByRole('dialog', { name: `Mark order ${shortId(delivered.orderId)} paid?` });
        await dialog.getByLabel('Payment reference').fill('TRANSFER-2026-0042');
        await dialog.getByRole('button', { name: 'Mark paid' }).click();
      }
      // Read again after the move's position: the list shows the new status on its first read.
      await expect.poll(() => statusOf(page, 'All orders', delivered), { timeout: 5_000 }).toBe(status);
      await notifications(page)
        .getByText(`Order ${shortId(delivered.orderId)} is now ${status}`)
        .waitFor();
    }
    // Delivered: no move is left to make (its invoice and an admin's resend of an e-mail remain).
    expect(await row.getByRole('button', { name: /^(Mark|Cancel) / }).count()).toBe(0);
    await row.getByRole('button', { name: /^Invoice INV-\d{4}-\d{6}$/ }).waitFor();
    expect(await row.locator('[data-label="Payment"]').textContent()).toBe('paidOffline, ref. TRANSFER-2026-0042');

    await row.getByRole('link', { name: `History of order ${shortId(delivered.orderId)}` }).click();
    await page.waitForURL(`**/admindashboard/orderhistory/${delivered.orderId}`);
    // The invoice is issued in the payment's own append (docs/documents.md), by whoever paid the order.
    expect(await timeline(page)).toEqual([
      'Placed by the customer',
      'Paid by an admin',
      expect.stringMatching(/^Invoice INV-\d{4}-\d{6} issued by an admin$/),
      'Shipped by an admin',
      'Delivered by an admin',
    ]);
    await logOut(page);

    await logIn(page, customer);
    await clickNav(page, 'Dashboard');
    await page.getByRole('link', { name: 'My Orders' }).click();
    await orderRow(page, 'My orders', delivered).waitFor();
    expect(await statusOf(page, 'My orders', delivered)).toBe('delivered');
    await orderRow(page, 'My orders', delivered)
      .getByRole('link', { name: /^History of order/ })
      .click();
    const entries = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
    expect(await timeline(page)).toHaveLength(5);
    expect(await entries.last().textContent()).toContain('Status: delivered');

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('a customer cancels a pending order with a reason; the product page shows its quantity back in stock', async () => {
    const product = products[1]!;
    // Placing the order reserved its quantity; cancelling it gives the quantity back.
    await stockSettles(product._id, product.stock - cancelled.quantity, customer);

    const { page, errors } = await openPage(browser);
    await logIn(page, customer);
    await clickNav(page, 'Dashboard');
    await page.getByRole('link', { name: 'My Orders' }).click();
    const row = orderRow(page, 'My orders', cancelled);
    await row.waitFor();
    expect(await statusOf(page, 'My orders', cancelled)).toBe('pending');

    await row.getByRole('button', { name: `Cancel order ${shortId(cancelled.orderId)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Ordered the wrong size');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page, 'My orders', cancelled), { timeout: 5_000 }).toBe('cancelled');
    await notifications(page)
      .getByText(`Order ${shortId(cancelled.orderId)} was cancelled`)
      .waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    await row.getByRole('link', { name: /^History of order/ }).click();
    expect(await timeline(page)).toEqual(['Placed by the customer', 'Cancelled by the customer']);
    const cancelEntry = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').last();
    expect(await cancelEntry.textContent()).toContain('Reason: Ordered the wrong size');
    expect(await cancelEntry.textContent()).toContain(`${cancelled.quantity} returned to stock`);

    await openProductPage(page, product);
    expect(Number(await productFact(page, 'In stock'))).toBe(product.stock);

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('an admin edits a product: the new name and price show on its page', async () => {
    const product = products[2]!;
    const name = `${product.name.slice(0, 80)} Mk ${randomUUID().slice(0, 4)}`;
    const priceCents = (toCents(product.price) ?? 0) + 150;

    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Products' }).click();
    await page.getByRole('link', { name: `Edit ${product.name}`, exact: true }).click();
    await page.waitForURL(`**/admindashboard/editproduct/${product._id}`);
    const nameField = page.getByLabel('Name');
    await nameField.waitFor();
    expect(await nameField.inputValue()).toBe(product.name);
    expect(await page.getByLabel('Stock', { exact: true }).count()).toBe(0);
    await nameField.fill(name);
    await page.getByLabel('Price ($)').fill(formatCents(priceCents));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/admindashboard/manageproducts');
    await notifications(page).getByText(`${name} was updated`).waitFor();
    await page.getByRole('cell', { name, exact: true }).waitFor({ timeout: 5_000 });

    await openProductPage(page, product);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 5_000 });
    expect(await productFact(page, 'Unit price')).toBe(`$${formatCents(priceCents)}`);

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('an admin restocks a product: the list and its page show the stock increased', async () => {
    const product = products[3]!;
    const added = 25;

    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Products' }).click();
    await page.getByRole('button', { name: `Restock ${product.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restock ${product.name}` });
    await dialog.getByLabel('Quantity').fill(String(added));
    await dialog.getByLabel('Reason (optional)').fill('Delivery from the forge');
    await dialog.getByRole('button', { name: 'Save stock' }).click();
    await dialog.waitFor({ state: 'detached' });
    await notifications(page).getByText(`${added} added to the stock of ${product.name}`).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: product.name, exact: true }) });
    await expect.poll(() => row.locator('[data-label="Stock"]').textContent(), { timeout: 5_000 }).toBe(String(product.stock + added));

    await openProductPage(page, product);
    expect(Number(await productFact(page, 'In stock'))).toBe(product.stock + added);

    await logOut(page);
    expect(errors).toEqual([]);
  });
});
