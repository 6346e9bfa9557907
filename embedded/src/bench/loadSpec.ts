/**
 * What the bench asks of its load generator (loadWorker.ts, a process of its own) and what it
 * answers: plain JSON both ways, since functions cannot cross the process boundary. Each request
 * is drawn at random from the spec (a page, an id, a customer) when autocannon sends it.
 */
import { IDEMPOTENCY_KEY_HEADER, formatCents, totalCostCents } from '@toolforge/contracts';
import type { MeasuredWindow, Share } from './cpuProfiles.js';

/** A signed-in customer: the uid and the API token of a real /login. */
export interface Shopper {
  readonly uid: string;
  readonly token: string;
}

/** A product the shoppers order (added through /addproduct, with its price in cents). */
export interface OrderableProduct {
  readonly productId: string;
  readonly priceCents: number;
}

/** GETs of `path`, where `{id}` is replaced by one of `ids` at random for each request. */
export interface ReadRequests {
  readonly kind: 'reads';
  readonly path: string;
  readonly ids?: readonly string[];
  readonly token?: string;
}

/** POST /order by a random shopper for a random product, each with an Idempotency-Key of its own. */
export interface OrderRequests {
  readonly kind: 'orders';
  readonly shoppers: readonly Shopper[];
  readonly products: readonly OrderableProduct[];
}

/**
 * Read-your-writes: at `rate` orders a second, each order, then at its acknowledgement
 * GET /orders/:uid with X-Read-After set to the order's position; measured from the
 * acknowledgement to the answer that lists the order.
 */
export interface ReadYourWrites {
  readonly kind: 'readYourWrites';
  readonly shoppers: readonly Shopper[];
  readonly products: readonly OrderableProduct[];
}

/**
 * Checkouts of `lines` lines: a shopper no other checkout is using puts `lines` different products
 * in their cart (PUT /cart/lines), then checks out (POST /checkout, an Idempotency-Key of its own);
 * timed from the first PUT to the checkout's acknowledgement, as one.
 */
export interface CheckoutRequests {
  readonly kind: 'checkouts';
  readonly shoppers: readonly Shopper[];
  readonly products: readonly OrderableProduct[];
  readonly lines: number;
}

export interface LoadSpec {
  /** The server's origin, e.g. http://127.0.0.1:5600. */
  readonly origin: string;
  /** Read-your-writes: where its GETs go (the query service in services mode); `origin` when unset. */
  readonly queryOrigin?: string;
  readonly requests: ReadRequests | OrderRequests | ReadYourWrites | CheckoutRequests;
  readonly connections: number;
  readonly seconds: number;
  readonly warmUpSeconds: number;
  /** A fixed rate in requests (orders, for read-your-writes) a second; as fast as it answers when unset. */
  readonly rate?: number;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  /** Answers outside 2xx, of which `serverErrors` were 5xx; `statuses` counts them by status (a 429 is a rate limit). */
  readonly non2xx: number;
  readonly serverErrors: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Read-your-writes only: answers that did not list the order, or said the wait ran out. */
  readonly notVisible?: number;
  /** When the measure ran, the warm-up left out: what a CPU profile is cut to (cpuProfiles.ts). */
  readonly window?: MeasuredWindow;
  /** The cores each kind of process on the machine used meanwhile (processCpu.ts), where /proc tells. */
  readonly cores?: readonly Share[];
}

export const randomItem = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A POST /order request (headers and body) by a random shopper, as the web client sends it. */
export function orderRequest(shoppers: readonly Shopper[], products: readonly OrderableProduct[]) {
  const shopper = randomItem(shoppers);
  const product = randomItem(products);
  const quantity = 1 + Math.floor(Math.random() * 3);
  return {
    shopper,
    headers: {
      authorization: `Bearer ${shopper.token}`,
      'content-type': 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID(),
    },
    body: JSON.stringify({
      productId: product.productId,
      userId: shopper.uid,
      totalCost: Number(formatCents(totalCostCents(product.priceCents, quantity))),
      shippingAddress: '1 Benchmark Way, Sheffield',
      orderQuantity: quantity,
    }),
  };
}
