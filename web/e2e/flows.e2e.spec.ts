import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { EMULATOR_HOST, PROJECT_ID, createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { homeProducts, placeOrderThroughApi as placeOrder } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, mainNav, openPage, submitLogin } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Every flow a user can click, beyond the customer's order (shop.e2e.spec.ts), clicked through in
 * Chromium against the real stack: admin forms, registration, password reset, the sign-in guard,
 * pagination and the login form's errors. Sign-ins are few (POST /login allows 30 a minute per
 * address) and, once signed in, the walk follows the app's links rather than reloading pages.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
/** A customer (with a verified address, as the role needs) the admin makes an admin through the Make Admin form. */
let grantee: TestAccount;
/** The shipping address of an order the customer placed through the API before the browser starts. */
let earlierOrderAddress: string;

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const adminSideNav = (page: Page) => page.getByRole('navigation', { name: 'Admin dashboard' });
const notifications = (page: Page) => page.getByRole('list', { name: 'Notifications' });

/** The emulator's record of an account, or undefined when no account uses that email. */
async function lookUpAccount(email: string): Promise<{ localId: string; displayName?: string } | undefined> {
  const { body } = await fetchJson<{ users?: { localId: string; displayName?: string }[] }>(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    // The emulator treats "Bearer owner" as an admin credential.
    { method: 'POST', token: 'owner', body: { email: [email] } },
  );
  return body.users?.[0];
}

/** The out-of-band codes (verification and reset emails) the emulator has issued for an address. */
async function oobRequestsFor(email: string): Promise<string[]> {
  const { body } = await fetchJson<{ oobCodes: { email: string; requestType: string }[] }>(
    `http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`,
  );
  return body.oobCodes.filter((code) => code.email === email).map((code) => code.requestType);
}

/** An order placed by the customer through the API before the browser starts: its shipping address. */
async function placeOrderThroughApi(account: TestAccount): Promise<string> {
  const [product] = await homeProducts(stack.queryUrl);
  return (await placeOrder(stack.commandUrl, account, product!)).shippingAddress;
}

/** The names on the product cards of the grid, in order. */
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

