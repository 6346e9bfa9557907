import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, mainNav, openPage, screenshotDir } from './pages';
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
  customer = await createAccount({ email: uniqueEmail('e2e-customer'), displayName: 'E2E Customer' });
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
    // No page was asked for before login: back home (docs/architecture.md §9).
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
    const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first();
    const orderNow = () => page.getByRole('link', { name: /^Order Now/ }).first();

    // Signed out, a full load per route costs nothing: only a signed-in load syncs with POST /login.
    const publicRoutes: [string, string, () => Promise<void>][] = [
      ['/', 'home', () => orderNow().waitFor()],
      ['/home', 'home-alias', () => orderNow().waitFor()],
      ['/blog', 'blog', () => heading('Blog').waitFor()],
      ['/about', 'about', () => heading('Our team').waitFor()],
      ['/login', 'login', () => heading('Login').waitFor()],
      ['/register', 'register', () => heading('Create an account').waitFor()],
      ['/resetpassword', 'resetpassword', () => heading('Reset your password').waitFor()],
      ['/spinner', 'spinner', () => page.getByRole('status').first().waitFor()],
      ['/no-such-page', 'not-found', () => heading('Not Found').waitFor()],
    ];
    for (const [path, name, isReady] of publicRoutes) {
      await page.goto(`${stack.webUrl}${path}`);
      await isReady();
      await shoot(page, width, name);
    }

    // Signed in, the walk goes through the app's own links, as a customer would.
    await logIn(page, customer);
    await page.getByRole('link', { name: 'All Products', exact: true }).click();
    await orderNow().waitFor();
    await shoot(page, width, 'allproducts');
    await orderNow().click();
    await page.getByRole('button', { name: 'Proceed' }).waitFor();
    await shoot(page, width, 'order');
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/userdashboard/profile');
    await page.getByText(customer.email).first().waitFor();
    await shoot(page, width, 'userdashboard-profile');
    await page.getByRole('link', { name: 'My Orders' }).click();
    await page.waitForURL(`**/userdashboard/orders/${customer.uid}`);
    await page.getByRole('table').waitFor();
    await shoot(page, width, 'userdashboard-orders');
    await page.getByRole('link', { name: 'Add Review' }).click();
    await heading('Add Review').waitFor();
    await shoot(page, width, 'userdashboard-addreview');
    if (width < 600) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, width, 'menu-open');
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    await logOut(page);

    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/admindashboard/profile');
    await page.getByText('Admin', { exact: true }).waitFor();
    await shoot(page, width, 'admindashboard-profile');
    const adminPanels: [string, string, () => Promise<void>][] = [
      ['Manage Orders', 'admindashboard-manageorders', () => page.getByRole('table').waitFor()],
      ['Add Product', 'admindashboard-addproduct', () => page.getByLabel('Description').waitFor()],
      ['Make Admin', 'admindashboard-makeadmin', () => page.getByLabel('Email of the account').waitFor()],
      [
        'Manage Products',
        'admindashboard-manageproducts',
        () =>
          page
            .getByRole('button', { name: /^Delete / })
            .first()
            .waitFor(),
      ],
    ];
    const side = page.getByRole('navigation', { name: 'Admin dashboard' });
    for (const [link, name, isReady] of adminPanels) {
      await side.getByRole('link', { name: link }).click();
      await isReady();
      await shoot(page, width, name);
    }
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await page.getByRole('alertdialog').getByText('Are you sure to delete item?').waitFor();
    await shoot(page, width, 'admindashboard-manageproducts-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await logOut(page);

    expect(errors).toEqual([]);
  });
});
