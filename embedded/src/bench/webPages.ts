/**
 * Issue 16's browser figures: Lighthouse (mobile, its default simulated throttling) in Debian's
 * Chromium against `make start`'s shop on a fresh data dir, each page three times, the median of
 * each figure; /allproducts signed in through the login form in the same Chrome profile before
 * each of its runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../demoAccounts.js';
import { launchEmbeddedShop } from './embeddedStack.js';
import type { BenchSettings } from './settings.js';
import { say, shopEnvironment } from './stacks.js';
import { figureOfRuns, type Run, type WebPageFigure } from './webFigures.js';

const RUNS = 3;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PUBLIC_PAGES = ['/', '/blog', '/about', '/login', '/register'];
const SIGNED_IN_PAGE = '/allproducts';

/** gzip sizes of the scripts by URL: the same build's files, fetched once. */
const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const size = gzipSync(body).length;
  gzipSizes.set(url, size);
  return size;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  statusCode?: number;
}

async function lighthouseRun(url: string, port: number, signedIn: boolean): Promise<Run> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The signed-in session lives in the profile's IndexedDB: Lighthouse must not clear it.
    disableStorageReset: signedIn,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const runtimeError = lhr.runtimeError;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    // Scripts that arrived: a blocked or unreachable one (Google's sign-in script, refused by the CSP) loaded nothing.
    (item) => item.resourceType === 'Script' && item.statusCode !== undefined && item.statusCode >= 200 && item.statusCode < 300,
  );
  const scripts = [...new Set(items.map((item) => item.url))];
  const bytes = (await Promise.all(scripts.map(gzipSize))).reduce((sum, size) => sum + size, 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpSeconds: (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKbGzip: Math.round(bytes / 1024),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

/**
 * Signs the demo customer in through the login form, in the Chrome that Lighthouse then drives:
 * first the origin's storage is cleared (a session left by the run before would skip the form), so
 * every signed-in run starts from a sign-in of its own.
 */
async function signIn(webUrl: string, port: number): Promise<void> {
  const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Storage.clearDataForOrigin', { origin: new URL(webUrl).origin, storageTypes: 'all' });
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.close();
  } finally {
    // Connected over CDP, close() disconnects and leaves Chrome (and its profile) running.
    await browser.close();
  }
}

/** Each page's Lighthouse figures on `make start`'s shop, started and stopped here. */
export async function measureWebPages(settings: BenchSettings): Promise<WebPageFigure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-bench-web-'));
  const apiPort = settings.portBase + 1;
  const webPort = settings.portBase + 2;
  const env = { ...shopEnvironment(settings), DATA_DIR: dataDir, API_PORT: String(apiPort), WEB_PORT: String(webPort) };
  const profile = await mkdtemp(join(tmpdir(), 'toolforge-bench-chrome-'));
  try {
    const shop = await launchEmbeddedShop(env, `http://127.0.0.1:${apiPort}`);
    try {
      const webUrl = `http://127.0.0.1:${webPort}`;
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        userDataDir: profile,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const figures: WebPageFigure[] = [];
        const measure = async (page: string, signedIn: boolean) => {
          const runs: Run[] = [];
          for (let run = 1; run <= RUNS; run++) {
            if (signedIn) await signIn(webUrl, chrome.port);
            say(`web: Lighthouse on ${page}${signedIn ? ' (signed in)' : ''}, run ${run} of ${RUNS}`);
            runs.push(await lighthouseRun(`${webUrl}${page}`, chrome.port, signedIn));
          }
          figures.push(figureOfRuns(page, signedIn ? `${page} (signed in)` : page, runs));
        };
        for (const page of PUBLIC_PAGES) await measure(page, false);
        await measure(SIGNED_IN_PAGE, true);
        return figures;
      } finally {
        chrome.kill();
      }
    } finally {
      await shop.stop({ graceMs: 30_000 });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
}
