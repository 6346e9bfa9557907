/**
 * A shop the bench measures: started on a large seeded history, caught up, answering on its
 * command and query URLs (the same URL when one process serves both), and stopped again with
 * everything it left behind. servicesStack.ts and embeddedStack.ts start one each.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchedProcess } from '@toolforge/platform/testing';
import { DEMO_ADMIN_EMAIL } from '../demoAccounts.js';
import type { HistorySize, SeededHistory } from './seed.js';
import type { BenchSettings, StackName } from './settings.js';

export interface RunningStack {
  readonly name: StackName;
  readonly commandUrl: string;
  readonly queryUrl: string;
  readonly seeded: SeededHistory;
  /** From starting the shop's processes to a read model caught up with the seeded log. */
  readonly catchUpSeconds: number;
  /** The shop's processes' environment: where its log and read model are, for the operators' tool. */
  readonly env: NodeJS.ProcessEnv;
  /** Stops the shop's processes, leaving its log and read model for the rebuild measure. */
  halt(): Promise<void>;
  /** Stops the processes if halt() has not, and deletes everything the stack made. */
  stop(): Promise<void>;
}

/** The repository's root, from src/bench and dist/bench alike. */
export const REPOSITORY = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** How long a shop may take to read a seeded log of millions of events before it answers. */
export const CATCH_UP_TIMEOUT_MS = 15 * 60_000;

/**
 * What every shop process of the bench runs with. The rate limits are off, or the bench would
 * measure them (RATE_LIMIT_LOGIN/ORDER/QUERY/COMMAND; a build without one ignores it).
 * One JWT secret for all of a stack's processes, so a token from /login passes the query service.
 */
export function shopEnvironment(settings: BenchSettings): NodeJS.ProcessEnv {
  return {
    ...process.env,
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_ORDER: '0',
    RATE_LIMIT_QUERY: '0',
    QUERY_RATE_LIMIT: '0',
    RATE_LIMIT_COMMAND: '0',
    // The demo admin adds the products the shoppers order (shoppers.ts); it is an admin only by this.
    ADMIN_EMAILS: DEMO_ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    FIREBASE_AUTH_EMULATOR_HOST: settings.authEmulatorHost,
    // No card payments (make start's default would take them through the local provider): the bench
    // measures the shop, not a provider's page opened after each order is acknowledged.
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  };
}

/** Node's arguments before a shop process's script: a CPU profile of it when BENCH_CPU_PROFILE names a folder. */
export function shopNodeArguments(settings: BenchSettings): string[] {
  return settings.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${settings.cpuProfileDir}`] : [];
}

/** Prints a line of the bench's progress, with the time it was said. */
export function say(line: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
}

/** Says that a stack's seeding starts, and of what. */
export function saySeeding(stack: StackName, size: HistorySize): void {
  say(
    `${stack}: seeding ${size.products.toLocaleString('en')} products, ${size.customers.toLocaleString('en')} customers, ${size.orders.toLocaleString('en')} orders`,
  );
}

/**
 * Said when a stack stops: a shop process that exited while it was measured (a crash under load)
 * explains a table of connection errors, so its last lines are shown.
 */
export function reportIfExited(shopProcess: LaunchedProcess): void {
  if (shopProcess.running()) return;
  const tail = shopProcess.output().trim().split('\n').slice(-20).join('\n');
  say(`${shopProcess.name} had exited before the bench stopped it; its last lines:\n${tail}`);
}
