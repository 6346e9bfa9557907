import type { Page } from 'playwright-core';
import { clickNav, mainNav, openMenuIfFolded } from './pages';

/**
 * A walk over every route of web/src/routes.tsx and the states a user reaches on them by clicking
 * (an open dialog, a form showing its validation messages). At each stop the walk has waited for
 * the content (a heading, the data) and calls `visit` with the stop's name: the screenshot test
 * takes a picture there, the accessibility test runs axe.
 */
export type Visit = (name: string) => Promise<void>;

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first();
const orderNow = (page: Page) => page.getByRole('link', { name: /^Order Now/ }).first();
/** A form's validation messages are alerts inside the page (a toast is outside `main`). */
const fieldErrors = (page: Page) => page.getByRole('main').locator('.field-error').first();

/** The home page has loaded both of its lists: the products, and the latest reviews (or that there are none). */
async function homeLoaded(page: Page) {
  await orderNow(page).waitFor();
  const reviews = page.getByRole('region', { name: 'What our customers say' });
  await reviews.getByRole('list').or(reviews.getByText('No reviews yet.')).first().waitFor();
}

/** Signed out, a full load per route costs nothing: only a signed-in load syncs with POST /login. */
export async function walkPublicRoutes(page: Page, webUrl: string, visit: Visit) {
  const publicRoutes: [string, string, () => Promise<void>][] = [
    ['/', 'home', () => homeLoaded(page)],
    ['/home', 'home-alias', () => homeLoaded(page)],
    ['/blog', 'blog', () => heading(page, 'Blog').waitFor()],
    ['/about', 'about', () => heading(page, 'Our team').waitFor()],
    ['/login', 'login', () => heading(page, 'Login').waitFor()],
    ['/register', 'register', () => heading(page, 'Create an account').waitFor()],
    ['/resetpassword', 'resetpassword', () => heading(page, 'Reset your password').waitFor()],
    // The page's own loading screen, whose label is its h1 (the one shown while a page loads has none).
    ['/spinner', 'spinner', () => heading(page, 'Loading...').waitFor()],
    ['/no-such-page', 'not-found', () => heading(page, 'Not Found').waitFor()],
  ];
  for (const [path, name, isReady] of publicRoutes) {
    await page.goto(`${webUrl}${path}`);
    await isReady();
    await visit(name);
  }
  // A form that refuses what it was given: Register with every field empty.
  await page.goto(`${webUrl}/register`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await fieldErrors(page).waitFor();
  await visit('register-invalid');
}

/**
 * Signed in as a customer who has at least one pending order, from the home page, through the
 * app's own links (a signed-in reload would sign in again): the catalogue, a product's order form
 * at both of its steps, the cart with the product added from there and its Checkout step, the
 * dashboard, My Orders with its Cancel dialog, an order's history, Add Review.
 */
export async function walkCustomerRoutes(page: Page, visit: Visit) {
  await page.getByRole('link', { name: 'All Products', exact: true }).click();
  // The home page's cards stay on screen until the catalogue's page has loaded: wait for its heading.
  await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
  await orderNow(page).waitFor();
  await visit('allproducts');

  await orderNow(page).click();
  const quantity = page.getByLabel('Quantity');
  await quantity.waitFor();
  await visit('order');
  await quantity.fill('0');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await fieldErrors(page).waitFor();
  await visit('order-invalid-quantity');
  await quantity.fill((await quantity.getAttribute('min')) ?? '1');
  // Enter, not a click: leaving the field clears its message, which moves Proceed under the pointer.
  await quantity.press('Enter');
  await page.getByRole('table', { name: 'Order summary' }).waitFor();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await fieldErrors(page).waitFor();
  await visit('order-summary-invalid-address');

  // The cart: the product goes in from its order page; then the cart page, and its Checkout step.
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page
    .getByRole('list', { name: 'Notifications' })
    .getByText(/is in your cart/)
    .first()
    .waitFor();
  await openMenuIfFolded(page);
  await mainNav(page).getByRole('link', { name: /^Cart/ }).click();
  await heading(page, 'Your Cart').waitFor();
  await page.getByRole('table', { name: 'Cart totals' }).waitFor();
  await visit('cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('Shipping address').waitFor();
  await visit('cart-checkout');

  await clickNav(page, 'Dashboard');
  await page.waitForURL('**/userdashboard/profile');
  await page.getByText('Customer', { exact: true }).waitFor();
  await visit('userdashboard-profile');

  const side = page.getByRole('navigation', { name: 'Dashboard' });
  await side.getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('table', { name: 'My orders' }).waitFor();
  await visit('userdashboard-orders');
  await page
    .getByRole('button', { name: /^Cancel order / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').waitFor();
  await visit('userdashboard-orders-cancel-dialog');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page
    .getByRole('link', { name: /^History of order/ })
    .first()
    .click();
  await page.getByRole('list', { name: 'Order timeline' }).waitFor();
  await visit('userdashboard-orderhistory');

  await side.getByRole('link', { name: 'Add Review' }).click();
  await heading(page, 'Add Review').waitFor();
  // The orders have loaded: a review form for each delivered product, or the note that there is none.
  await page
    .getByRole('form')
    .or(page.getByText(/nothing to review/))
    .first()
    .waitFor();
  await visit('userdashboard-addreview');
}

/**
 * Signed in as an admin, while at least one order exists, through the app's own links: every
 * panel of the admin dashboard (Sales, where it opens, first), an order's history, the Add Product form refusing an empty product,
 * the Restock dialog (empty, then refused), the Delete confirmation, a product's edit form with its stock history,
 * and the operator console.
 */
export async function walkAdminRoutes(page: Page, visit: Visit) {
  await clickNav(page, 'Dashboard');
  // The admin dashboard opens on Sales, with its period in the address; its figures once the report has come.
  await page.waitForURL('**/admindashboard/sales?**');
  await page.getByLabel('Totals').waitFor();
  await visit('admindashboard-sales');

  const side = page.getByRole('navigation', { name: 'Admin dashboard' });
  await side.getByRole('link', { name: 'My Profile' }).click();
  await page.getByText('Admin', { exact: true }).waitFor();
  await visit('admindashboard-profile');

  await side.getByRole('link', { name: 'Manage Orders' }).click();
  await page.getByRole('table', { name: 'All orders' }).waitFor();
  await visit('admindashboard-manageorders');
  await page
    .getByRole('link', { name: /^History of order/ })
    .first()
    .click();
  await page.getByRole('list', { name: 'Order timeline' }).waitFor();
  await visit('admindashboard-orderhistory');

  await side.getByRole('link', { name: 'Add Product' }).click();
  await page.getByLabel('Description').waitFor();
  await visit('admindashboard-addproduct');
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await fieldErrors(page).waitFor();
  await visit('admindashboard-addproduct-invalid');

  await side.getByRole('link', { name: 'Make Admin' }).click();
  await page.getByLabel('Email of the account').waitFor();
  await visit('admindashboard-makeadmin');

  await side.getByRole('link', { name: 'Manage Products' }).click();
  const deleteFirst = page.getByRole('button', { name: /^Delete / }).first();
  await deleteFirst.waitFor();
  await visit('admindashboard-manageproducts');

  await page
    .getByRole('button', { name: /^Restock / })
    .first()
    .click();
  const restock = page.getByRole('dialog');
  await restock.getByLabel('Quantity').waitFor();
  await visit('admindashboard-manageproducts-restock');
  await restock.getByRole('button', { name: 'Save stock' }).click();
  await restock.locator('.field-error').first().waitFor();
  await visit('admindashboard-manageproducts-restock-invalid');
  await restock.getByRole('button', { name: 'Close' }).click();
  await restock.waitFor({ state: 'detached' });

  await deleteFirst.click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Are you sure to delete item?').waitFor();
  await visit('admindashboard-manageproducts-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });

  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
  await page.getByLabel('Name', { exact: true }).waitFor();
  await page.getByRole('table', { name: /^Stock changes/ }).waitFor();
  await visit('admindashboard-editproduct');

  await side.getByRole('link', { name: 'Operator console' }).click();
  await page.getByRole('table', { name: 'Each partition’s projection against the log’s end' }).locator('tbody tr').first().waitFor();
  await page
    .getByRole('table', { name: /^The log’s events/ })
    .locator('tbody tr')
    .first()
    .waitFor();
  await visit('admindashboard-console');
}
