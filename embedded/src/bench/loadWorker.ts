/**
 * The load generator, in a process of its own so that it never shares an event loop with what it
 * measures: reads a LoadSpec (JSON) on stdin, warms up, measures, and prints one LoadResult (JSON)
 * on stdout. Reads and orders as fast as taken are autocannon's (programmatic API); a fixed rate
 * (orders at 500/s, read-your-writes: a POST, then a GET waiting on its position, timed as one) is an
 * open-loop driver of its own (runPaced).
 */
import { performance } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import {
  IDEMPOTENCY_KEY_HEADER,
  READ_AFTER_HEADER,
  READ_AFTER_SATISFIED_HEADER,
  type OrderDto,
  type PlaceOrderResponse,
} from '@toolforge/contracts';
import { watched } from './processCpu.js';
import {
  orderRequest,
  randomItem,
  type CheckoutRequests,
  type LoadResult,
  type LoadSpec,
  type OrderableProduct,
  type OrderRequests,
  type ReadYourWrites,
} from './loadSpec.js';

/** The fields of autocannon's result the bench reads (its typings leave out the status classes). */
interface AutocannonOutcome {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { total: number };
  latency: { p50: number; p99: number };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** autocannon's request for the spec: each one drawn at random as it is sent. */
function autocannonRequest(spec: LoadSpec): autocannon.Request {
  const { requests } = spec;
  if (requests.kind === 'reads') {
    const path = requests.path;
    const ids = requests.ids;
    const request: autocannon.Request = {
      method: 'GET',
      path,
      headers: requests.token ? { authorization: `Bearer ${requests.token}` } : {},
    };
    // autocannon calls setupRequest whenever the key is there, even undefined.
    if (ids) request.setupRequest = (sent) => ({ ...sent, path: path.replace('{id}', encodeURIComponent(randomItem(ids))) });
    return request;
  }
  if (requests.kind === 'orders') {
    const { shoppers, products } = requests;
    return {
      method: 'POST',
      path: '/order',
      setupRequest: (request) => {
        const { headers, body } = orderRequest(shoppers, products);
        return { ...request, headers, body };
      },
    };
  }
  throw new Error(`autocannon does not drive ${requests.kind}`);
}

async function runAutocannon(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const outcome = (await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: seconds,
    overallRate: spec.rate,
    requests: [autocannonRequest(spec)],
  })) as unknown as AutocannonOutcome;
  return {
    requestsPerSecond: Math.round(outcome.requests.total / outcome.duration),
    p50Ms: round(outcome.latency.p50),
    p99Ms: round(outcome.latency.p99),
    requests: outcome.requests.total,
    non2xx: outcome.non2xx,
    serverErrors: outcome['5xx'],
    statuses: Object.fromEntries(
      Object.entries(outcome.statusCodeStats)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => [status, count]),
    ),
    errors: outcome.errors + outcome.timeouts,
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

/** One paced step: resolves with its latency in ms, or undefined when it failed (told through `failed`) or timed nothing. */
type PacedStep = (failed: (status: number) => undefined) => Promise<number | undefined>;

/** One order: POST /order, timed from sending it to its acknowledgement. */
function placeOrderStep(spec: LoadSpec, requests: OrderRequests): PacedStep {
  return async (failed) => {
    const { headers, body } = orderRequest(requests.shoppers, requests.products);
    const sent = performance.now();
    const placed = await fetch(`${spec.origin}/order`, { method: 'POST', headers, body });
    await placed.arrayBuffer();
    if (!placed.ok) return failed(placed.status);
    return performance.now() - sent;
  };
}

/** One order, then the read of its customer's orders that waits on its position: timed from acknowledgement to visible. */
function readYourWritesStep(spec: LoadSpec, requests: ReadYourWrites, notVisible: () => void): PacedStep {
  return async (failed) => {
    const { shopper, headers, body } = orderRequest(requests.shoppers, requests.products);
    const placed = await fetch(`${spec.origin}/order`, { method: 'POST', headers, body });
    if (!placed.ok) return failed(placed.status);
    const { orderId, position } = (await placed.json()) as PlaceOrderResponse;
    const acknowledged = performance.now();
    const read = await fetch(`${spec.queryOrigin ?? spec.origin}/orders/${encodeURIComponent(shopper.uid)}`, {
      headers: { authorization: headers.authorization, [READ_AFTER_HEADER]: position },
    });
    if (!read.ok) return failed(read.status);
    const orders = (await read.json()) as OrderDto[];
    const latency = performance.now() - acknowledged;
    if (read.headers.get(READ_AFTER_SATISFIED_HEADER) !== 'true' || !orders.some((order) => order._id === orderId)) notVisible();
    return latency;
  };
}

