/**
 * `make bench` (issue 12): on each stack (services mode, and `make start`'s embedded shop) seeded
 * with a large history, the read and write figures under autocannon beside a bare Fastify route
 * measured in the same run, then the rebuild's throughput, then issue 16's Lighthouse figures of
 * the web app (webPages.ts); the tables printed and written to bench-results/. Exits 1 when a goal
 * is missed, after printing everything. Sizes and selection: settings.ts (BENCH_ORDERS,
 * BENCH_PRODUCTS, BENCH_ONLY=reads,orders,rebuild,audit,web,inputs, BENCH_STACK=…).
 * Not part of `make test`: timings belong here.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess } from '@toolforge/platform/testing';
import { ensureDemoAccounts } from '../demoAccounts.js';
import { profileFigures, readProfiles } from './cpuProfiles.js';
import {
  figureOf,
  measureExportFigure,
  measureHello,
  measureVerifyFigure,
  measureOrders,
  measureReads,
  measureRebuildFigure,
  type Figure,
} from './figures.js';
import { measureHostileInput } from './hostileInput.js';
import { seedEmbeddedHistory, startEmbeddedStack } from './embeddedStack.js';
import { startBenchServicesStack } from './servicesStack.js';
import { readBenchSettings, type BenchSettings, type StackName } from './settings.js';
import { openShopSession } from './shoppers.js';
import { REPOSITORY, say, shopNodeArguments, type RunningStack } from './stacks.js';
import { benchReport, markdownTable, writeReport, type StackSetup } from './table.js';
import type { WebPageFigure } from './webFigures.js';
import { measureWebPages } from './webPages.js';

type Starters = Record<StackName, (settings: BenchSettings) => Promise<RunningStack>>;

/**
 * The figures on one stack: the HTTP ones, each preceded by hello measured while the stack sits
 * idle beside it, then the rebuild of its history with the shop stopped. Nothing is measured before
 * `busy` (another stack's seeding) has ended.
 */
async function measureStack(
  settings: BenchSettings,
  name: StackName,
  starters: Starters,
  helloOrigin: string | undefined,
  busy: Promise<unknown> | undefined,
): Promise<{ setup?: StackSetup; figures: Figure[] }> {
  let stack: RunningStack;
  try {
    stack = await starters[name](settings);
  } catch (error) {
    // A shop that cannot start on this history is a finding of the bench: a row of the table, and the other stack still runs.
    console.error(error);
    return { figures: [notStarted(name, error)] };
  }
  try {
    const setup = { stack: name, events: stack.seeded.events, seedSeconds: stack.seeded.seconds, catchUpSeconds: stack.catchUpSeconds };
    say(`${name}: caught up ${stack.catchUpSeconds.toFixed(1)} s after start`);
    if (busy) {
      const waitStarted = performance.now();
      // A seeding that failed is the embedded stack's to report.
      await busy.catch(() => undefined);
      const waited = (performance.now() - waitStarted) / 1000;
      // Said only when it held the measures back: a seeding that had already ended costs nothing.
      if (waited >= 0.1) say(`${name}: waited ${waited.toFixed(1)} s for the embedded seeding to end before measuring`);
    }
    const figures: Figure[] = [];
    if (helloOrigin) {
      say(`${name}: signing ${settings.shoppers} shoppers in`);
      const session = await openShopSession(stack.commandUrl, settings.shoppers);
      say(`${name}: hello (the reference), ${settings.seconds} s`);
      const hello = await measureHello(settings, helloOrigin);
      figures.push(figureOf(name, 'hello (reference)', 'bare Fastify GET /', hello, undefined, {}));
      if (settings.parts.has('reads')) {
        say(`${name}: reads`);
        figures.push(...(await measureReads(settings, stack, session, hello)));
      }
      if (settings.parts.has('orders')) {
        say(`${name}: orders and read-your-writes`);
        figures.push(...(await measureOrders(settings, stack, session)));
      }
    }
    if (settings.parts.has('rebuild')) {
      // As an operator runs it: on the shop's own log and read model, the shop stopped first.
      say(
        `${name}: rebuild of the read model from the ${stack.seeded.events.toLocaleString('en')} events seeded and those the bench added`,
      );
      await stack.halt();
      figures.push(await measureRebuildFigure(stack, (line) => say(`${name} rebuild: ${line}`), settings.cpuProfileDir));
    }
    if (settings.parts.has('audit')) {
      say(`${name}: export of the log to Parquet for analysts`);
      await stack.halt();
      figures.push(await measureExportFigure(stack, (line) => say(`${name} export: ${line}`), settings.cpuProfileDir));
      say(`${name}: audit verify of the log's hash chain`);
      figures.push(await measureVerifyFigure(stack, (line) => say(`${name} verify: ${line}`), settings.cpuProfileDir));
    }
    return { setup, figures };
  } finally {
    await stack.stop();
  }
}

