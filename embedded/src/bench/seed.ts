/**
 * The large history the HTTP figures are measured on (issue 12): products, customers and their
 * orders written through the EventLog port, as the shop's own writer would store them, before the
 * shop starts. Like benchHistory.ts (the rebuild's history), many events go in one append: an
 * append's cost is mostly its transaction, and a million one-event appends would take longer than
 * the whole bench may. The projector reads topics in offset order and never looks at streams, so
 * the read model it builds is the one a shop with this history has.
 */
import { createHash } from 'node:crypto';
import { TOPICS, type ShopEvent, type Topic } from '@toolforge/contracts';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { EventLog } from '@toolforge/platform';
import { v7 } from 'uuid';

/** Events per append (about half a megabyte of orders: under Kafka's default record batch limit). */
const EVENTS_PER_APPEND = 1000;

export interface HistorySize {
  readonly products: number;
  readonly customers: number;
  readonly orders: number;
}

export interface SeededHistory {
  readonly events: number;
  readonly seconds: number;
}

/**
 * The seeded ids, so the load can ask for random ones that exist. Shaped as the shop's own are, for
 * the read model's indexes on them cost what they cost a shop: a product's a UUID of version 7 (the
 * shop's ids, newShopId.ts), made the n-th millisecond after SEEDED_EPOCH; a customer's a uid as
 * Firebase makes them, 28 letters and digits in no order. Ids such as `bench-customer-17` went into
 * their indexes in order, or nearly, as no shop's do.
 */
export const seededProductId = (n: number) => v7({ msecs: SEEDED_EPOCH + n, random: bytesOf('product', n).subarray(0, 16) });
export const seededCustomerUid = (n: number) => bytesOf('customer', n).toString('hex').slice(0, 28);

/** When the seeded products were added, for their ids (2026-01-01). */
const SEEDED_EPOCH = Date.UTC(2026, 0, 1);

/** Thirty-two bytes that follow from (kind, n) and look random, for a seeded id. */
const bytesOf = (kind: string, n: number) => createHash('sha256').update(`${kind} ${n}`).digest();

/** Seeded stock: no measured order may run a seeded product out. */
const SEEDED_STOCK = 1_000_000_000;

/**
 * Appends `count` events, built by `eventAt(n)`, in appends of EVENTS_PER_APPEND to streams of
 * their own (`<stream>-<k>`); tells `progress` how many each append wrote.
 */
async function appendMany(
  log: EventLog,
  topic: Topic,
  stream: string,
  count: number,
  eventAt: (n: number) => ShopEvent,
  progress: (appended: number) => void,
): Promise<void> {
  for (let first = 0; first < count; first += EVENTS_PER_APPEND) {
    const events = Array.from({ length: Math.min(EVENTS_PER_APPEND, count - first) }, (_, index) => eventAt(first + index));
    await log.append({ topic, streamId: `${stream}-${first / EVENTS_PER_APPEND}`, expectedVersion: 0, events });
    progress(events.length);
  }
}

/** Writes the history to an empty log: products, then customers signing in, then their orders. */
export async function seedShopHistory(log: EventLog, size: HistorySize, say: (line: string) => void): Promise<SeededHistory> {
  const started = Date.now();
  const total = size.products + size.customers + size.orders;
  const step = Math.max(EVENTS_PER_APPEND, Math.round(total / 10));
  let written = 0;
  let told = 0;
  const progress = (appended: number) => {
    written += appended;
    if (written - told < step && written < total) return;
    told = written;
    say(`seeding: ${written.toLocaleString('en')} of ${total.toLocaleString('en')} events, ${Math.round((Date.now() - started) / 1000)} s`);
  };

  // Built once: an order names its product's id, name and price.
  const products = Array.from({ length: size.products }, (_, n) =>
    productAdded(
      { productId: seededProductId(n), name: `Bench Spanner ${n}`, model: `BS-${n}`, stock: SEEDED_STOCK, minOrder: 1 },
      { eventId: v7() },
    ),
  );
  await appendMany(log, TOPICS.products, 'bench-products', size.products, (n) => products[n]!, progress);
  const uids = Array.from({ length: size.customers }, (_, n) => seededCustomerUid(n));
  const customer = (n: number) => userSignedIn({ uid: uids[n]!, name: `Bench Customer ${n}` }, { eventId: v7() });
  await appendMany(log, TOPICS.users, 'bench-customers', size.customers, customer, progress);
  await appendMany(
    log,
    TOPICS.orders,
    'bench-orders',
    size.orders,
    (n) => {
      // Spread like a shop's: customer and product follow from n, not in step with each other.
      const uid = n % size.customers;
      // Its id and its event's as the shop makes them (newShopId.ts), in the order they are placed.
      return orderPlaced(
        products[(n * 7919) % size.products]!.data,
        { orderId: v7(), userId: uids[uid]!, userName: `Bench Customer ${uid}`, quantity: 1 + (n % 5) },
        { eventId: v7() },
      );
    },
    progress,
  );
  return { events: total, seconds: (Date.now() - started) / 1000 };
}
