import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { launchChromium } from './browser';
import { homeProducts } from './apiOrders';
import { clickNav, logIn, mainNav, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * A customer with only a keyboard, at a desktop and a phone width: from the home page through the skip link to Login, signs in,
 * goes to All Products, orders a product and sees the order in My Orders, with page.keyboard alone
 * (Tab, Shift+Tab, Enter, Space, arrow keys, typing). Every element the focus lands on shows where it is,
 * and after each move to another page the focus is on that page's heading. Then the cart: from an order page
 * into the cart, through the navigation to the cart page, and its checkout.
 */

/** More presses than any page here needs to reach its farthest control from the one before. */
const MAX_PRESSES = 40;

let stack: Stack;
let browser: Browser;
let customer: TestAccount;
let admin: TestAccount;

/** The focused element as a person sees it: what it is, and whether an outline or shadow marks it. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { what: 'nothing (the page itself)', marked: false };
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return { what: `<${element.tagName.toLowerCase()}> ${label}`, marked: outlined || style.boxShadow !== 'none' };
  });
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Expects `target` to hold the focus (it may get it a moment after a page appears) and to show it. */
async function expectFocusOn(page: Page, target: Locator, what: string) {
  await target.waitFor();
  await expect.poll(() => isFocused(target), { message: `${what} has the focus` }).toBe(true);
  expect((await describeFocus(page)).marked, `${what} shows a focus indicator`).toBe(true);
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `target` has the focus; every element passed
 * on the way must show that it has the focus, and the focus must never fall back to the page.
 */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator, what: string) {
  await target.waitFor();
  for (let press = 0; press < MAX_PRESSES; press++) {
    await page.keyboard.press(key);
    const focus = await describeFocus(page);
    expect.soft(focus.marked, `${focus.what}, passed on the way to ${what}, shows a focus indicator`).toBe(true);
    if (await isFocused(target)) return;
  }
  throw new Error(`${what} was not reached with ${MAX_PRESSES} presses of ${key}`);
}

beforeAll(async () => {
  [customer, admin] = await Promise.all([
    createAccount({ email: uniqueEmail('keyboard-customer'), displayName: 'Keyboard Customer', emailVerified: true }),
    createAccount({ email: uniqueEmail('keyboard-admin'), displayName: 'Keyboard Admin', emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('the shop with a keyboard only, in Chromium', () => {
  it.each([1280, 390])('at %i px: login → All Products → order → My Orders shows the order, by keys alone', async (width) => {
    const { page, errors } = await openPage(browser, width);
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Tools made to last/ }).waitFor();

    // The first Tab shows the skip link; it leads past the navigation into the page.
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await page.keyboard.press('Tab');
    await expectFocusOn(page, skipLink, 'the skip link');
    const box = await skipLink.boundingBox();
    expect(box && box.y >= 0 && box.height > 0, 'the focused skip link is on screen').toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByRole('link', { name: 'Browse the catalogue' }), 'the banner’s first link');

    // Back into the navigation, to Login: on a phone it is behind the menu button, which Space opens.
    const login = mainNav(page).getByRole('link', { name: 'Login' });
    if (width < 600) {
      const menu = page.getByRole('button', { name: 'Open menu' });
      await pressUntilFocused(page, 'Shift+Tab', menu, 'the menu button');
      await page.keyboard.press('Space');
      await expectFocusOn(page, page.getByRole('button', { name: 'Close menu' }), 'the open menu’s button');
      await pressUntilFocused(page, 'Tab', login, 'Login in the menu');
    } else {
      await pressUntilFocused(page, 'Shift+Tab', login, 'Login in the navigation');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Login' }), 'the login page’s heading');

    await pressUntilFocused(page, 'Tab', page.getByRole('textbox', { name: 'Email' }), 'the Email field');
    await page.keyboard.type(customer.email);
    await pressUntilFocused(page, 'Tab', page.getByLabel('Password'), 'the Password field');
    await page.keyboard.type(customer.password);
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Login', exact: true }), 'the Login button');
    await page.keyboard.press('Enter');
    // Signed in, the shop goes back home (no page was asked for before).
    // On a phone the name sits in the folded menu: attached, not visible.
    await mainNav(page).getByText(customer.displayName).waitFor({ state: 'attached' });
    await page.waitForURL((url) => url.pathname === '/');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: /Tools made to last/ }), 'the home page’s heading');

    await pressUntilFocused(page, 'Tab', page.getByRole('link', { name: 'All Products', exact: true }), 'the All Products link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/allproducts');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'All Products' }), 'the catalogue’s heading');

    const orderNow = page.getByRole('link', { name: /^Order Now/ }).first();
    await orderNow.waitFor();
    const productName = (await orderNow.getAttribute('aria-label'))!.replace(/^Order Now: /, '');
    await pressUntilFocused(page, 'Tab', orderNow, `Order Now of ${productName}`);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/order/**');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: productName }), 'the product’s heading');

    // The quantity starts at the minimum order: one more, with the arrow key.
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await pressUntilFocused(page, 'Tab', quantity, 'the Quantity field');
    const minimum = Number(await quantity.inputValue());
    const stock = Number(await quantity.getAttribute('max'));
    await page.keyboard.press('ArrowUp');
    const ordered = Math.min(minimum + 1, stock);
    expect(Number(await quantity.inputValue())).toBe(ordered);
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Proceed' }), 'Proceed');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Order summary' }).waitFor();

    const address = `Keyboard Lane ${Date.now()}, Forge Town`;
    await pressUntilFocused(page, 'Tab', page.getByRole('textbox', { name: 'Shipping address' }), 'the Shipping address field');
    await page.keyboard.type(address);
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Confirm Order' }), 'Confirm Order');
    await page.keyboard.press('Enter');

    // The order is placed: My Orders opens with the focus on its heading and the order in the list.
    await page.waitForURL(`**/userdashboard/orders/${customer.uid}`);
    await expectFocusOn(page, page.getByRole('heading', { name: 'My Orders' }), 'the My Orders heading');
    const row = page.getByRole('table', { name: 'My orders' }).getByRole('row').filter({ hasText: address });
    await row.waitFor({ timeout: 5_000 });
    expect(await row.locator('[data-label="Product"]').textContent()).toBe(productName);
    expect(await row.locator('[data-label="Quantity"]').textContent()).toBe(String(ordered));
    expect(await row.locator('[data-label="Status"]').textContent()).toBe('pending');

    // From the heading, Tab goes on into the list: to the new order's own controls.
    await pressUntilFocused(page, 'Tab', row.getByRole('link', { name: /^History of order/ }), 'the order’s History link');
    expect(errors).toEqual([]);
  });

  it.each([1280, 390])('at %i px: an order page → Add to cart → the cart → Checkout → My Orders, by keys alone', async (width) => {
    // Signed in by the form (the walk above signs in by keys), on the order page of a product sold one by one.
    const product = (await homeProducts(stack.queryUrl)).find((each) => each.packSize === 1 && each.stock >= each.minOrder)!;
    const { page, errors } = await openPage(browser, width);
    await logIn(page, stack.webUrl, customer);
    await mainNav(page).getByText(customer.displayName).waitFor({ state: 'attached' });
    await page.goto(`${stack.webUrl}/order/${encodeURIComponent(product._id)}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Add to cart', exact: true }), 'Add to cart');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Notifications' }).getByText(`${product.name} is in your cart`, { exact: false }).waitFor();

    // Back to the navigation's cart: on a phone it is behind the menu button, which Space opens.
    const cart = mainNav(page).getByRole('link', { name: /^Cart, / });
    if (width < 600) {
      const menu = page.getByRole('button', { name: 'Open menu' });
      await pressUntilFocused(page, 'Shift+Tab', menu, 'the menu button');
      await page.keyboard.press('Space');
      await pressUntilFocused(page, 'Tab', cart, 'Cart in the menu');
    } else {
      await pressUntilFocused(page, 'Shift+Tab', cart, 'Cart in the navigation');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Your Cart' }), 'the cart’s heading');

    // Checkout opens the address step with the focus in it.
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Checkout', exact: true }), 'Checkout');
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.getByRole('textbox', { name: 'Shipping address' }), 'the Shipping address field');
    const address = `Keyboard Cart Lane ${Date.now()}, Forge Town`;
    await page.keyboard.type(address);
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Confirm Order' }), 'Confirm Order');
    await page.keyboard.press('Enter');

    await page.waitForURL(`**/userdashboard/orders/${customer.uid}`);
    await expectFocusOn(page, page.getByRole('heading', { name: 'My Orders' }), 'the My Orders heading');
    const row = page.getByRole('table', { name: 'My orders' }).getByRole('row').filter({ hasText: address });
    await row.waitFor({ timeout: 5_000 });
    expect(await row.locator('[data-label="Product"]').textContent()).toBe(product.name);
    expect(errors).toEqual([]);
  });

  it('an admin reaches the operator console and runs its controls by keys alone', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, stack.webUrl, admin);
    await page.goto(`${stack.webUrl}/admindashboard/profile`);
    const consoleLink = page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Operator console' });
    await pressUntilFocused(page, 'Tab', consoleLink, 'the Operator console link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admindashboard/console');

    const follow = page.getByRole('button', { name: 'Follow' });
    await pressUntilFocused(page, 'Tab', follow, 'Follow');
    await page.keyboard.press('Space');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');

    await pressUntilFocused(page, 'Tab', page.getByLabel('Order id'), 'the Order id field');
    await page.keyboard.type('o-not-in-the-log');
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Audit order' }), 'Audit order');
    await page.keyboard.press('Enter');
    await page.getByText('The log holds no such order').waitFor();

    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Verify the log' }), 'Verify the log');
    await page.keyboard.press('Enter');
    await page.getByText(/^No problem: /).waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  });
});

