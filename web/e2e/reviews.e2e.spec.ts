import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LatestReviewDto, type ProductDto } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { deliverOrderThroughApi, homeProducts, placeOrderThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn, logOut, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * A verified review, clicked through in Chromium against the real stack: an order is delivered
 * through the API by an admin, its customer reviews the product on Add Review, and the product's
 * card on the home page shows the stars.
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
let product: ProductDto;

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('reviews-admin'), displayName: 'Reviews Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('reviews-customer'), displayName: 'Reviews Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  const newest = (await homeProducts(stack.queryUrl))[0];
  if (!newest) throw new Error('the seeded catalogue lists no product');
  product = newest;
  const { orderId } = await placeOrderThroughApi(stack.commandUrl, customer, product);
  await deliverOrderThroughApi(stack.commandUrl, admin, orderId);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('verified reviews in Chromium', () => {
  it('a customer reviews a delivered product; its card shows the stars and the home page the review', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, stack.webUrl, customer);
    await clickNav(page, 'Dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Review' }).click();
    const form = page.getByRole('form', { name: `Review ${product.name}` });
    await form.waitFor();
    await form.getByLabel('Rating').selectOption('5');
    const text = `Reviewed in the browser ${randomUUID().slice(0, 8)}: sharp and sturdy.`;
    await form.getByLabel('Review').fill(text);
    await form.getByRole('button', { name: 'Post review' }).click();
    await page.getByRole('list', { name: 'Notifications' }).getByText(messages.reviewPosted).waitFor();

    // Back to the home page through the app's links: the product reads wait for the review's position.
    await mainNav(page).locator('a.brand').click();
    const card = page.getByRole('article', { name: product.name });
    await card.getByLabel('Rated 5.0 out of 5 from 1 review').waitFor();
    await page.getByRole('region', { name: 'What our customers say' }).getByText(text).waitFor();

    const latest = (await fetchJson<LatestReviewDto[]>(`${stack.queryUrl}/latestreviews`)).body;
    expect(latest[0]).toMatchObject({ productId: product._id, rating: 5, text, userName: customer.displayName });
    await logOut(page);
    expect(errors).toEqual([]);
  });
});