beforeAll(async () => {
  [admin, customer, grantee] = await Promise.all([
    createAccount({ email: uniqueEmail('flows-admin'), displayName: 'Flows Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('flows-customer'), displayName: 'Flows Customer', emailVerified: true }),
    createAccount({ email: uniqueEmail('flows-grantee'), displayName: 'Flows Grantee', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  [earlierOrderAddress, browser] = await Promise.all([placeOrderThroughApi(customer), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('flows clicked through in Chromium', () => {
  it('admin adds a product (after a blur message), finds it listed, and deletes it behind the confirm dialog', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/admindashboard/sales?**');
    await adminSideNav(page).getByRole('link', { name: 'Add Product' }).click();
    // The panel is a lazy chunk: type only once it has rendered and the page has settled.
    await page.getByRole('heading', { name: 'Add Product', level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');

    const name = `Flow Cold Chisel ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption('hand-tool');
    await page.getByLabel('Model').fill('FC-25');
    await page.getByLabel('Image URL').fill('/images/products/claw-hammer.svg');
    await page.getByLabel('Price ($)').fill('14.75');
    await page.getByLabel('Stock').fill('40');
    await page.getByLabel('Minimum order').fill('2');
    const description = page.getByLabel('Description');
    await description.fill('Too short.');
    await description.blur();
    const tooShort = page.getByText(messages.descriptionMin);
    await tooShort.waitFor();
    await description.fill('A drop-forged chrome-vanadium cold chisel for cutting rivets and bolts.');
    await description.blur();
    await tooShort.waitFor({ state: 'detached' });

    // Hold the command until the progress text has been seen: it is on screen only while it travels.
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const apiOrigin = new URL(stack.commandUrl).origin;
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname === '/addproduct',
      async (route) => {
        await released;
        await route.continue();
      },
    );
    // Every field still holds what was typed when the form is sent.
    expect(await page.getByLabel('Name').inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await page.getByText(messages.addProductInProgress).waitFor();
    release();
    await page.waitForURL('**/admindashboard/manageproducts');
    // The newest product comes first: on page 0, read from the server after the write.
    const deleteButton = page.getByRole('button', { name: `Delete ${name}` });
    await deleteButton.waitFor({ timeout: 5_000 });

    await deleteButton.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(messages.confirmDelete).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached', timeout: 5_000 });
    await notifications(page).getByText(`${name} was deleted`).waitFor();

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('admin sees an order placed earlier in Manage Orders and makes a customer an admin', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Orders' }).click();
    const row = page.getByRole('table', { name: 'All orders' }).getByRole('row').filter({ hasText: earlierOrderAddress });
    await row.waitFor();
    expect(await row.textContent()).toContain('pending');

    await adminSideNav(page).getByRole('link', { name: 'Make Admin' }).click();
    await page.getByLabel('Email of the account').fill(grantee.email);
    await page.getByRole('button', { name: 'Make Admin', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${grantee.email} is now an admin` })
      .first()
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('the customer made admin gets the admin dashboard from Dashboard on the next sign-in', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, grantee);
    expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admindashboard');
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/admindashboard/sales?**');
    await adminSideNav(page).getByRole('link', { name: 'Manage Products' }).waitFor();
    await adminSideNav(page).getByRole('link', { name: 'Manage Products' }).click();
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('register: a mismatched repeat creates nothing; a matching one lands signed in on / with the name', async () => {
    const { page, errors } = await openPage(browser);
    const email = uniqueEmail('flows-register');
    await page.goto(`${stack.webUrl}/register`);
    await page.getByLabel('Full name').fill('Flows Registrant');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Forge@2022');
    const repeat = page.getByLabel('Repeat password');
    await repeat.fill('Forge@2023');
    await repeat.blur();
    const mismatch = page.getByText(messages.passwordMismatch);
    await mismatch.waitFor();
    // The form refuses before anything is sent. Every request that could create or sign in an
    // account is a POST (to the identity provider or the command API): watch for one from the click
    // until the form has handled the submit, which it shows by moving the focus to the field in error.
    const sent: string[] = [];
    const watchSent = (request: Request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', watchSent);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => repeat.evaluate((field) => field === document.activeElement)).toBe(true);
    page.off('request', watchSent);
    expect(sent).toEqual([]);
    expect(await mismatch.isVisible()).toBe(true);
    expect(await lookUpAccount(email)).toBeUndefined();

    await repeat.fill('Forge@2022');
    await page.getByRole('button', { name: 'Register' }).click();
    await mainNav(page).getByText('Flows Registrant').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await lookUpAccount(email))?.displayName).toBe('Flows Registrant');

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('reset password: the toast shows top-right and the emulator issues the reset email', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${stack.webUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/resetpassword');
    // The address changes before the page's lazy chunk has rendered, and until then the login form
    // (which has an Email field too) is still on screen: type only once the reset form is there.
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(customer.email);
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.click();
    const toast = notifications(page).getByText(messages.resetLinkSent);
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box.y).toBeLessThan(viewport.height / 4);

    await expect.poll(() => oobRequestsFor(customer.email), { timeout: 5_000 }).toContain('PASSWORD_RESET');
    await expect.poll(() => send.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('/allproducts signed out goes to /login and back after login; then pages through the catalogue', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${stack.webUrl}/allproducts`);
    await page.waitForURL('**/login');
    await submitLogin(page, customer);
    await page.waitForURL('**/allproducts');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();

    const total = Number(/(\d+) tools/.exec((await page.getByText(/\d+ tools from our three units/).textContent())!)![1]);
    const pageCount = Math.ceil(total / 5);
    expect(pageCount).toBeGreaterThanOrEqual(5);
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    const current = () => pager.locator('[aria-current="page"]').textContent();
    /** Clicks a control and waits until the grid shows that page: other names, the expected count. */
    const goTo = async (control: Locator, pageNumber: number, shownBefore: string[]) => {
      await control.click();
      await expect.poll(current).toBe(String(pageNumber));
      const expectedCount = pageNumber === pageCount ? total - 5 * (pageCount - 1) : 5;
      await expect.poll(() => cardNames(page), { timeout: 5_000 }).not.toEqual(shownBefore);
      const names = await cardNames(page);
      expect(names).toHaveLength(expectedCount);
      return names;
    };

    await page.getByRole('article').first().waitFor();
    const tenFirst = await cardNames(page);
    expect(tenFirst).toHaveLength(10);
    await page.getByLabel('Products per page').selectOption('5');
    await expect.poll(() => cardNames(page)).toHaveLength(5);
    expect(await current()).toBe('1');
    const firstPage = await cardNames(page);
    expect(firstPage).toEqual(tenFirst.slice(0, 5));

    const secondPage = await goTo(pager.getByRole('button', { name: 'Next' }), 2, firstPage);
    const fourthPage = await goTo(pager.getByRole('button', { name: 'Page 4' }), 4, secondPage);
    const lastPage = await goTo(pager.getByRole('button', { name: 'Last' }), pageCount, fourthPage);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await goTo(pager.getByRole('button', { name: 'First' }), 1, lastPage)).toEqual(firstPage);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(new Set([...firstPage, ...secondPage, ...fourthPage, ...lastPage]).size).toBe(15 + lastPage.length);

    await logOut(page);
    expect(errors).toEqual([]);
  });

  it("login form: an invalid email on blur, then the identity provider's error for a wrong password", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${stack.webUrl}/login`);
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await email.blur();
    const invalid = page.getByText(messages.loginEmail, { exact: true });
    await invalid.waitFor();
    await email.fill(customer.email);
    await email.blur();
    await invalid.waitFor({ state: 'detached' });

    await page.getByLabel('Password').fill('Wrong@2022');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const providerError = page.getByRole('alert');
    await providerError.waitFor();
    expect(await providerError.textContent()).toMatch(/^Firebase: .*\(auth\/[a-z-]+\)/);
    expect(page.url()).toBe(`${stack.webUrl}/login`);
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(errors).toEqual([]);
  });
});
