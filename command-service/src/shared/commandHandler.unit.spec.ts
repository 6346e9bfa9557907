import { describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventLog } from '@toolforge/platform';
import { CURRENT_SCHEMA_VERSION, TOPICS, addProductSchema, messages, placeOrderSchema } from '@toolforge/contracts';
import { Catalogue, productStates } from '../catalog/catalogue.js';
import { productDecider, type ProductCommand } from '../catalog/decide.js';
import { orderStates } from '../orders/orderStates.js';
import { orderParts, ordersOn } from '../test/orderParts.js';
import { validProduct } from '../test/harness.js';
import { memoryLog } from '../test/memoryLog.js';
import { CommandHandler, EventContractBroken, streamOf, type CommandOrigin } from './commandHandler.js';
import { WriteModel } from './writeModel.js';

/** Price 10.00, stock 30, minimum order 5. */
const drill = addProductSchema.parse(validProduct);

/** Products as the catalogue handles them, on a write model of its own. */
function productsOn(log: EventLog, options: { newId?: () => string } = {}) {
  const states = productStates(orderStates());
  const model = new WriteModel([states]);
  const handler = new CommandHandler({ log, model, clock: () => new Date('2026-01-01T00:00:00.000Z'), ...options });
  /** A product command, handled on its product's stream as the catalogue handles it. */
  const decide = (command: ProductCommand, origin: CommandOrigin) =>
    handler.handle(streamOf(TOPICS.products, command.data.productId, states), (state) => productDecider.decide(command, state), origin);
  return { states, model, handler, decide };
}

const addP1: ProductCommand = { type: 'AddProduct', data: { ...drill, productId: 'p1' } };
const deleteP1: ProductCommand = { type: 'DeleteProduct', data: { productId: 'p1' } };

describe('CommandHandler: load, decide, append at the stream’s version, apply', () => {
  it('refuses a decided event that breaks its contract before it joins a batch, and appends what follows', async () => {
    const { log, appends } = memoryLog();
    const { decide } = productsOn(log);
    // A value no command schema lets through, as a bug or an identity provider's claim might bring one.
    const withNul: ProductCommand = { type: 'AddProduct', data: { ...drill, name: 'Drill\u0000', productId: 'p0' } };

    const refused = decide(withNul, { actor: 'admin-uid' });
    const next = decide(addP1, { actor: 'admin-uid' });

    await expect(refused).rejects.toBeInstanceOf(EventContractBroken);
    await expect(refused).rejects.toMatchObject({ reason: 'unprocessable', breach: expect.stringContaining('ProductAdded data.name') });
    await expect(next).resolves.toMatchObject({ version: 1 });
    expect(appends.map((request) => request.streamId)).toEqual(['p1']);
  });

  it('appends nothing for a command that decides no event, and answers without a position', async () => {
    const { log, appends } = memoryLog();
    const { decide } = productsOn(log);
    await decide(addP1, { actor: 'admin-uid' });
    const { stock: _stock, ...details } = drill;
    const unchanged: ProductCommand = { type: 'UpdateProduct', data: { ...details, price: '10.00', productId: 'p1' } };

    await expect(decide(unchanged, { actor: 'admin-uid' })).resolves.toMatchObject({ streamId: 'p1', position: undefined, version: 1 });
    expect(appends).toHaveLength(1);
  });

  it('appends what the decider decides on the loaded state, with its envelope, and applies what the log stored', async () => {
    const { log, appends } = memoryLog();
    let ids = 0;
    const { decide } = productsOn(log, { newId: () => `id-${(ids += 1)}` });

    const added = await decide(addP1, { actor: 'admin-uid' });
    expect(appends[0]).toEqual({
      topic: 'catalog.products',
      streamId: 'p1',
      expectedVersion: 0,
      events: [
        {
          type: 'ProductAdded',
          data: expect.objectContaining({ productId: 'p1', priceCents: 10_00, stock: 30 }),
          meta: {
            eventId: 'id-2',
            occurredAt: '2026-01-01T00:00:00.000Z',
            actor: 'admin-uid',
            commandId: 'id-1',
            schemaVersion: CURRENT_SCHEMA_VERSION,
          },
        },
      ],
    });
    expect(added).toEqual({
      streamId: 'p1',
      position: 'catalog.products/0/0',
      state: expect.objectContaining({ productId: 'p1', availableStock: 30, deleted: false }),
      version: 1,
    });

    const deleted = await decide(deleteP1, { actor: 'admin-uid', commandId: 'command-7' });
    expect(appends[1]).toMatchObject({
      streamId: 'p1',
      expectedVersion: 1,
      events: [{ type: 'ProductDeleted', meta: { commandId: 'command-7' } }],
    });
    expect(deleted).toEqual({
      streamId: 'p1',
      position: 'catalog.products/0/1',
      state: expect.objectContaining({ deleted: true }),
      version: 2,
    });

    // Decided on the state the append left: deleting again is refused and appends nothing.
    await expect(decide(deleteP1, { actor: 'admin-uid' })).rejects.toMatchObject({
      reason: 'not-found',
      message: messages.productNotFound,
    });
    expect(appends).toHaveLength(2);
  });

  it('decides again on the caught-up model when another writer got to the stream first', async () => {
    const { log, appends } = memoryLog();
    const first = productsOn(log);
    await first.decide(addP1, { actor: 'admin-uid' });
    const second = productsOn(log);
    await second.model.catchUp(log);
    await first.decide(deleteP1, { actor: 'admin-uid' });

    // The second writer still sees the product undeleted; its append is refused, it catches up and decides again.
    await expect(second.decide(deleteP1, { actor: 'admin-uid' })).rejects.toMatchObject({ reason: 'not-found' });
    expect(appends.map((append) => [append.streamId, append.expectedVersion])).toEqual([
      ['p1', 0],
      ['p1', 1],
      ['p1', 1],
    ]);
    expect(second.states.get('p1')?.deleted).toBe(true);
  });

  it('gives up with the ConcurrencyError after three more tries when the stream keeps moving', async () => {
    const { log } = memoryLog();
    let attempts = 0;
    const contested: EventLog = {
      ...log,
      appendBatch: ([request]) => {
        attempts += 1;
        return Promise.reject(new ConcurrencyError(request!.streamId, request!.expectedVersion));
      },
    };
    const { decide } = productsOn(contested);
    await expect(decide(addP1, { actor: 'admin-uid' })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(attempts).toBe(4);
  });

  it('decides an order on the state of the product it reserves, and appends it to the order’s own new stream', async () => {
    const { log, appends } = memoryLog();
    const parts = orderParts();
    const { products } = parts;
    const handler = new CommandHandler({ log, model: new WriteModel(parts.parts) });
    const { productId } = await new Catalogue({ handler, products }).addProduct('admin-uid', drill);
    const orders = ordersOn(handler, parts);

    const order = placeOrderSchema.parse({ productId, userId: 'u1', totalCost: 155, shippingAddress: '1 Forge Lane', orderQuantity: 10 });
    const placed = await orders.placeOrder('u1', order);

    expect(appends.at(-1)).toMatchObject({
      topic: 'sales.orders',
      streamId: placed.orderId,
      expectedVersion: 0,
      events: [{ type: 'OrderPlaced' }],
    });
    expect(products.get(productId)).toMatchObject({ availableStock: 20 });
    expect(products.get(productId)?.holds.of('u1')).toBe(10);
    // The reservation counts for the next order of the same product.
    await expect(orders.placeOrder('u1', { ...order, orderQuantity: 6 })).rejects.toMatchObject({ message: messages.maxOrderQuantity(5) });
  });
});
