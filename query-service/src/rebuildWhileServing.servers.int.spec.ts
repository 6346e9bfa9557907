import { afterEach, expect, it } from 'vitest';
import { orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { IdentifiedLog } from '@toolforge/platform/sql';
import { KafkaProjector, openProjectorStore, rebuildReadModel } from '@toolforge/projector';
import { startQueryService, type QueryHarness } from './test/harness.js';
import { serversStack } from './test/stacks.js';

/**
 * `toolforge rebuild` in services mode (projector/src/rebuild.ts): the read model rebuilt beside the
 * serving one while a projector keeps applying new orders and the query service keeps answering.
 */
let shop: QueryHarness | undefined;
let stopLive: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopLive?.();
  stopLive = undefined;
  await shop?.close();
  shop = undefined;
});

const READS = ['/homeproducts', '/product/p-rebuilt', '/products?page=0&size=10', '/orders/u-ada'];

it(
  'loses no order and counts none twice while orders keep arriving, and the query service answers throughout',
  { timeout: 90_000 },
  async () => {
    shop = await startQueryService({ stack: serversStack() });
    const serving = shop;
    const product = productAdded({ productId: 'p-rebuilt', stock: 1_000_000 });
    let placed = 0;
    const placeOrder = () => serving.append(orderPlaced(product.data, { orderId: `o-${placed++}`, userId: 'u-ada', quantity: 1 }));
    await serving.append(userSignedIn({ uid: 'u-ada' }), product);
    while (placed < 150) await placeOrder();
    await serving.project();
    // The projector of services mode, a Kafka consumer group member: it goes on from its consumer's
    // position, so a switch that let the new version fall behind it would lose orders for good.
    const live = await KafkaProjector.start({
      ...serving.kafka!,
      groupId: `${serving.kafka!.topicPrefix}projector`,
      store: await openProjectorStore(serving.sql),
      cache: serving.cache,
      retryDelayMs: 20,
    });
    stopLive = () => live.stop();

    // Orders keep arriving while it rebuilds, and for a while after the switch.
    let placedWhenSwitched = Infinity;
    const arriving = (async () => {
      while (placed < placedWhenSwitched + 30) await placeOrder();
    })();
    const token = serving.token({ uid: 'u-ada' });
    let reads = 0;
    const failures: string[] = [];
    let rebuilding = true;
    const reading = (async () => {
      while (rebuilding) {
        for (const url of READS) {
          const response = await serving.get(url, { token });
          reads += 1;
          if (response.statusCode !== 200) failures.push(`${url}: ${response.statusCode} ${response.body}`);
        }
      }
    })();
    const outcome = await rebuildReadModel({
      log: serving.log as typeof serving.log & IdentifiedLog,
      sql: serving.sql,
      liveProjectors: true,
      cache: serving.cache,
    }).finally(() => {
      rebuilding = false;
      placedWhenSwitched = placed;
    });
    await Promise.all([arriving, reading]);

    expect(outcome).toMatchObject({ outcome: 'switched' });
    expect(placedWhenSwitched).toBeGreaterThan(150);
    expect(placed).toBeGreaterThanOrEqual(placedWhenSwitched + 30);
    expect(reads).toBeGreaterThan(0);
    expect(failures.slice(0, 5)).toEqual([]);

    // The projector that kept running goes on from the new version's checkpoints: every order once.
    const counts = async () => {
      const orders = await serving.sql.query<{ orders: unknown; distinct_orders: unknown }>(
        'select count(*) as orders, count(distinct order_id) as distinct_orders from orders',
      );
      const reserved = await serving.sql.query<{ reserved: unknown }>(
        "select reserved from product_reservations where product_id = 'p-rebuilt'",
      );
      return {
        orders: Number(orders.rows[0]?.orders),
        distinct: Number(orders.rows[0]?.distinct_orders),
        reserved: Number(reserved.rows[0]?.reserved),
      };
    };
    await expect.poll(counts, { timeout: 20_000, interval: 100 }).toEqual({ orders: placed, distinct: placed, reserved: placed });
    const answer = await serving.get('/product/p-rebuilt', { token });
    expect(answer.json()).toMatchObject({ stock: 1_000_000 - placed });
  },
);
