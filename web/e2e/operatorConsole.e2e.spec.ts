import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type ProductDto } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { homeProducts, placeOrderThroughApi, signInThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, openPage, tableRows } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The operator console (issue 41, docs/operators.md#the-operator-console), clicked through in
 * Chromium: an admin opens it from the dashboard and sees each partition's checkpoint, log end and
 * lag; follows the log while a customer places an order through the API, and sees its event come in;
 * audits that order and verifies the log from their buttons. A customer's token is refused.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
let product: ProductDto;

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
const adminSideNav = (page: Page) => page.getByRole('navigation', { name: 'Admin dashboard' });

const rows = (page: Page, table: string, columns: readonly string[]) => tableRows(page.getByRole('table', { name: table }), columns);

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('console-admin'), displayName: 'Console Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('console-customer'), displayName: 'Console Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  product = (await homeProducts(stack.queryUrl)).find((each) => each.packSize === 1 && each.stock >= each.minOrder)!;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('the operator console in Chromium', () => {
  it('refuses a customer’s token on its API', async () => {
    const token = await signInThroughApi(stack.commandUrl, customer);
    const response = await fetchJson(`${stack.operatorUrl}${OPERATOR_PATHS.projections}`, { token });
    expect(response.status).toBe(403);
  });

  it('an admin sees the lag, follows the log while an order is placed, audits the order and verifies the log', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await adminSideNav(page).getByRole('link', { name: 'Operator console' }).click();
    await page.getByRole('heading', { name: 'Operator console' }).waitFor();

    // Each partition the log has written to (the seeded catalogue, the admin's sign-in), with its checkpoint, the log's end and the lag between them.
    const projections = 'Each partition’s projection against the log’s end';
    await page.getByRole('table', { name: projections }).locator('tbody tr').first().waitFor();
    const partitions = await rows(page, projections, ['Topic', 'Checkpoint', 'Log end', 'Lag']);
    expect(partitions.map((row) => row.Topic)).toEqual(expect.arrayContaining(['catalog.products', 'identity.users']));
    for (const row of partitions) {
      expect(Number(row.Checkpoint)).toBeLessThanOrEqual(Number(row['Log end']));
      expect(row.Lag).toMatch(/^(up to date|\d+ events? behind, [\d.]+ s)$/);
    }
    expect(partitions.find((row) => row.Topic === 'catalog.products')!['Log end']).not.toBe('0');

    // Follow, then an order placed elsewhere: its event comes into the list.
    const follow = page.getByRole('button', { name: 'Follow' });
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    const order = await placeOrderThroughApi(stack.commandUrl, customer, product);
    const events = page.getByRole('table', { name: 'The log’s events, oldest first in each partition' });
    const placed = events.locator('tbody tr', { has: page.locator('[data-label="Stream"]', { hasText: order.orderId }) });
    await placed.first().waitFor({ timeout: 20_000 });
    expect((await placed.first().locator('[data-label="Type"]').textContent())!.trim()).toBe('OrderPlaced');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');

    // The order's audit: its history from the log, and its row agreeing with it once projected.
    await page.getByLabel('Order id').fill(order.orderId);
    const agrees = page.getByText(/The read model agrees with the log/);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Audit order' }).click();
          await page.getByRole('table', { name: 'The order’s events in the log' }).waitFor();
          return agrees.isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    expect(await rows(page, 'The order’s events in the log', ['Event', 'Status after'])).toEqual([
      { Event: 'OrderPlaced', 'Status after': 'pending' },
    ]);

    await page.getByRole('button', { name: 'Verify the log' }).click();
    await page.getByText(/^No problem: [\d,]+ events verified/).waitFor({ timeout: 60_000 });

    await logOut(page);
    expect(errors).toEqual([]);
  });
});
