/**
 * The large history the HTTP figures are measured on (issue 12): products, customers and their
 * orders written through the EventLog port, as the shop's own writer would store them, before the
 * shop starts. Like benchHistory.ts (the rebuild's history), many events go in one append: an
 * append's cost is mostly its transaction, and a million one-event appends would take longer than
 * the whole bench may. The projector reads topics in offset order and never looks at streams, so
 * the read model it builds is the one a shop with this history has.
 */
import { TOPICS, type ShopEvent, type Topic } from '@toolforge/contracts';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { EventLog } from '@toolforge/platform';

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

/** The seeded ids, so the load can ask for random ones that exist. */
export const seededProductId = (n: number) => `bench-product-${n}`;
export const seededCustomerUid = (n: number) => `bench-customer-${n}`;

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
    productAdded({ productId: seededProductId(n), name: `Bench Spanner ${n}`, model: `BS-${n}`, stock: SEEDED_STOCK, minOrder: 1 }),
  );
  await appendMany(log, TOPICS.products, 'bench-products', size.products, (n) => products[n]!, progress);
  const customer = (n: number) => userSignedIn({ uid: seededCustomerUid(n), name: `Bench Customer ${n}` });
  await appendMany(log, TOPICS.users, 'bench-customers', size.customers, customer, progress);
  await appendMany(
    log,
    TOPICS.orders,
    'bench-orders',
    size.orders,
    (n) => {
      // Spread like a shop's: customer and product follow from n, not in step with each other.
      const uid = n % size.customers;
      return orderPlaced(products[(n * 7919) % size.products]!.data, {
        userId: seededCustomerUid(uid),
        userName: `Bench Customer ${uid}`,
        quantity: 1 + (n % 5),
      });
    },
    progress,
  );
  return { events: total, seconds: (Date.now() - started) / 1000 };
}