/** The row of a stack that did not start: its error's telling line (the process's own, when it quotes one). */
function notStarted(stack: StackName, error: unknown): Figure {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((line) => line.trim());
  const first = lines[0] ?? '';
  const telling = lines.find((line) => /error/i.test(line) && line !== first) ?? '';
  return {
    stack,
    figure: 'start on the seeded history',
    routes: `${first} ${telling}`.trim().slice(0, 240),
    requestsPerSecond: 0,
    p99Ms: null,
    ratio: null,
    goal: 'starts and catches up',
    met: false,
    failures: 'did not start',
  };
}

async function main(): Promise<number> {
  const started = new Date();
  const settings = readBenchSettings();
  const setups: StackSetup[] = [];
  const figures: Figure[] = [];
  if (settings.parts.has('inputs')) {
    // In this process, before any stack starts: issue 34's long-input guard needs no shop around it.
    say('inputs: every request schema fed long hostile texts');
    figures.push(measureHostileInput());
  }
  const http = settings.parts.has('reads') || settings.parts.has('orders');
  if (http || settings.parts.has('rebuild') || settings.parts.has('audit')) {
    if (http) {
      await ensureDemoAccounts({ projectId: process.env.FIREBASE_PROJECT_ID || 'demo-toolforge', emulatorHost: settings.authEmulatorHost });
    }
    const helloOrigin = `http://127.0.0.1:${settings.portBase}`;
    const hello = http
      ? await startProcess({
          name: 'hello (bare Fastify)',
          command: process.execPath,
          // Profiled like the shop when profiles are asked for, so the two stay comparable.
          args: [...shopNodeArguments(settings), fileURLToPath(new URL('./helloServer.js', import.meta.url)), String(settings.portBase)],
          output: 'collect',
          ready: { url: helloOrigin },
          timeoutMs: 20_000,
        })
      : undefined;
    // With both stacks, the embedded history is seeded in a thread of its own while the services
    // stack seeds and starts, neither of which is measured; the services wait for it to end before
    // they are measured.
    const embeddedSeeding =
      settings.stacks.length > 1 && settings.stacks.includes('embedded') ? await seedEmbeddedHistory(settings) : undefined;
    const starters: Starters = {
      services: startBenchServicesStack,
      embedded: (stackSettings) => startEmbeddedStack(stackSettings, embeddedSeeding),
    };
    try {
      for (const stack of settings.stacks) {
        const busy = stack === 'embedded' ? undefined : embeddedSeeding?.seeded;
        const measured = await measureStack(settings, stack, starters, hello ? helloOrigin : undefined, busy);
        if (measured.setup) setups.push(measured.setup);
        figures.push(...measured.figures);
      }
    } finally {
      await hello?.stop();
    }
  }

  // Lighthouse runs on `make start`'s shop: part of the embedded stack's figures.
  const webPages: WebPageFigure[] = [];
  // A web part that cannot run (no Chromium) fails the run, but not before the figures above are printed.
  let webFailure: string | undefined;
  if (settings.parts.has('web') && settings.stacks.includes('embedded')) {
    say('web: Lighthouse on the web app of make start');
    try {
      webPages.push(...(await measureWebPages(settings)));
    } catch (error) {
      webFailure = error instanceof Error ? error.message : String(error);
    }
  }

  // Every profiled process has stopped by now, and so has written its profile.
  const profiles = profileFigures(
    figures.filter((figure) => figure.met === false),
    settings.cpuProfileDir ? await readProfiles(settings.cpuProfileDir, started) : [],
  );
  const report = benchReport(settings, setups, figures, webPages, profiles);
  console.log(`\n${markdownTable(report)}\n`);
  console.log(`Written to ${await writeReport(report, resolve(REPOSITORY, settings.resultsDir))}`);
  const missed = [...figures, ...webPages].filter((figure) => figure.met === false);
  if (webFailure) console.log(`The web app's figures could not be measured: ${webFailure}`);
  console.log(missed.length === 0 ? 'Every goal met.' : `${missed.length} goal(s) missed.`);
  return missed.length === 0 && !webFailure ? 0 : 1;
}

process.exit(await main());
