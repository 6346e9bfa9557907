import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { PAYMENT_PROVIDER_URL } from '../../scripts/payment-provider.mjs';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Card payments (issue 37), clicked through in Chromium against the real stack paying through the
 * local provider (docs/payments.md): an order is paid on the provider's page and My Orders shows it
 * paid once the provider's webhook reached the shop; a declined card leaves the order pending with
 * the provider's reason, and Pay now pays it; an admin cancels a paid order and the refund shows.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
/** The order the first flow pays, which the last one cancels. */
let paid: { orderId: string; address: string };

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const shortId = (orderId: string) => orderId.slice(0, 8);
const rowOf = (page: Page, caption: string, address: string) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: address });
const cellOf = (page: Page, caption: string, address: string, label: string) =>
  rowOf(page, caption, address).locator(`[data-label="${label}"]`).textContent();

/** Orders the first product of All Products that can be ordered, from its page, to a new address; ends on the provider's page. */
async function orderToProviderPage(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'All Products', exact: true }).click();
  await page.waitForURL('**/allproducts');
  const order = page.getByRole('link', { name: /^Order Now/ }).first();
  const productPath = (await order.getAttribute('href'))!;
  await order.click();
  await page.waitForURL(`**${productPath}`);
  await page.getByRole('button', { name: 'Proceed' }).click();
  const address = `Bay ${randomUUID().slice(0, 8)}, 12 Ledger Lane`;
  await page.getByLabel('Shipping address').fill(address);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL(`${PAYMENT_PROVIDER_URL}/pay/**`);
  return address;
}

/** Types a test card on the provider's page and pays. */
async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Back from the provider's page after paying: the order id it names, once My Orders says the order is paid. */
async function returnPaid(page: Page, address: string): Promise<string> {
  await page.waitForURL((url) => url.origin === new URL(stack.webUrl).origin);
  await page.getByRole('heading', { name: 'My Orders' }).waitFor();
  await expect.poll(() => cellOf(page, 'My orders', address, 'Status'), { timeout: 30_000 }).toBe('paid');
  const orderId = (await rowOf(page, 'My orders', address)
    .getByRole('link', { name: /^History of order/ })
    .getAttribute('href'))!
    .split('/')
    .pop()!;
  await page.getByText(`Order ${shortId(orderId)} is paid. Thank you!`).waitFor();
  return orderId;
}

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('pay-admin'), displayName: 'Pay Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('pay-customer'), displayName: 'Pay Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email], payments: true });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('card payments in Chromium', () => {
  it('pays an order on the provider’s page; back in My Orders the order is paid by card', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, customer);
    const address = await orderToProviderPage(page);
    await page.getByRole('heading', { level: 1, name: /^Pay \$/ }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    const orderId = await returnPaid(page, address);
    expect(await cellOf(page, 'My orders', address, 'Payment')).toBe('paidBy card');
    paid = { orderId, address };
    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('a declined card leaves the order pending with the provider’s reason; Pay now pays it with another card', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, customer);
    const address = await orderToProviderPage(page);
    await payWith(page, '4000 0000 0000 0002');
    expect(await page.getByRole('alert').textContent()).toBe('Your card was declined.');

    await page.getByRole('link', { name: 'Return to the shop' }).click();
    await page.getByRole('heading', { name: 'My Orders' }).waitFor();
    // The provider's webhook told the shop why; the order still awaits its payment.
    await expect
      .poll(() => cellOf(page, 'My orders', address, 'Payment'), { timeout: 30_000 })
      .toBe('unpaidPayment failed: Your card was declined.');
    expect(await cellOf(page, 'My orders', address, 'Status')).toBe('pending');

    await rowOf(page, 'My orders', address)
      .getByRole('button', { name: /^Pay now for order / })
      .click();
    await page.waitForURL(`${PAYMENT_PROVIDER_URL}/pay/**`);
    await payWith(page, '4242 4242 4242 4242');
    await returnPaid(page, address);
    await logOut(page);
    expect(errors).toEqual([]);
  });

  it('an admin cancels a paid order: the shop refunds it through the provider, and the customer sees the refund', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Manage Orders' }).click();
    const row = rowOf(page, 'All orders', paid.address);
    await row.getByRole('button', { name: `Cancel order ${shortId(paid.orderId)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cellOf(page, 'All orders', paid.address, 'Status'), { timeout: 5_000 }).toBe('cancelled');
    await logOut(page);

    await logIn(page, customer);
    await clickNav(page, 'Dashboard');
    await page.getByRole('link', { name: 'My Orders' }).click();
    const total = await cellOf(page, 'My orders', paid.address, 'Total cost');
    // The refund is the shop's own step after the cancellation: My Orders shows it once it is in the log.
    await expect
      .poll(
        async () => {
          await page.reload();
          await mainNav(page).getByText('Pay Customer').waitFor();
          return cellOf(page, 'My orders', paid.address, 'Payment');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(`paidBy cardRefunded ${total}`);
    await logOut(page);
    expect(errors).toEqual([]);
  });
});
