import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { openPage, screenshotDir } from './pages';
import { stackKind, startStack, type Stack } from './stack';

/**
 * The API's reference page (issue 15): /docs of the shop itself (of each service, in services mode) renders the OpenAPI description in
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

/** The operations each side's page must list; embedded, one page (the shop's one API) lists both sides. */
const COMMANDS = ['/addproduct', '/order'];
const QUERIES = ['/products', '/orders/{uid}'];
const PAGES =
  stackKind() === 'embedded'
    ? [{ api: 'the shop', shot: 'api-docs', url: (stack: Stack) => stack.commandUrl, paths: [...COMMANDS, ...QUERIES] }]
    : [
        { api: 'the command service', shot: 'api-docs-command', url: (stack: Stack) => stack.commandUrl, paths: COMMANDS },
        { api: 'the query service', shot: 'api-docs-query', url: (stack: Stack) => stack.queryUrl, paths: QUERIES },
      ];

describe('the API reference page', () => {
  it.each(PAGES)('renders every feature of $api, with no console error', async ({ shot, url, paths }) => {
    const apiUrl = url(stack);
    const { page, errors } = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const elsewhere: string[] = [];
    const api = new URL(apiUrl);
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== api.origin) elsewhere.push(request.url());
    });

    await page.goto(`${apiUrl}/docs`);
    // Rendered: the operations are listed, grouped by feature.
    await expect
      .poll(() => page.locator('.opblock-summary-path').allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(paths));
    await page.getByRole('heading', { name: 'ToolForge' }).first().waitFor();
    await page.locator('.opblock-tag', { hasText: 'Orders' }).first().waitFor();

    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, `${shot}.png`), fullPage: true });

    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
