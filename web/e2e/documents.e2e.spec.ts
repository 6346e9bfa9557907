import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { pdfPages } from '../../documents/src/test/pdfText';
import { MAIL_CATCHER_WEB_URL } from '../../scripts/mail-catcher.mjs';
import { homeProducts, placeOrderThroughApi, type PlacedOrder } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Invoices and order e-mails (issue 38, docs/documents.md), clicked through in Chromium on a shop
 * that mails the local catcher: an admin marks an order paid, the customer downloads its invoice from
 * My Orders (a PDF of its number and total), the catcher's inbox shows the order's e-mails, and an
 * admin's resend arrives as one more message.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
let order: PlacedOrder;
/** The invoice the first flow downloaded. */
let invoiceNumber: string;

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const shortId = (orderId: string) => orderId.slice(0, 8);
const adminSideNav = (page: Page) => page.getByRole('navigation', { name: 'Admin dashboard' });
const orderRow = (page: Page, caption: string) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: order.shippingAddress });

/** A message as the catcher's API lists it (maildev's GET /api/email). */
interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

/** The messages the catcher holds for `address` whose subject names the order. */
async function caughtFor(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_CATCHER_WEB_URL}/api/email`);
  if (!response.ok) throw new Error(`the catcher answered ${response.status}`);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address) && mail.subject.includes(order.orderId));
}

const subjects = async () => (await caughtFor(customer.email)).map((mail) => mail.subject).sort();

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('documents-admin'), displayName: 'Documents Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('documents-customer'), displayName: 'Documents Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email], mail: true });
  const [product] = await homeProducts(stack.queryUrl);
  order = await placeOrderThroughApi(stack.commandUrl, customer, product!);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('invoices and order e-mails in Chromium', () => {
  it('an admin marks the order paid; the customer downloads its invoice from My Orders', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Orders' }).click();
    await orderRow(page, 'All orders')
      .getByRole('button', { name: `Mark paid order ${shortId(order.orderId)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Mark order ${shortId(order.orderId)} paid?` });
    await dialog.getByLabel('Payment reference').fill('TRANSFER-DOCS-0001');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    // The invoice is issued with the payment: Manage Orders shows it once the move is read back.
    await orderRow(page, 'All orders')
      .getByRole('button', { name: /^Invoice INV-\d{4}-\d{6}$/ })
      .waitFor();
    await logOut(page);

    await logIn(page, customer);
    await clickNav(page, 'Dashboard');
    await page.getByRole('link', { name: 'My Orders' }).click();
    const invoice = orderRow(page, 'My orders').getByRole('button', { name: /^Invoice INV-/ });
    invoiceNumber = (await invoice.textContent())!.replace(/^Invoice /, '').trim();
    const total = (await orderRow(page, 'My orders').locator('[data-label="Total cost"]').textContent())!.trim();
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(order.shippingAddress);
    expect(text).toContain(total.replace(/^\$?/, '$'));
    expect(text).toContain('TRANSFER-DOCS-0001');
    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('the catcher’s inbox has the order’s e-mails: placed, and paid with the invoice attached', async () => {
    await expect
      .poll(subjects, { timeout: 30_000, interval: 500 })
      .toEqual([`Your ToolForge order ${order.orderId} is confirmed`, `Your ToolForge order ${order.orderId} is paid`]);
    const { page, errors } = await openPage(browser);
    await page.goto(MAIL_CATCHER_WEB_URL);
    await page.getByText(`Your ToolForge order ${order.orderId} is paid`).first().click();
    // The message's own view: its attachment by the invoice's file name.
    await page.getByText(`${invoiceNumber}.pdf`).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('an admin resends the paid e-mail from Manage Orders: one more message arrives', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Manage Orders' }).click();
    await orderRow(page, 'All orders')
      .getByRole('button', { name: `Resend e-mail for order ${shortId(order.orderId)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Resend an e-mail of order ${shortId(order.orderId)}` });
    await dialog.getByRole('combobox', { name: 'E-mail' }).selectOption('paid');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('The paid e-mail will be sent again').waitFor();
    await expect
      .poll(async () => (await subjects()).filter((subject) => subject.endsWith('is paid')).length, { timeout: 30_000, interval: 500 })
      .toBe(2);
    // A new message, not the first one again: each has the Message-ID of the event that owed it.
    const paid = (await caughtFor(customer.email)).filter((mail) => mail.subject.endsWith('is paid'));
    expect(new Set(paid.map((mail) => mail.headers['message-id'])).size).toBe(2);
    await logOut(page);
    expect(errors).toEqual([]);
  });
});
