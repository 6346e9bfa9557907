import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@toolforge/contracts';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { deliverOrderThroughApi, homeProducts, latestReviews, placeOrderThroughApi, postReviewThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { logIn, openPage } from './pages';
import { walkAdminRoutes, walkCustomerRoutes, walkPublicRoutes, type Visit } from './routeWalk';
import { startStack, type Stack } from './stack';

/**
 * axe-core in Chromium on every route of web/src/routes.tsx and on the states a user reaches by
 * clicking (an open dialog, a form showing its validation messages, the mobile menu, a toast), at a
 * desktop and a phone width: each must report no violation of axe's default rules (WCAG 2 A and
 * AA, and axe's best practices). The customer has a delivered and reviewed order (Add Review shows
 * its form, the home page the review and the product's stars) and a pending one (My Orders offers Cancel).
 */

const WIDTHS = [1280, 390] as const;

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
let products: ProductDto[];

/** What a failure prints for each violation: the rule, how bad, where, and what to do about it. */
interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

async function runAxe(builder: AxeBuilder) {
  const results = await builder.analyze();
  const findings: Finding[] = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: `${violation.help} (${violation.helpUrl})`,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  return { results, findings };
}

/**
 * Transitions and animations that end (a hovered button's colour after a click; not a spinner's
 * endless turn) have ended: axe measures colours as they stand, not halfway between two states.
 */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** A visit of the route walk: axe on the whole page; every stop is checked even after one failed. */
const checkEachStop =
  (page: Page, width: number): Visit =>
  async (name) => {
    await settled(page);
    const { findings } = await runAxe(new AxeBuilder({ page }));
    expect.soft(findings, `axe at ${width} px on ${name}`).toEqual([]);
  };

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('a11y-admin'), displayName: 'Axe Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('a11y-customer'), displayName: 'Axe Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  products = await homeProducts(stack.queryUrl);
  expect(products.length).toBeGreaterThanOrEqual(2);
  const delivered = await placeOrderThroughApi(stack.commandUrl, customer, products[0]!);
  await deliverOrderThroughApi(stack.commandUrl, admin, delivered.orderId);
  // The home page then shows a latest review, and the product's card its stars.
  await postReviewThroughApi(stack.commandUrl, customer, products[0]!._id, 4, 'Checked by axe: solid, balanced and sharp.');
  await vi.waitFor(async () => expect(await latestReviews(stack.queryUrl)).toHaveLength(1), { timeout: 10_000, interval: 200 });
  await placeOrderThroughApi(stack.commandUrl, customer, products[1]!);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('accessibility (axe-core) in Chromium', () => {
  it.each(WIDTHS)('every public route at %i px, and the phone menu open', async (width) => {
    const { page, errors } = await openPage(browser, width);
    const visit = checkEachStop(page, width);
    await walkPublicRoutes(page, stack.webUrl, visit);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    if (width < 600) {
      await toggle.click();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      await visit('menu-open');
    } else {
      expect(await toggle.isVisible()).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  it.each(WIDTHS)('every customer route at %i px, with the review form refusing an empty review', async (width) => {
    const { page, errors } = await openPage(browser, width);
    const visit = checkEachStop(page, width);
    await logIn(page, stack.webUrl, customer);
    await walkCustomerRoutes(page, visit);
    const form = page.getByRole('form', { name: `Review ${products[0]!.name}` });
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.locator('.field-error').first().waitFor();
    await visit('userdashboard-addreview-invalid');
    // My Profile's Erase my account: its dialog, asking for the password it was not given.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Erase my account' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase your account?' });
    await erase.getByRole('button', { name: 'Erase my account' }).click();
    await erase.locator('.field-error').waitFor();
    await visit('userdashboard-profile-erase-dialog');
    await page.keyboard.press('Escape');
    await erase.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it.each(WIDTHS)('every admin route at %i px, and the toast of a restock', async (width) => {
    const { page, errors } = await openPage(browser, width);
    await logIn(page, stack.webUrl, admin);
    await walkAdminRoutes(page, checkEachStop(page, width));

    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Manage Products' }).click();
    await page.getByRole('button', { name: `Restock ${products[1]!.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity').fill('1');
    await dialog.getByRole('button', { name: 'Save stock' }).click();
    const toast = page.getByRole('list', { name: 'Notifications' }).getByRole('status').first();
    await toast.waitFor();
    // It slides in: axe measures its colours once it stands still.
    await settled(page);
    // A toast closes itself after a few seconds: axe looks at the notifications only, which is quick.
    const { results, findings } = await runAxe(new AxeBuilder({ page }).include('.toasts'));
    expect(findings, `axe at ${width} px on the toast`).toEqual([]);
    expect(
      results.passes.some((rule) => rule.id === 'color-contrast' && rule.nodes.length > 0),
      'the toast was checked',
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});
