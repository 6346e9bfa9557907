/**
 * Issue 12's figures and their goals: each is one load against a running stack, read beside the
 * bare Fastify route measured in the same run (ratios are the goals: the machine is shared and noisy).
 */
import type { MeasuredWindow, Share } from './cpuProfiles.js';
import { EXPORT_TARGET, measureExport } from './export.js';
import { VERIFY_TARGET, measureVerify } from './verify.js';
import { runLoad } from './loadRunner.js';
import { REBUILD_TARGETS, measureRebuild } from './rebuild.js';
import type { LoadResult, LoadSpec, ReadRequests } from './loadSpec.js';
import { seededCustomerUid, seededProductId } from './seed.js';
import type { BenchSettings } from './settings.js';
import type { ShopSession } from './shoppers.js';
import type { RunningStack } from './stacks.js';

/** One row of the table. */
export interface Figure {
  readonly stack: string;
  readonly figure: string;
  readonly routes: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number | null;
  /** req/s as a share of hello's (of the raw read, for the rebuild). */
  readonly ratio: number | null;
  readonly goal: string;
  readonly met: boolean | null;
  /** Answers outside 2xx, 5xx among them, and connection errors: any of them makes a figure unmet. */
  readonly failures: string;
  /** When it was measured: what the processes' CPU profiles are cut to, when asked for (cpuProfiles.ts). */
  readonly window?: MeasuredWindow;
  /** The cores each kind of process used meanwhile (processCpu.ts). */
  readonly cores?: readonly Share[];
}

