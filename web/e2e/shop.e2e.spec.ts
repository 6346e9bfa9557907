import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { startStack, type Stack } from './stack';

const screenshotDir = resolve(fileURLToPath(new URL('../../test-artifacts/screenshots', import.meta.url)));
const WIDTHS = [1280, 390] as const;

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
let admin: TestAccount;
/** Filled by the walk: a product that can be ordered. */
let orderedProductPath = '';

async function newPage(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
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
  await mainNav(page).getByRole('link', { name: 'Login' }).waitFor({ state: 'attached' });
}

/**
 * Goes to `path` inside the running app (the router follows popstate), so a signed-in user is not
 * signed in again by a full reload for every screenshot.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

async function shoot(page: Page, width: number, name: string) {
  const dir = join(screenshotDir, String(width));
  mkdirSync(dir, { recursive: true });
  // Lazy images: let them load before the picture is taken.
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
    const { context, page, errors } = await newPage(1280);
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Tools made to last/ }).waitFor();

    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await mainNav(page).getByText('E2E Customer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('link', { name: 'All Products', exact: true }).click();
    await page.waitForURL('**/allproducts');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
    const order = page.getByRole('link', { name: /^Order Now/ }).first();
    await order.waitFor();
    orderedProductPath = (await order.getAttribute('href'))!;
    await order.click();
    await page.waitForURL(`**${orderedProductPath}`);

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
    await context.close();
  });

  it.each(WIDTHS)('screenshots every route at %i px', async (width) => {
    const { context, page, errors } = await newPage(width);
    const ready = (name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();

    const publicRoutes: [string, string, () => Promise<void>][] = [
      ['/', 'home', () => page.getByRole('link', { name: /^Order Now/ }).first().waitFor()],
      ['/home', 'home-alias', () => page.getByRole('link', { name: /^Order Now/ }).first().waitFor()],
      ['/blog', 'blog', () => ready('Blog')],
      ['/about', 'about', () => ready('Our team')],
      ['/login', 'login', () => ready('Login')],
      ['/register', 'register', () => ready('Create an account')],
      ['/resetpassword', 'resetpassword', () => ready('Reset your password')],
      ['/spinner', 'spinner', () => page.getByRole('status').first().waitFor()],
      ['/no-such-page', 'not-found', () => ready('Not Found')],
    ];
    await page.goto(`${stack.webUrl}/`);
    for (const [path, name, isReady] of publicRoutes) {
      await visit(page, path);
      await isReady();
      await shoot(page, width, name);
    }

    await logIn(page, customer);
    const customerRoutes: [string, string, () => Promise<void>][] = [
      ['/allproducts', 'allproducts', () => page.getByRole('link', { name: /^Order Now/ }).first().waitFor()],
      [orderedProductPath, 'order', () => page.getByRole('button', { name: 'Proceed' }).waitFor()],
      ['/userdashboard/profile', 'userdashboard-profile', () => page.getByText(customer.email).first().waitFor()],
      [`/userdashboard/orders/${customer.uid}`, 'userdashboard-orders', () => page.getByRole('table').waitFor()],
      ['/userdashboard/addreview', 'userdashboard-addreview', () => ready('Add Review')],
    ];
    for (const [path, name, isReady] of customerRoutes) {
      await visit(page, path);
      await isReady();
      await shoot(page, width, name);
    }
    if (width < 600) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, width, 'menu-open');
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    await logOut(page);

    await logIn(page, admin);
    const adminRoutes: [string, string, () => Promise<void>][] = [
      ['/admindashboard/profile', 'admindashboard-profile', () => page.getByText('Admin', { exact: true }).waitFor()],
      ['/admindashboard/manageorders', 'admindashboard-manageorders', () => page.getByRole('table').waitFor()],
      ['/admindashboard/addproduct', 'admindashboard-addproduct', () => page.getByLabel('Description').waitFor()],
      ['/admindashboard/makeadmin', 'admindashboard-makeadmin', () => page.getByLabel('Email of the account').waitFor()],
      [
        '/admindashboard/manageproducts',
        'admindashboard-manageproducts',
        () => page.getByRole('button', { name: /^Delete / }).first().waitFor(),
      ],
    ];
    for (const [path, name, isReady] of adminRoutes) {
      await visit(page, path);
      await isReady();
      await shoot(page, width, name);
    }
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('alertdialog').getByText('Are you sure to delete item?').waitFor();
    await shoot(page, width, 'admindashboard-manageproducts-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await logOut(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
