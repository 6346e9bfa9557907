import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { startStack, type Stack } from './stack';

const screenshotDir = resolve(fileURLToPath(new URL('../../test-artifacts/screenshots', import.meta.url)));
const WIDTHS = [1280, 390] as const;

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
let admin: TestAccount;

/**
 * A page in a fresh context. If the test fails, a picture of where the browser stood is kept and
 * the failed API calls and console errors are printed.
 */
async function newPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  const trail: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') trail.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) trail.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(screenshotDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await page.screenshot({ path: join(screenshotDir, `failed-${name}.png`), fullPage: true }).catch(() => undefined);
      console.error(`${task.name} failed at ${page.url()}\n${trail.join('\n')}`);
    }
    await context.close();
  });
  return { page, errors };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** On a phone width the links sit behind the menu button. */
async function openMenuIfFolded(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

async function logIn(page: Page, account: TestAccount) {
  await page.goto(`${stack.webUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await mainNav(page).getByText(account.displayName).waitFor({ state: 'attached' });
}

async function logOut(page: Page) {
  await openMenuIfFolded(page);
  await mainNav(page).getByRole('button', { name: 'Logout' }).click();
  // On a phone the link sits in the folded menu: attached, not visible.
  await mainNav(page).getByRole('link', { name: 'Login', includeHidden: true }).waitFor({ state: 'attached' });
  await page.waitForURL((url) => url.pathname === '/');
}

/** Follows a link of the main navigation (behind the menu button on a phone). */
async function clickNav(page: Page, name: string) {
  await openMenuIfFolded(page);
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}

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
    // No page was asked for before login: back home (SPEC §2).
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
      ['Manage Products', 'admindashboard-manageproducts', () => page.getByRole('button', { name: /^Delete / }).first().waitFor()],
    ];
    const side = page.getByRole('navigation', { name: 'Admin dashboard' });
    for (const [link, name, isReady] of adminPanels) {
      await side.getByRole('link', { name: link }).click();
      await isReady();
      await shoot(page, width, name);
    }
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('alertdialog').getByText('Are you sure to delete item?').waitFor();
    await shoot(page, width, 'admindashboard-manageproducts-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await logOut(page);

    expect(errors).toEqual([]);
  });
});