/**
 * One checkout of `lines` lines by a shopper no other checkout holds (a cart is one customer's:
 * two checkouts of one cart at once would take each other's lines): its lines set, then checked out.
 */
function checkoutStep(spec: LoadSpec, requests: CheckoutRequests): PacedStep {
  const idle = [...requests.shoppers];
  return async (failed) => {
    const shopper = idle.pop();
    // Every shopper is checking out already: counted as not started, as a step past `connections` is.
    if (!shopper) return undefined;
    try {
      const authorization = `Bearer ${shopper.token}`;
      const sent = performance.now();
      for (const product of distinctProducts(requests.products, requests.lines)) {
        const set = await fetch(`${spec.origin}/cart/lines/${encodeURIComponent(product.productId)}`, {
          method: 'PUT',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1 + Math.floor(Math.random() * 3) }),
        });
        await set.arrayBuffer();
        if (!set.ok) return failed(set.status);
      }
      const checkedOut = await fetch(`${spec.origin}/checkout`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
        body: JSON.stringify({ shippingAddress: '1 Benchmark Way, Sheffield' }),
      });
      await checkedOut.arrayBuffer();
      if (!checkedOut.ok) return failed(checkedOut.status);
      return performance.now() - sent;
    } finally {
      idle.unshift(shopper);
    }
  };
}

/** `count` products drawn at random, none twice. */
function distinctProducts(products: readonly OrderableProduct[], count: number): OrderableProduct[] {
  const drawn = new Set<OrderableProduct>();
  while (drawn.size < Math.min(count, products.length)) drawn.add(randomItem(products));
  return [...drawn];
}

/**
 * Starts one step every 1/rate s whatever the earlier ones are doing (open loop, so a slow answer
 * cannot lower the rate it is measured at), and times each. The steps it could not start (already
 * `connections` in flight) count in `requests`, not in the rate achieved. Used for the fixed rates:
 * autocannon's rate sends each connection's share of a second back to back at the start of the
 * second, a burst every second rather than a rate, and pads the slow answers' latencies with
 * samples it assumes were held back (coordinated omission, at a 1 ms interval whatever the rate).
 */
async function runPaced(spec: LoadSpec, seconds: number, step: (notVisible: () => void) => PacedStep): Promise<LoadResult> {
  const rate = spec.rate ?? 200;
  const latencies: number[] = [];
  let non2xx = 0;
  let serverErrors = 0;
  const statuses: Record<string, number> = {};
  let errors = 0;
  let notVisible = 0;
  const failed = (status: number): undefined => {
    non2xx += 1;
    if (status >= 500) serverErrors += 1;
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const timed = step(() => (notVisible += 1));

  const started = performance.now();
  const running: Promise<void>[] = [];
  let launched = 0;
  let inFlight = 0;
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds) {
        clearInterval(tick);
        done();
        return;
      }
      for (; launched < Math.floor(elapsed * rate); launched += 1) {
        // At most `connections` in flight, as autocannon: a shop slower than the rate is measured at
        // the rate it holds (below the goal's), not buried under a backlog that would outlast the run.
        if (inFlight >= spec.connections) continue;
        inFlight += 1;
        running.push(
          timed(failed)
            .then((latency) => {
              if (latency !== undefined) latencies.push(latency);
            })
            .catch(() => {
              errors += 1;
            })
            .finally(() => {
              inFlight -= 1;
            }),
        );
      }
    }, 5);
  });
  await Promise.all(running);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    requests: launched,
    non2xx,
    serverErrors,
    statuses,
    errors,
    notVisible,
  };
}

function run(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const { requests } = spec;
  if (requests.kind === 'readYourWrites') return runPaced(spec, seconds, (notVisible) => readYourWritesStep(spec, requests, notVisible));
  if (requests.kind === 'orders' && spec.rate !== undefined) return runPaced(spec, seconds, () => placeOrderStep(spec, requests));
  if (requests.kind === 'checkouts') return runPaced(spec, seconds, () => checkoutStep(spec, requests));
  return runAutocannon(spec, seconds);
}

const spec = JSON.parse(await text(process.stdin)) as LoadSpec;
// The warm-up's figures are thrown away: it fills caches and connection pools, and lets V8 compile the hot paths.
if (spec.warmUpSeconds > 0) await run(spec, spec.warmUpSeconds);
const measured = await watched(() => run(spec, spec.seconds));
const result: LoadResult = { ...measured.answer, window: measured.window, cores: measured.cores };
process.stdout.write(`${JSON.stringify(result)}\n`);
