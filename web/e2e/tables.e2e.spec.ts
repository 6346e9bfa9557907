import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, ProductDto } from '@toolforge/contracts';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { httpCommandClient } from '../src/api/commandClient';
import { adminCommands } from '../src/features/admin/commands';
import { cartCommands } from '../src/features/cart/commands';
import { orderLifecycleCommands } from '../src/features/orderLifecycle/commands';
import { homeProducts, placeOrderThroughApi, signInThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, mainNav, openMenuIfFolded, openPage, screenshotDir } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Tables that fit (issue 41, docs/web.md#tables-that-fit): every table page, filled with long names,
 * a long address, an order of several lines and orders in every status (so every action shows), at a
 * desktop's 1280 px, a tablet's 1024 and 768 px and a phone's 390 px. Nothing in the main content is
 * wider than what holds it, the page never scrolls sideways, every action is in view, every column
 * too at 1280, and at 390 each row is a card whose cells carry their column's label (still a table
 * of rows and cells to a screen reader).
 */

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let customer: TestAccount;
let adminToken: string;
/** The product with the longest name and model the catalogue allows, unbroken words among them. */
let longProduct: ProductDto;

const suffix = randomUUID().slice(0, 6);
const LONG_NAME = `Heavy-Duty Cast-Iron Engineer’s Bench Vise, Swivel Base, HardenedReplaceableJaws ${suffix}`;
const LONG_MODEL = `HDCI-BENCHVISE-SWIVELBASE-HARDENEDJAWS-XL-${suffix}`;
const LONG_ADDRESS = [
  'Workshop of the Featherstonehaugh-Wolfeschlegelsteinhausen Family',
  'deliveries.department.featherstonehaugh@workshop-with-a-very-long-name.example',
  '1234 Extraordinarily Long Industrial Estate Boulevard, Unit 42B',
].join('\n');
const LONG_DISPLAY_NAME = 'Maximiliana Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff';

/** The widths a person uses: a laptop's, and a phone's (the height openPage gives each). */
const DESKTOP = 1280;
const PHONE = 390;
/**
 * The widths checked, and how the rows must be laid out at each: a table at a laptop's, cards at a
 * phone's; at a tablet's either, as long as everything fits and no action is cut off.
 */
const WIDTHS: { width: number; rows: 'table' | 'cards' | 'either' }[] = [
  { width: DESKTOP, rows: 'table' },
  { width: 1024, rows: 'either' },
  { width: 768, rows: 'either' },
  { width: PHONE, rows: 'cards' },
];

/** Opens a panel of the viewer's dashboard (the admin's or the customer's) from its side links. */
async function openPanel(page: Page, viewer: 'admin' | 'customer', link: string) {
  await clickNav(page, 'Dashboard');
  const dashboard = viewer === 'admin' ? 'Admin dashboard' : 'Dashboard';
  await page.getByRole('navigation', { name: dashboard }).getByRole('link', { name: link }).click();
}

/** The table pages, each reached as a person reaches it, with the table's name. */
interface TablePage {
  name: string;
  viewer: 'admin' | 'customer';
  open(page: Page): Promise<void>;
  table: string | RegExp;
}

const TABLE_PAGES: TablePage[] = [
  { name: 'Manage Orders', viewer: 'admin', table: 'All orders', open: (page) => openPanel(page, 'admin', 'Manage Orders') },
  {
    name: 'Manage Products',
    viewer: 'admin',
    table: 'Products in the catalogue',
    open: (page) => openPanel(page, 'admin', 'Manage Products'),
  },
  {
    name: 'stock history',
    viewer: 'admin',
    table: /^Stock changes, newest first/,
    async open(page) {
      await openPanel(page, 'admin', 'Manage Products');
      await page.getByRole('link', { name: `Edit ${longProduct.name}`, exact: true }).click();
    },
  },
  { name: 'Sales', viewer: 'admin', table: 'Top products by revenue', open: (page) => openPanel(page, 'admin', 'Sales') },
  {
    name: 'Operator console projections',
    viewer: 'admin',
    table: 'Each partition’s projection against the log’s end',
    open: (page) => openPanel(page, 'admin', 'Operator console'),
  },
  {
    name: 'Operator console events',
    viewer: 'admin',
    table: /^The log’s events/,
    open: (page) => openPanel(page, 'admin', 'Operator console'),
  },
  { name: 'My Orders', viewer: 'customer', table: 'My orders', open: (page) => openPanel(page, 'customer', 'My Orders') },
  {
    name: 'Cart',
    viewer: 'customer',
    table: 'Products in your cart',
    async open(page) {
      await openMenuIfFolded(page);
      await mainNav(page).getByRole('link', { name: /^Cart/ }).click();
    },
  },
];

