import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { openPage, screenshotDir } from './pages';
import { startStack, type Stack } from './stack';

/**
 * The API's reference page (issue 15): /docs of the shop itself renders the OpenAPI description in
 * Chromium, under the security headers of every API answer, with no console error (a script or
 * style the page's policy refused would be one) and nothing fetched from elsewhere.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ adminEmails: [] });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the API reference page', () => {
  it('renders every feature of the API from the shop, with no console error', async () => {
    const { page, errors } = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const elsewhere: string[] = [];
    const api = new URL(stack.apiUrl);
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== api.origin) elsewhere.push(request.url());
    });

    await page.goto(`${stack.apiUrl}/docs`);
    // Rendered: the operations of both sides are listed, grouped by feature.
    await expect
      .poll(() => page.locator('.opblock-summary-path').allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['/addproduct', '/products', '/order', '/orders/{uid}']));
    await page.getByRole('heading', { name: 'ToolForge' }).first().waitFor();
    await page.locator('.opblock-tag', { hasText: 'Orders' }).first().waitFor();

    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'api-docs.png'), fullPage: true });

    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