/** What a figure must reach; unset parts are not asked. A figure with none says why in `note`. */
interface Goal {
  readonly ofHello?: number;
  readonly p99Ms?: number;
  readonly perSecond?: number;
  readonly note?: string;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

function describeGoal(goal: Goal): string {
  return [
    goal.ofHello !== undefined ? `>= ${percent(goal.ofHello)} of hello` : undefined,
    goal.perSecond !== undefined ? `>= ${goal.perSecond.toLocaleString('en')}/s` : undefined,
    goal.p99Ms !== undefined ? `p99 <= ${goal.p99Ms} ms` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

function failuresOf(result: LoadResult): string {
  const parts = [
    result.non2xx > 0
      ? `${result.non2xx} non-2xx (${Object.entries(result.statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ')})`
      : undefined,
    result.errors > 0 ? `${result.errors} errors` : undefined,
    result.notVisible ? `${result.notVisible} not visible` : undefined,
  ].filter(Boolean);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** The row of one load's result, against its goal. */
export function figureOf(
  stack: string,
  figure: string,
  routes: string,
  result: LoadResult,
  hello: LoadResult | undefined,
  goal: Goal,
): Figure {
  const ratio = hello ? Math.round((result.requestsPerSecond / hello.requestsPerSecond) * 100) / 100 : null;
  const clean = result.non2xx === 0 && result.errors === 0 && !result.notVisible;
  const met =
    clean &&
    (goal.ofHello === undefined || (ratio ?? 0) >= goal.ofHello) &&
    (goal.p99Ms === undefined || result.p99Ms <= goal.p99Ms) &&
    (goal.perSecond === undefined || result.requestsPerSecond >= goal.perSecond);
  return {
    stack,
    figure,
    routes,
    requestsPerSecond: result.requestsPerSecond,
    p99Ms: result.p99Ms,
    ratio,
    goal: describeGoal(goal) || goal.note || 'reference',
    met: describeGoal(goal) ? met : null,
    failures: failuresOf(result),
    window: result.window,
    cores: result.cores,
  };
}

const CACHED: Goal = { ofHello: 0.5, p99Ms: 15 };
const UNCACHED: Goal = { ofHello: 0.25, p99Ms: 30 };
/** Issue 13's write path: a thousand orders a second at most, and p99 50 ms at 500 a second. */
const ORDERS_SUSTAINED: Goal = { perSecond: 1000 };
const ORDERS_AT_RATE = 500;
/** A fixed rate is held when at least 95 % of it is answered: the goal's p99 is at that rate. */
const HELD = 0.95;
const ORDERS_AT_RATE_GOAL: Goal = { perSecond: ORDERS_AT_RATE * HELD, p99Ms: 50 };
const READ_YOUR_WRITES_RATE = 200;
/** A checkout's lines: issue 36's figure, beside the one-line order. */
const CHECKOUT_LINES = 3;
/** Faster than any stack answers: each of `connections` shoppers checks out again as soon as the last one is answered. */
const AS_FAST_AS_TAKEN = 10_000;
const CHECKOUTS: Goal = { note: 'reported beside the one-line order (no goal yet)' };
const READ_YOUR_WRITES: Goal = { perSecond: READ_YOUR_WRITES_RATE * HELD, p99Ms: 100 };

/** The bare Fastify route: the reference every ratio is of. */
export function measureHello(settings: BenchSettings, origin: string): Promise<LoadResult> {
  return runLoad({ ...loadShape(settings), origin, requests: { kind: 'reads', path: '/' } });
}

function loadShape(settings: BenchSettings): Pick<LoadSpec, 'connections' | 'seconds' | 'warmUpSeconds'> {
  return { connections: settings.connections, seconds: settings.seconds, warmUpSeconds: settings.warmUpSeconds };
}

const range = (count: number, name: (n: number) => string) => Array.from({ length: count }, (_, n) => name(n));

/** Cached and uncached reads, each route on its own, signed in. */
export async function measureReads(
  settings: BenchSettings,
  stack: RunningStack,
  session: ShopSession,
  hello: LoadResult,
): Promise<Figure[]> {
  const reads = async (figure: string, routes: string, goal: Goal, requests: Omit<ReadRequests, 'kind'>) => {
    const result = await runLoad({ ...loadShape(settings), origin: stack.queryUrl, requests: { kind: 'reads', ...requests } });
    return figureOf(stack.name, figure, routes, result, hello, goal);
  };
  const token = session.shoppers[0]!.token;
  const pages = Math.min(settings.pages, Math.max(1, Math.ceil(settings.products / 10)));
  return [
    await reads('cached reads', '/products?page=N&size=10', CACHED, {
      path: '/products?page={id}&size=10',
      token,
      ids: range(pages, String),
    }),
    await reads('cached reads', '/productscount', CACHED, { path: '/productscount', token }),
    await reads('cached reads', '/homeproducts', CACHED, { path: '/homeproducts', token }),
    await reads('uncached reads', '/product/:id', UNCACHED, {
      path: '/product/{id}',
      token,
      ids: range(settings.products, seededProductId),
    }),
    // Another customer's orders: only the admin may read them.
    await reads('uncached reads', '/orders/:uid', UNCACHED, {
      path: '/orders/{id}',
      token: session.adminToken,
      ids: range(settings.customers, seededCustomerUid),
    }),
  ];
}

/** Orders as fast as they are taken, at a fixed 500/s, read-your-writes at 200/s, and checkouts of 3 lines as fast as taken. */
export async function measureOrders(settings: BenchSettings, stack: RunningStack, session: ShopSession): Promise<Figure[]> {
  const { shoppers, products } = session;
  const orders = { kind: 'orders', shoppers, products } as const;
  const shape = { ...loadShape(settings), origin: stack.commandUrl };
  const sustained = await runLoad({ ...shape, requests: orders });
  const atRate = await runLoad({ ...shape, requests: orders, rate: ORDERS_AT_RATE });
  const readYourWrites = await runLoad({
    ...shape,
    queryOrigin: stack.queryUrl,
    requests: { kind: 'readYourWrites', shoppers, products },
    rate: READ_YOUR_WRITES_RATE,
  });
  const checkouts = await runLoad({
    ...shape,
    requests: { kind: 'checkouts', shoppers, products, lines: CHECKOUT_LINES },
    rate: AS_FAST_AS_TAKEN,
  });
  return [
    figureOf(stack.name, 'orders (as fast as taken)', 'POST /order', sustained, undefined, ORDERS_SUSTAINED),
    figureOf(
      stack.name,
      `checkouts of ${CHECKOUT_LINES} lines (as fast as taken)`,
      `${CHECKOUT_LINES} × PUT /cart/lines/:id + POST /checkout, timed as one`,
      checkouts,
      undefined,
      CHECKOUTS,
    ),
    figureOf(stack.name, `orders at ${ORDERS_AT_RATE}/s`, 'POST /order', atRate, undefined, ORDERS_AT_RATE_GOAL),
    figureOf(
      stack.name,
      `read-your-writes at ${READ_YOUR_WRITES_RATE}/s`,
      'POST /order → GET /orders/:uid (X-Read-After)',
      readYourWrites,
      undefined,
      READ_YOUR_WRITES,
    ),
  ];
}

const perSecond = (rate: number) => `${rate.toLocaleString('en')}/s`;

/**
 * `toolforge rebuild`'s throughput on the stack's seeded history, its shop stopped (rebuild.ts),
 * beside raw reads of that log.
 */
export async function measureRebuildFigure(stack: RunningStack, say: (line: string) => void, profileDir?: string): Promise<Figure> {
  const measure = await measureRebuild(stack.env, say, profileDir);
  const goal = `>= ${REBUILD_TARGETS.eventsPerSecond.toLocaleString('en')} events/s, >= ${percent(REBUILD_TARGETS.ofRawRead)} of raw read`;
  return {
    stack: stack.name,
    figure: 'rebuild (events/s)',
    routes: `toolforge rebuild of ${measure.events.toLocaleString('en')} events; raw read ${perSecond(measure.rawReadPerSecond)} (before ${perSecond(measure.rawReads.before)}, after ${perSecond(measure.rawReads.after)})`,
    requestsPerSecond: measure.rebuildPerSecond,
    p99Ms: null,
    ratio: measure.ratio,
    goal,
    met: measure.rebuildPerSecond >= REBUILD_TARGETS.eventsPerSecond && measure.ratio >= REBUILD_TARGETS.ofRawRead,
    failures: 'none',
    window: measure.window,
    cores: measure.cores,
  };
}

/** A figure of a command run on a stack's stopped shop: its events a second against one goal, and its ratio to a raw read. */
function stoppedShopFigure(
  stack: RunningStack,
  figure: string,
  routes: string,
  measure: { readonly perSecond: number; readonly rawReadPerSecond: number; readonly ratio: number } & Pick<Figure, 'window' | 'cores'>,
  goalPerSecond: number,
): Figure {
  return {
    stack: stack.name,
    figure,
    routes: `${routes}; raw read ${perSecond(measure.rawReadPerSecond)}`,
    requestsPerSecond: measure.perSecond,
    p99Ms: null,
    ratio: measure.ratio,
    goal: `>= ${goalPerSecond.toLocaleString('en')} events/s`,
    met: measure.perSecond >= goalPerSecond,
    failures: 'none',
    window: measure.window,
    cores: measure.cores,
  };
}

/**
 * `toolforge events export --format parquet`'s throughput on the stack's seeded history, its shop
 * stopped (export.ts), beside a raw read of that log.
 */
export async function measureExportFigure(stack: RunningStack, say: (line: string) => void, profileDir?: string): Promise<Figure> {
  const measure = await measureExport(stack.env, say, profileDir);
  const routes = `toolforge events export of ${measure.events.toLocaleString('en')} events into ${measure.files} files (${(measure.bytes / 1024 ** 2).toFixed(1)} MiB)`;
  return stoppedShopFigure(
    stack,
    'export to Parquet (events/s)',
    routes,
    { ...measure, perSecond: measure.exportPerSecond },
    EXPORT_TARGET.eventsPerSecond,
  );
}

/**
 * `toolforge audit verify`'s throughput on the stack's seeded history, its shop stopped
 * (verify.ts), beside a raw read of that log.
 */
export async function measureVerifyFigure(stack: RunningStack, say: (line: string) => void, profileDir?: string): Promise<Figure> {
  const measure = await measureVerify(stack.env, say, profileDir);
  const routes = `toolforge audit verify of ${measure.events.toLocaleString('en')} events against the writer's anchors`;
  return stoppedShopFigure(
    stack,
    'audit verify (events/s)',
    routes,
    { ...measure, perSecond: measure.verifyPerSecond },
    VERIFY_TARGET.eventsPerSecond,
  );
}
