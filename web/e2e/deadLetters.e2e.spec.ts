import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type AddProductInput, type DeadLettersDto } from '@toolforge/contracts';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { createAccount, fetchJson, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { signInThroughApi } from './apiOrders';
import { launchChromium } from './browser';
import { clickNav, logIn as logInAt, logOut, openPage } from './pages';
import { startStack, type Stack } from './stack';

/**
 * Dead letters retried and skipped from the operator console (issue 41, docs/projector.md#dead-letters-retried-or-skipped),
 * in Chromium on both stacks. The read model is given a check before the test: it refuses the
 * product "E2E Refused Vise" until a product "E2E Unlock Vise" is in it, and refuses "E2E Skipped
 * Vise" always. So the admin's two products become dead letters, the third makes the first one's
 * retry go through, and the admin retries it after its dry run and skips the other.
 */

const REFUSED = 'E2E Refused Vise';
const UNLOCK = 'E2E Unlock Vise';
const SKIPPED = 'E2E Skipped Vise';

/** The read model's refusal: a check whose function reads the products already there (embedded PGlite and PostgreSQL alike). */
async function refuseTheVises(sql: SqlExecutor): Promise<void> {
  await sql.query(`create function e2e_product_allowed(product_name text) returns boolean language sql as $$
    select product_name <> '${SKIPPED}' and (product_name <> '${REFUSED}' or exists (select 1 from products where name = '${UNLOCK}'))
  $$`);
  await sql.query('alter table products add constraint e2e_refuse_vises check (e2e_product_allowed(name))');
}

let stack: Stack;
let browser: Browser;
let admin: TestAccount;
let adminToken: string;

const product = (name: string): AddProductInput => ({
  name,
  category: 'hand-tool',
  model: 'E2E-V',
  imageUrl: '/images/products/cordless-drill.svg',
  price: '25',
  stock: '10',
  minOrder: '1',
  description: 'A vise for the dead letters’ test.',
});

async function addProduct(name: string): Promise<void> {
  const response = await fetchJson(`${stack.commandUrl}/addproduct`, { method: 'POST', token: adminToken, body: product(name) });
  expect(response.status).toBe(200);
}

/** The dead letters as the console's API lists them. */
const deadLetters = async () =>
  (await fetchJson<DeadLettersDto>(`${stack.operatorUrl}${OPERATOR_PATHS.deadLetters}`, { token: adminToken })).body.deadLetters;
const positionOf = async (name: string) => (await deadLetters()).find((letter) => JSON.stringify(letter.event).includes(name))?.position;

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('dead-letters-admin'), displayName: 'Letters Admin', emailVerified: true });
  stack = await startStack({ adminEmails: [admin.email], readModelSetup: refuseTheVises });
  adminToken = await signInThroughApi(stack.commandUrl, admin);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

/** The row of the console's dead letters table for the letter at `position`. */
const letterRow = (page: Page, position: string) =>
  page
    .getByRole('region', { name: 'Dead letters' })
    .locator('tbody tr', { has: page.locator('[data-label="Position"]').getByText(position, { exact: true }) });

describe.sequential('dead letters in the operator console, in Chromium', () => {
  it('an admin retries a dead letter after its dry run and sees it leave the list, and skips another', async () => {
    await addProduct(REFUSED);
    await addProduct(SKIPPED);
    let refused: string | undefined;
    let skipped: string | undefined;
    await expect
      .poll(async () => ((refused = await positionOf(REFUSED)), (skipped = await positionOf(SKIPPED)), Boolean(refused && skipped)), {
        timeout: 20_000,
      })
      .toBe(true);

    const { page, errors } = await openPage(browser);
    await logIn(page, admin);
    await clickNav(page, 'Dashboard');
    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Operator console' }).click();
    await page.getByRole('heading', { name: 'Operator console' }).waitFor();
    await letterRow(page, refused!).waitFor();
    expect(await letterRow(page, refused!).locator('[data-label="Error"]').textContent()).toMatch(/e2e_refuse_vises/);

    // Retried while the read model still refuses it: the dry run says so, and the admin says no.
    await page.getByRole('button', { name: `Retry… ${refused}` }).click();
    const retry = page.getByRole('dialog', { name: `Retry the dead letter ${refused}` });
    await retry.getByText(/The dry run was refused/).waitFor();
    // The dialog as it stands, its dry run shown: no finding of axe's (accessibility.e2e.spec.ts checks the pages).
    const findings = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.map((violation) => violation.id);
    expect(findings).toEqual([]);
    // Escape says no: the focus is on the Reason field, which the dialog opens on.
    await page.keyboard.press('Escape');
    await retry.waitFor({ state: 'detached' });

    // Once the unlocking product is in, the dry run goes through: a reason is asked for, then it is retried.
    await addProduct(UNLOCK);
    await page.getByRole('button', { name: `Retry… ${refused}` }).click();
    await retry.getByText(/The dry run went through/).waitFor({ timeout: 15_000 });
    expect(await retry.getByRole('listitem').allTextContents()).toContainEqual(expect.stringMatching(/^products: product_id = /));
    await retry.getByLabel('Reason').press('Enter');
    await retry.getByText(/^Say why/).waitFor();
    // Enter sends the form from its field.
    await retry.getByLabel('Reason').fill('the unlocking vise is in now');
    await retry.getByLabel('Reason').press('Enter');
    await letterRow(page, refused!).waitFor({ state: 'detached', timeout: 20_000 });
    const shop = await fetchJson<{ name: string }[]>(`${stack.queryUrl}/homeproducts`);
    expect(shop.body.map((each) => each.name)).toContain(REFUSED);

    // The other one skipped: the dry run names the event that stays out.
    await page.getByRole('button', { name: `Skip… ${skipped}` }).click();
    const skip = page.getByRole('dialog', { name: `Skip the dead letter ${skipped}` });
    await skip.getByText(/stays out of the read model/).waitFor();
    await skip.getByLabel('Reason').fill('a test product, never sold');
    await skip.getByLabel('Reason').press('Enter');
    await letterRow(page, skipped!).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await deadLetters()).toEqual([]);

    await logOut(page);
    expect(errors).toEqual([]);
  });
});

const logIn = (page: Page, account: TestAccount) => logInAt(page, stack.webUrl, account);