describe('the admins’ sales dashboard with a keyboard only, in Chromium', () => {
  it.each([1280, 390])('at %i px: from its heading to the period, a preset by arrow key, the dates and Show', async (width) => {
    const { page, errors } = await openPage(browser, width);
    await logIn(page, stack.webUrl, admin);
    await clickNav(page, 'Dashboard');
    await page.waitForURL('**/admindashboard/sales?**');
    // Reached by a click: the heading has the focus, but shows it only once keys move it.
    await expect.poll(() => isFocused(page.getByRole('heading', { name: 'Sales', level: 2 }))).toBe(true);
    await page.getByLabel('Totals').waitFor();

    const period = page.getByRole('combobox', { name: 'Period' });
    await pressUntilFocused(page, 'Tab', period, 'the Period list');
    // From the first preset after the one shown (the last 30 days): this month, shown at once.
    await page.keyboard.press('ArrowDown');
    const firstOfMonth = `${new Date().toISOString().slice(0, 8)}01`;
    await page.waitForURL((url) => url.searchParams.get('from') === firstOfMonth);
    // The list follows the address once React has drawn the new period: wait for it rather than read it at once.
    await expect.poll(() => period.inputValue()).toBe('this-month');

    await pressUntilFocused(page, 'Tab', page.getByLabel('From', { exact: true }), 'the From date');
    await pressUntilFocused(page, 'Tab', page.getByLabel('To', { exact: true }), 'the To date');
    await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Show' }), 'Show');
    await page.keyboard.press('Enter');
    await page.getByLabel('Totals').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(firstOfMonth);
    // Back up to the dashboard's side links: Sales is the first.
    await pressUntilFocused(
      page,
      'Shift+Tab',
      page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Sales' }),
      'the Sales link',
    );
    expect(errors).toEqual([]);
  });
});
