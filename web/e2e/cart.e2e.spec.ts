import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, orderTotals, toCents, type ProductDto } from '@toolforge/contracts';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { httpCommandClient } from '../src/api/commandClient';
import { adminCommands } from '../src/features/admin/commands';
import { homeProducts, signInThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { logIn, logOut, mainNav, openMenuIfFolded, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The cart (issue 36), clicked through in Chromium against the real stack: a clamp sold in packs of
 * five with a cheaper price from ten on (added by an admin through the API) goes into the cart from
 * its card, a seeded product from its order page; on the cart page the clamp's quantity goes up to
 * the ladder's step and its price with it; Checkout places one order of both lines, which My Orders
 * shows with its lines.
 */

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
/** The clamp's name: unique, so that its card and its line are found by it. */
let clamp: string;
/** A product of the seeded catalogue, ordered at its first orderable quantity. */
let other: ProductDto;

const notifications = (page: Page) => page.getByRole('list', { name: 'Notifications' });
/** The navigation's cart link, whatever it counts ("Cart, 2 items"). */
const cartLink = (page: Page) => mainNav(page).getByRole('link', { name: /^Cart/ });
/** The cart's line of a product, found by the link of its name. */
const cartLine = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const cell = (row: ReturnType<typeof cartLine>, label: string) => row.locator(`[data-label="${label}"]`).first().textContent();

/** The cart's count, as the navigation bar tells a screen reader. */
async function cartLabel(page: Page): Promise<string | null> {
  await openMenuIfFolded(page);
  return cartLink(page).getAttribute('aria-label');
}

beforeAll(async () => {
  let admin: TestAccount;
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('cart-admin'), displayName: 'Cart Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('cart-customer'), displayName: 'Cart Customer', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  clamp = `Bar Clamp ${randomUUID().slice(0, 6)}`;
  const adminToken = await signInThroughApi(stack.commandUrl, admin);
  const added = await httpCommandClient(stack.commandUrl).send(adminCommands.addProduct, adminToken, {
    name: clamp,
    category: 'hand-tool',
    model: 'BC-5',
    imageUrl: '/images/products/bench-vise.svg',
    price: '50',
    stock: 200,
    minOrder: 5,
    packSize: 5,
    priceTiers: [{ minQuantity: 10, unitPrice: '42' }],
    description: 'A steel bar clamp, sold in packs of five and cheaper by the ten.',
  });
  if (!added.acknowledged) throw new Error(`the clamp was not added: ${JSON.stringify(added)}`);
  // The newest product leads the home page once the query side has it (expect.poll is a test's
  // own, not a set-up's: polled by hand).
  const until = Date.now() + 10_000;
  while ((await homeProducts(stack.queryUrl))[0]?.name !== clamp) {
    if (Date.now() > until) throw new Error(`the clamp ${clamp} never led the home page`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  other = (await homeProducts(stack.queryUrl)).find((product) => product.name !== clamp && product.stock >= product.minOrder)!;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('the cart in Chromium', () => {
  it('adds from a card and an order page, reaches the ladder’s price on the cart page, checks out, and My Orders shows the lines', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, stack.webUrl, customer);
    // The count shows once the cart is read.
    await expect.poll(() => cartLabel(page)).toBe('Cart, 0 items');

    // The card shows the ladder and the pack; Add to cart puts the first orderable quantity in the cart.
    const card = page.getByRole('article', { name: clamp });
    expect(await card.getByRole('list', { name: `Volume prices of ${clamp}` }).textContent()).toBe('10+ $42.00 each');
    await card.getByText('Sold in packs of 5').waitFor();
    await card.getByRole('button', { name: `Add to cart: ${clamp}` }).click();
    await notifications(page).getByText(`${clamp} is in your cart (5)`).waitFor();
    await expect.poll(() => cartLabel(page)).toBe('Cart, 1 item');

    // The other product from its order page, at the quantity the page starts from.
    await page.getByRole('link', { name: `Order Now: ${other.name}`, exact: true }).click();
    await page.waitForURL(`**/order/${encodeURIComponent(other._id)}`);
    const quantity = Number(await page.getByLabel('Quantity').inputValue());
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await notifications(page).getByText(`${other.name} is in your cart (${quantity})`).waitFor();
    await expect.poll(() => cartLabel(page)).toBe('Cart, 2 items');

    await cartLink(page).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    const clampLine = cartLine(page, clamp);
    expect(await cell(clampLine, 'Unit price')).toBe('$50.00');
    await clampLine.getByText('Order 5 more for $42.00 each').waitFor();

    // Up to the ladder's step: the server prices the line at it.
    await page.getByRole('spinbutton', { name: `Quantity of ${clamp}`, exact: true }).fill('10');
    await page.getByRole('button', { name: `Update quantity of ${clamp}` }).click();
    await expect.poll(() => cell(clampLine, 'Unit price'), { timeout: 5_000 }).toBe('$42.00');
    expect(await cell(clampLine, 'Line total')).toBe('$420.00');
    await clampLine.getByText('Your price: 10+ $42.00 each').waitFor();
    const otherLineCents = toCents((await cell(cartLine(page, other.name), 'Line total'))!.slice(1))!;
    const total = `$${formatCents(orderTotals(42_000 + otherLineCents).totalCostCents)}`;
    expect(await page.getByRole('table', { name: 'Cart totals' }).locator('.total').textContent()).toBe(total);

    await page.getByRole('button', { name: 'Checkout' }).click();
    const address = `Bench ${randomUUID().slice(0, 8)}, 3 Clamp Row`;
    await page.getByLabel('Shipping address').fill(address);
    await page.getByRole('button', { name: 'Confirm Order' }).click();

    // One order of both lines, in My Orders on the first read; the order emptied the cart.
    await page.waitForURL(`**/userdashboard/orders/${customer.uid}`);
    const row = page.getByRole('table', { name: 'My orders' }).getByRole('row').filter({ hasText: address });
    await row.waitFor({ timeout: 5_000 });
    expect(await row.locator('[data-label="Product"]').textContent()).toBe(`10 × ${clamp}, ${quantity} × ${other.name}`);
    expect(await row.locator('[data-label="Quantity"]').textContent()).toBe(String(10 + quantity));
    expect(await row.locator('[data-label="Total cost"]').textContent()).toBe(total);
    await expect.poll(() => cartLabel(page), { timeout: 5_000 }).toBe('Cart, 0 items');

    await logOut(page);
    expect(errors).toEqual([]);
  });
});