/** What overflows in the main content: each element wider than the box that clips or scrolls it (or than the main). */
function overflowsInMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const found: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > window.innerWidth) found.push(`the page scrolls sideways: ${scroller.scrollWidth} > ${window.innerWidth}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const reported: Element[] = [];
    for (const element of Array.from(main.querySelectorAll('*'))) {
      if (element.closest('.visually-hidden, dialog, [role="dialog"]')) continue;
      // Only the outermost element that overflows: what it holds overflows with it.
      if (reported.some((outer) => outer.contains(element))) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      let holder = element.parentElement!;
      while (holder !== main && getComputedStyle(holder).overflowX === 'visible') holder = holder.parentElement!;
      const bounds = holder.getBoundingClientRect();
      // What only a screen reader reads (a header clipped to a pixel) is not shown: it overflows nothing.
      if (bounds.width <= 2) continue;
      const right = Math.min(bounds.right, window.innerWidth);
      if (box.right > right + 1 || box.left < Math.max(bounds.left, 0) - 1) {
        reported.push(element);
        found.push(
          `${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} in ${describe(holder)} ${Math.round(bounds.left)}–${Math.round(bounds.right)}`,
        );
      }
    }
    return found;
  });
}

/** Which of the table's column headers and row actions (buttons and links) are not wholly in view. */
function clippedInTable(page: Page, tableName: string | RegExp): Promise<string[]> {
  return page.getByRole('table', { name: tableName }).evaluate((table) => {
    const clipped: string[] = [];
    const controls = table.querySelectorAll('thead th, tbody button, tbody a, tbody input');
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      // A header only a screen reader reads (the cards' header row, clipped to a pixel) is not to be seen.
      if (control.closest('.visually-hidden') || (control.closest('thead')?.getBoundingClientRect().height ?? Infinity) <= 2) continue;
      if (box.width === 0 || box.left < 0 || box.right > window.innerWidth)
        clipped.push((control.textContent ?? '').trim() || control.outerHTML.slice(0, 60));
    }
    return clipped;
  });
}

/** How the table's rows are laid out at this width: as table rows, or as cards with each cell's label shown. */
function rowLayout(page: Page, tableName: string | RegExp) {
  return page.getByRole('table', { name: tableName }).evaluate((table) => {
    const header = table.querySelector('thead')!;
    const rows = Array.from(table.querySelectorAll('tbody tr'));
    const labelled = Array.from(table.querySelectorAll('tbody td[data-label]'));
    return {
      // A header only a screen reader reads (visually hidden) is a pixel high.
      headerShown: getComputedStyle(header).display !== 'none' && header.getBoundingClientRect().height > 2,
      rowDisplays: [...new Set(rows.map((row) => getComputedStyle(row).display))],
      labelsShown: labelled.every((cell) => getComputedStyle(cell, '::before').content === `"${cell.getAttribute('data-label')}"`),
      rowCount: rows.length,
    };
  });
}

/** The roles the browser tells a screen reader on the page: a table of cards must still be a table of rows and cells. */
async function accessibleRoles(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value?: string } }[] };
  await session.detach();
  return nodes.map((node) => node.role?.value ?? '');
}

async function addLongProduct(): Promise<ProductDto> {
  const added = await httpCommandClient(stack.commandUrl).send(adminCommands.addProduct, adminToken, {
    name: LONG_NAME,
    category: 'hand-tool',
    model: LONG_MODEL,
    imageUrl: '/images/products/bench-vise.svg',
    price: '1234567.89',
    stock: 500,
    minOrder: 1,
    packSize: 1,
    priceTiers: [],
    description: 'A vise whose name and model fill every column they are shown in.',
  });
  if (!added.acknowledged) throw new Error(`the long product was not added: ${JSON.stringify(added)}`);
  const until = Date.now() + 10_000;
  for (;;) {
    const found = (await homeProducts(stack.queryUrl)).find((product) => product.name === LONG_NAME);
    if (found) return found;
    if (Date.now() > until) throw new Error('the long product never reached the home page');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The customer's orders in every status, one of several lines, and a cart of several lines to show. */
async function placeOrdersInEveryStatus(others: ProductDto[]) {
  const commands = httpCommandClient(stack.commandUrl);
  const customerToken = await signInThroughApi(stack.commandUrl, customer);
  const fillCart = async () => {
    for (const product of [longProduct, ...others])
      await commands.send(cartCommands.setCartLine, customerToken, product._id, { quantity: product.minOrder });
  };
  await fillCart();
  const checkedOut = await commands.send(cartCommands.checkout, customerToken, { shippingAddress: LONG_ADDRESS }, randomUUID());
  if (!checkedOut.orderId) throw new Error(`the checkout placed no order: ${JSON.stringify(checkedOut)}`);
  // The cart page has lines to show too.
  await fillCart();

  const move = (orderId: string, status: 'paid' | 'shipped' | 'delivered') =>
    commands.send(
      orderLifecycleCommands.setOrderStatus,
      adminToken,
      orderId,
      status === 'paid' ? { status, reference: `TRANSFER-${orderId.slice(0, 8)}-WITH-A-LONG-BANK-REFERENCE` } : { status },
      randomUUID(),
    );
  const place = async () => (await placeOrderThroughApi(stack.commandUrl, customer, longProduct)).orderId;
  const paid = await place();
  const shipped = await place();
  const delivered = await place();
  const cancelled = await place();
  for (const orderId of [paid, shipped, delivered, cancelled]) await move(orderId, 'paid');
  for (const orderId of [shipped, delivered]) await move(orderId, 'shipped');
  await move(delivered, 'delivered');
  await commands.send(
    orderLifecycleCommands.cancelOrder,
    adminToken,
    cancelled,
    { reason: 'Cancelled after payment: a credit note' },
    randomUUID(),
  );
  // The read model has applied every move once the admin's list shows each status.
  const until = Date.now() + 15_000;
  for (;;) {
    const orders = (await fetchJson<OrderDto[]>(`${stack.queryUrl}/allorders`, { token: adminToken })).body;
    const statuses = new Set(orders.map((order) => order.status));
    if (['pending', 'paid', 'shipped', 'delivered', 'cancelled'].every((status) => statuses.has(status as OrderDto['status']))) return;
    if (Date.now() > until) throw new Error(`the orders never reached every status: ${[...statuses].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  [admin, customer] = await Promise.all([
    createAccount({ email: uniqueEmail('tables-admin'), displayName: 'Tables Admin', emailVerified: true }),
    createAccount({ email: uniqueEmail('tables-customer-with-a-long-address'), displayName: LONG_DISPLAY_NAME, emailVerified: true }),
  ]);
  stack = await startStack({ adminEmails: [admin.email] });
  adminToken = await signInThroughApi(stack.commandUrl, admin);
  longProduct = await addLongProduct();
  const others = (await homeProducts(stack.queryUrl)).filter(
    (product) => product._id !== longProduct._id && product.stock >= product.minOrder * 3,
  );
  await placeOrdersInEveryStatus(others.slice(0, 3));
  await httpCommandClient(stack.commandUrl).send(adminCommands.restockProduct, adminToken, longProduct._id, {
    quantity: 25,
    reason: 'A delivery from the forge with a reason long enough to wrap in its cell',
  });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe.sequential('tables that fit, in Chromium', () => {
  for (const { width, rows } of WIDTHS) {
    const shown = { table: ', every column and action in view', cards: ', each row a card', either: ', every action in view' }[rows];
    it(`at ${width} px every table page fits its width${shown}`, async () => {
      const problems: string[] = [];
      for (const viewer of ['admin', 'customer'] as const) {
        const { page, errors } = await openPage(browser, width);
        await logInAt(page, stack.webUrl, viewer === 'admin' ? admin : customer);
        for (const tablePage of TABLE_PAGES.filter((each) => each.viewer === viewer)) {
          await tablePage.open(page);
          const table = page.getByRole('table', { name: tablePage.table });
          await table.locator('tbody tr').first().waitFor();
          if (tablePage.name === 'Manage Orders' || tablePage.name === 'My Orders')
            await table.getByRole('row').filter({ hasText: 'delivered' }).first().waitFor();
          mkdirSync(screenshotDir, { recursive: true });
          await page.screenshot({ path: join(screenshotDir, `tables-${tablePage.name.replace(/ /g, '-')}-${width}.png`), fullPage: true });

          for (const overflow of await overflowsInMain(page)) problems.push(`${tablePage.name}: ${overflow}`);
          const layout = await rowLayout(page, tablePage.table);
          expect(layout.rowCount, tablePage.name).toBeGreaterThan(0);
          for (const clipped of await clippedInTable(page, tablePage.table)) problems.push(`${tablePage.name}: ${clipped} is cut off`);
          if (rows === 'table') {
            expect(layout, tablePage.name).toMatchObject({ headerShown: true, rowDisplays: ['table-row'] });
          } else if (rows === 'cards') {
            expect(layout, tablePage.name).toMatchObject({ headerShown: false, labelsShown: true });
            expect(layout.rowDisplays, tablePage.name).not.toContain('table-row');
            expect(await accessibleRoles(page), tablePage.name).toEqual(expect.arrayContaining(['table', 'columnheader', 'row', 'cell']));
          }
        }
        await logOut(page);
        expect(errors).toEqual([]);
      }
      expect(problems).toEqual([]);
    });
  }

  it('at 1280 px Manage Orders shows every action its orders allow, all in view', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await logInAt(page, stack.webUrl, admin);
    await TABLE_PAGES[0]!.open(page);
    const table = page.getByRole('table', { name: 'All orders' });
    await table.getByRole('row').filter({ hasText: 'delivered' }).first().waitFor();
    for (const action of ['Mark paid', 'Mark shipped', 'Mark delivered', 'Cancel', 'History', 'Resend e-mail', 'Invoice']) {
      const control = table
        .getByRole('button', { name: action })
        .or(table.getByRole('link', { name: action }))
        .first();
      await control.waitFor();
      expect(await control.isVisible(), action).toBe(true);
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, action).toBeLessThanOrEqual(DESKTOP);
    }
    await logOut(page);
  });
});
