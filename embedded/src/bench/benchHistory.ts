import { TOPICS, type ShopEvent, type Topic } from '@toolforge/contracts';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { EventLog } from '@toolforge/platform';

/** The catalogue and the customers the bench's orders are placed with. */
const PRODUCTS = 100;
const CUSTOMERS = 1000;
/**
 * Orders per append. The log port appends to one stream at a time, and an append's cost is mostly
 * its transaction: the bench's orders therefore go in streams of this many (in the shop each order
 * is a stream of its own). The projector reads a topic in offset order and never looks at streams.
 */
const ORDERS_PER_APPEND = 1000;

export interface HistoryWritten {
  /** Every event written: the products, the customers' sign-ins and the orders. */
  readonly events: number;
  readonly seconds: number;
}

/**
 * Writes a shop's history to an empty log as fast as the log port takes it: products, customers
 * signing in, then `orders` orders spread over them. `progress` hears how many orders are in.
 */
export async function writeOrderHistory(log: EventLog, orders: number, progress: (written: number) => void): Promise<HistoryWritten> {
  const started = Date.now();
  const append = (topic: Topic, streamId: string, events: readonly ShopEvent[]) =>
    log.append({ topic, streamId, expectedVersion: 0, events });

  const products = Array.from({ length: PRODUCTS }, (_, index) => productAdded({ name: `Bench Spanner ${index}`, stock: 1_000_000_000 }));
  for (const product of products) await append(TOPICS.products, product.data.productId, [product]);
  const customers = Array.from({ length: CUSTOMERS }, (_, index) => userSignedIn({ uid: `bench-customer-${index}` }));
  for (const customer of customers) await append(TOPICS.users, customer.data.uid, [customer]);

  for (let written = 0; written < orders;) {
    const count = Math.min(ORDERS_PER_APPEND, orders - written);
    const batch = Array.from({ length: count }, (_, index) => {
      const n = written + index;
      const { data } = customers[n % CUSTOMERS]!;
      return orderPlaced(products[n % PRODUCTS]!.data, { userId: data.uid, userName: data.name, quantity: 1 + (n % 5) });
    });
    await append(TOPICS.orders, `bench-orders-${written / ORDERS_PER_APPEND}`, batch);
    written += count;
    progress(written);
  }
  return { events: PRODUCTS + CUSTOMERS + orders, seconds: (Date.now() - started) / 1000 };
}
