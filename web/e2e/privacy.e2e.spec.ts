import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type MyDataResponse, type ProductDto } from '@toolforge/contracts';
import { createAccount, signIn, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { homeProducts, placeOrderThroughApi, type PlacedOrder } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The customer's rights over their data (issue 40, docs/privacy.md), clicked through in Chromium:
 * My Profile saves everything the shop holds about them as one JSON file; erasing the account is
 * refused while an order is under way, and once it is cancelled, erases the account with the
 * password given again (by keyboard alone), signs out, and the account signs in no more.
 */

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
let product: ProductDto;
let order: PlacedOrder;

const logIn = (page: Page) => logInAt(page, stack.webUrl, customer);
const shortId = (orderId: string) => orderId.slice(0, 8);
const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const eraseDialog = (page: Page) => page.getByRole('dialog', { name: 'Erase your account?' });

/** My Profile, where every dashboard opens. */
async function openProfile(page: Page) {
  await clickNav(page, 'Dashboard');
  await page.waitForURL('**/userdashboard/profile');
  await yourData(page).waitFor();
}

/** The element that has the focus, as role and accessible name would find it: its tag, type and label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return { tag: element?.tagName.toLowerCase(), type: element?.type, text: element?.labels?.[0]?.textContent ?? element?.textContent };
  });

beforeAll(async () => {
  customer = await createAccount({ email: uniqueEmail('privacy-customer'), displayName: 'Privacy Customer', emailVerified: true });
  stack = await startStack({ adminEmails: [] });
  product = (await homeProducts(stack.queryUrl))[0]!;
  order = await placeOrderThroughApi(stack.commandUrl, customer, product);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('download my data and erase my account in Chromium', () => {
  it('My Profile → Download my data saves toolforge-my-data.json with the e-mail, the name and the order with its lines', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page);
    await openProfile(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      yourData(page).getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('toolforge-my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MyDataResponse;
    expect(data.profile).toMatchObject({ uid: customer.uid, email: customer.email, name: customer.displayName });
    const saved = data.orders.find((each) => each._id === order.orderId);
    expect(saved).toMatchObject({ shippingAddress: order.shippingAddress, status: 'pending', userId: customer.uid });
    expect(saved!.lines).toHaveLength(1);
    expect(saved!.lines[0]).toMatchObject({ productId: product._id, productName: product.name, quantity: order.quantity });
    expect(errors).toEqual([]);
  });

  it('Erase my account while the order is pending: the dialog says it waits for every order to be delivered or cancelled', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page);
    await openProfile(page);

    await yourData(page).getByRole('button', { name: 'Erase my account' }).click();
    const dialog = eraseDialog(page);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Erase my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: messages.eraseWithOpenOrders }).waitFor();

    // Nothing was erased: the customer is still signed in, and Cancel closes the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await mainNav(page).getByText(customer.displayName).waitFor();
    expect(errors).toEqual([]);
  });

  it('once the order is cancelled, Erase my account with the password (keyboard only) signs out and says the account was erased', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page);
    await clickNav(page, 'Dashboard');
    await page.getByRole('link', { name: 'My Orders' }).click();
    const row = page.getByRole('table', { name: 'My orders' }).getByRole('row').filter({ hasText: order.shippingAddress });
    await row.getByRole('button', { name: `Cancel order ${shortId(order.orderId)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => row.locator('[data-label="Status"]').textContent(), { timeout: 10_000 }).toBe('cancelled');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await yourData(page).waitFor();
    await yourData(page).getByRole('button', { name: 'Erase my account' }).focus();
    await page.keyboard.press('Enter');
    await eraseDialog(page).waitFor();
    // The dialog opens on its one field.
    expect(await focused(page)).toMatchObject({ tag: 'input', type: 'password', text: 'Password' });
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');

    await page.getByRole('status').filter({ hasText: messages.accountErased }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Login', includeHidden: true }).waitFor({ state: 'attached' });
    expect(await mainNav(page).getByText(customer.displayName).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('signing in again with the same e-mail and password is refused: the account was erased', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: messages.accountDisabled }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The identity provider itself refuses it: the shop disabled the account there.
    await expect(signIn(customer.email, customer.password)).rejects.toThrow(/USER_DISABLED/);
    expect(errors).toEqual([]);
  });
});
