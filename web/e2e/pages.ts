import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import type { TestAccount } from '@toolforge/platform/testing';
import { stackKind } from './stack';

/** test-artifacts/screenshots, and its services/ folder for the run on services mode, so neither run overwrites the other's. */
export const screenshotDir = resolve(
  fileURLToPath(new URL('../../test-artifacts/screenshots', import.meta.url)),
  stackKind() === 'services' ? 'services' : '.',
);

/**
 * A page in a fresh context (no cookies, no signed-in user). If the test fails, a picture of where
 * the browser stood is kept and the failed API calls and console errors are printed. `errors`
 * collects the page's uncaught errors: every flow ends by expecting it empty.
 */
export async function openPage(browser: Browser, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  const trail: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') trail.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) trail.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(screenshotDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await page.screenshot({ path: join(screenshotDir, `failed-${name}.png`), fullPage: true }).catch(() => undefined);
      console.error(`${task.name} failed at ${page.url()}\n${trail.join('\n')}`);
    }
    await context.close();
  });
  return { page, errors };
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** On a phone width the links sit behind the menu button. */
export async function openMenuIfFolded(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Follows a link of the main navigation (behind the menu button on a phone). */
export async function clickNav(page: Page, name: string) {
  await openMenuIfFolded(page);
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}

/**
 * Fills the login form and waits until the shop acknowledged the sign-in: the navigation bar shows
 * the account's name as soon as the identity provider signed it in, but the shop's session (and
 * with it the role behind Dashboard) exists only once the app has left /login.
 */
export async function submitLogin(page: Page, account: Pick<TestAccount, 'email' | 'password' | 'displayName'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await mainNav(page).getByText(account.displayName).waitFor({ state: 'attached' });
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs in from /login (a full load is free while signed out; only a signed-in load syncs). */
export async function logIn(page: Page, webUrl: string, account: TestAccount) {
  await page.goto(`${webUrl}/login`);
  await submitLogin(page, account);
}

export async function logOut(page: Page) {
  await openMenuIfFolded(page);
  await mainNav(page).getByRole('button', { name: 'Logout' }).click();
  // On a phone the link sits in the folded menu: attached, not visible.
  await mainNav(page).getByRole('link', { name: 'Login', includeHidden: true }).waitFor({ state: 'attached' });
  await page.waitForURL((url) => url.pathname === '/');
}

/** A table's rows as shown, top to bottom: each named column's text (the cells carry their column in data-label). */
export async function tableRows(table: Locator, columns: readonly string[]): Promise<Record<string, string>[]> {
  await table.waitFor();
  const shown: Record<string, string>[] = [];
  for (const row of await table.locator('tbody tr').all()) {
    const cells: Record<string, string> = {};
    for (const column of columns) cells[column] = (await row.locator(`[data-label="${column}"]`).textContent())!.trim();
    shown.push(cells);
  }
  return shown;
}
