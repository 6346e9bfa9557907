/**
 * What `make bench` measures and at what size, from BENCH_* variables: the defaults are issue 12's
 * full run; smaller numbers make a quick try (BENCH_ORDERS=20000 BENCH_PRODUCTS=10000). BENCH_ONLY=web is
 * issue 16's Lighthouse table of the web app on `make start`'s shop (with the embedded stack only);
 * BENCH_ONLY=audit is issue 39's analysts' export of the seeded history.
 */

/** The parts of the bench that BENCH_ONLY can name. */
export const BENCH_PARTS = ['reads', 'orders', 'rebuild', 'audit', 'web', 'inputs'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** The stacks that BENCH_STACK can name: services mode (Kafka, PostgreSQL, Redis) or `make start`'s. */
export const STACK_NAMES = ['services', 'embedded'] as const;
export type StackName = (typeof STACK_NAMES)[number];

export interface BenchSettings {
  readonly parts: ReadonlySet<BenchPart>;
  readonly stacks: readonly StackName[];
  /** Products seeded into the log before the shop starts. */
  readonly products: number;
  /** Orders seeded into the log, spread over `customers` seeded customers. */
  readonly orders: number;
  readonly customers: number;
  /** Signed-in customers placing the measured orders (each through a real /login). */
  readonly shoppers: number;
  /** Length of each measure, after a warm-up of `warmUpSeconds` that is not counted. */
  readonly seconds: number;
  readonly warmUpSeconds: number;
  readonly connections: number;
  /** /products?page=N draws N from the first `pages` pages: the pages shoppers browse, kept hot. */
  readonly pages: number;
  /** The first of the ports the bench's processes listen on (hello, the shop, the services). */
  readonly portBase: number;
  readonly kafkaBrokers: string[];
  /** The PostgreSQL server on which each services run gets a database of its own. */
  readonly postgresUrl: string;
  readonly redisUrl: string;
  readonly authEmulatorHost: string;
  /** Where the table is written as JSON. */
  readonly resultsDir: string;
  /** BENCH_CPU_PROFILE: every shop process writes a V8 CPU profile there (`node --cpu-prof`), to see where the time went. */
  readonly cpuProfileDir: string | undefined;
}

/** A whole number of at least `least` from the environment, or the default. */
function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 1): number {
  const setting = env[name];
  if (setting === undefined || setting === '') return fallback;
  const value = Number(setting.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${name} is a whole number of at least ${least}, not ${JSON.stringify(setting)}`);
  return value;
}

/** A comma-separated choice among `allowed`; all of them when unset. */
function choice<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  aliases: Record<string, readonly T[]> = {},
): T[] {
  const setting = env[name]?.trim();
  if (!setting) return [...allowed];
  const isAllowed = (word: string): word is T => (allowed as readonly string[]).includes(word);
  const chosen = setting.split(',').flatMap((item) => {
    const word = item.trim();
    if (aliases[word]) return aliases[word];
    if (isAllowed(word)) return [word];
    throw new Error(
      `${name} is a comma-separated list of ${[...allowed, ...Object.keys(aliases)].join(', ')}, not ${JSON.stringify(setting)}`,
    );
  });
  return allowed.filter((item) => chosen.includes(item));
}

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const orders = whole(env, 'BENCH_ORDERS', 1_000_000);
  return {
    parts: new Set(choice(env, 'BENCH_ONLY', BENCH_PARTS)),
    stacks: choice(env, 'BENCH_STACK', STACK_NAMES, { both: STACK_NAMES }),
    products: whole(env, 'BENCH_PRODUCTS', 100_000),
    orders,
    // Ten orders a customer, so that one customer's order list is the size a shopper's is.
    customers: whole(env, 'BENCH_CUSTOMERS', Math.max(1, Math.round(orders / 10))),
    shoppers: whole(env, 'BENCH_SHOPPERS', 200),
    seconds: whole(env, 'BENCH_SECONDS', 10),
    warmUpSeconds: whole(env, 'BENCH_WARMUP_SECONDS', 2, 0),
    connections: whole(env, 'BENCH_CONNECTIONS', 50),
    pages: whole(env, 'BENCH_PAGES', 100),
    portBase: whole(env, 'BENCH_PORT_BASE', 5600, 1024),
    kafkaBrokers: (env.KAFKA_BROKERS || '127.0.0.1:9092').split(','),
    postgresUrl: env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
    resultsDir: env.BENCH_RESULTS_DIR || 'bench-results',
    cpuProfileDir: env.BENCH_CPU_PROFILE || undefined,
  };
}
