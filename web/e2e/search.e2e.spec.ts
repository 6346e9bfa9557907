import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { logIn, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The All Products page's search, category and sort (issue 15), clicked through in Chromium against
 * the seeded catalogue (embedded/src/catalogue.ts): what the cards show, and the address keeping it.
 */

let stack: Stack;
let browser: Browser;
let customer: TestAccount;

const cardNames = (page: Page) => page.locator('.product-card').getByRole('heading').allTextContents();

/** Waits until the cards show exactly these products, in this order. */
async function cardsShow(page: Page, names: string[]) {
  await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(names);
}

beforeAll(async () => {
  customer = await createAccount({ email: uniqueEmail('search-customer'), displayName: 'Search Customer', emailVerified: true });
  stack = await startStack({ adminEmails: [] });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('catalogue search in Chromium', () => {
  it('searches, filters by category and sorts; the address keeps the list for Back; an empty list says so', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, stack.webUrl, customer);
    await mainNav(page).locator('a.brand').click();
    await page.getByRole('link', { name: 'All Products' }).first().click();
    await page.waitForURL('**/allproducts');
    await expect.poll(async () => (await cardNames(page)).length).toBe(10);

    // The last word is a prefix: "sa" would do; "saw" finds the three saws, not the jigsaw.
    await page.getByLabel('Search').fill('saw');
    await page.getByLabel('Sort by').selectOption('name');
    await cardsShow(page, ['Circular Saw 190 mm, 1400 W', 'Metal Cutting Band Saw 180 mm', 'Universal Hand Saw 20 in']);
    expect(new URL(page.url()).search).toBe('?q=saw&sort=name');

    await page.getByLabel('Category').selectOption('machine-tool');
    await cardsShow(page, ['Metal Cutting Band Saw 180 mm']);
    await page.getByText('1 matching tool', { exact: true }).waitFor();

    await page.goBack();
    await cardsShow(page, ['Circular Saw 190 mm, 1400 W', 'Metal Cutting Band Saw 180 mm', 'Universal Hand Saw 20 in']);
    expect(await page.getByLabel('Category').inputValue()).toBe('');

    await page.getByLabel('Search').fill('');
    await page.getByLabel('Category').selectOption('power-tool');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await cardsShow(page, [
      'Heat Gun 2000 W',
      'Random Orbit Sander 125 mm',
      'Angle Grinder 125 mm, 1100 W',
      'Pendulum Jigsaw 750 W',
      'Impact Driver 18V, 180 Nm',
      'Cordless Drill Driver 18V',
      'Circular Saw 190 mm, 1400 W',
      'SDS-Plus Rotary Hammer 800 W',
    ]);

    // A link to the list brings it back as it was.
    await page.goto(`${stack.webUrl}/allproducts?category=power-tool&q=zzzz`);
    await page.getByText('No products match “zzzz” in Power tool.').waitFor();
    expect(await cardNames(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
