import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { logIn as logInAt, logOut, mainNav, openPage, screenshotDir } from './pages';
import { walkAdminRoutes, walkCustomerRoutes, walkPublicRoutes } from './routeWalk';
import { startStack, type Stack } from './stack';

const WIDTHS = [1280, 390] as const;

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
let admin: TestAccount;

const newPage = (width: number) => openPage(browser, width);
const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);

async function shoot(page: Page, width: number, name: string) {
  const dir = join(screenshotDir, String(width));
  mkdirSync(dir, { recursive: true });
  // Images load lazily as they scroll into view: bring each in and wait for it before the picture.
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) {
      image.loading = 'eager';
      if (image.complete) continue;
      await new Promise((done) => {
        image.addEventListener('load', done, { once: true });
        image.addEventListener('error', done, { once: true });
        setTimeout(done, 5000);
      });
    }
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  customer = await createAccount({ email: uniqueEmail('e2e-customer'), displayName: 'E2E Customer', emailVerified: true });
  admin = await createAccount({ email: uniqueEmail('e2e-admin'), displayName: 'E2E Admin', emailVerified: true });
  stack = await startStack({ adminEmails: [admin.email] });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('the shop in Chromium', () => {
  it('walks home → login → all products → order → my orders shows the order → logout', async () => {
    const { page, errors } = await newPage(1280);
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Tools made to last/ }).waitFor();

    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await mainNav(page).getByText('E2E Customer').waitFor();
    // No page was asked for before login: back home (docs/architecture.md#9-the-products-rules).
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('link', { name: 'All Products', exact: true }).click();
    await page.waitForURL('**/allproducts');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
    const order = page.getByRole('link', { name: /^Order Now/ }).first();
    await order.waitFor();
    const productPath = (await order.getAttribute('href'))!;
    await order.click();
    await page.waitForURL(`**${productPath}`);

    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('table', { name: 'Order summary' }).waitFor();
    const address = `Unit ${Date.now()}, 7 Foundry Road`;
    await page.getByLabel('Shipping address').fill(address);
    await page.getByRole('button', { name: 'Confirm Order' }).click();

    await page.waitForURL(`**/userdashboard/orders/${customer.uid}`);
    await page.getByRole('heading', { name: 'My Orders' }).waitFor();
    // Read-your-writes: the new order is in the list on the first read.
    await page.getByText(address).waitFor({ timeout: 5_000 });

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it.each(WIDTHS)('screenshots every route at %i px', async (width) => {
    const { page, errors } = await newPage(width);
    const visit = (name: string) => shoot(page, width, name);
    await walkPublicRoutes(page, stack.webUrl, visit);

    await logIn(page, customer);
    await walkCustomerRoutes(page, visit);
    if (width < 600) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, width, 'menu-open');
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    await logOut(page);

    await logIn(page, admin);
    await walkAdminRoutes(page, visit);
    await logOut(page);

    expect(errors).toEqual([]);
  });
});
