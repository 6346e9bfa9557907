import { describe, expect, it } from 'vitest';
import { messages, TOPICS, type ShopEvent } from '@toolforge/contracts';
import { orderCancelled, orderLine, orderMoved, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import { CommandRejected } from '../shared/decider.js';
import type { ModelEvent } from '../shared/writeModel.js';
import { OrderStates } from '../orders/orderStates.js';
import { productStates, type ProductStates } from './catalogue.js';
import { productDecider } from './decide.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 89_99, stock: 120, minOrder: 1 }).data;
const saw = productAdded({ productId: 'p-saw', name: 'Panel Saw', priceCents: 24_99, stock: 50, minOrder: 1 }).data;
const clamp = productAdded({ productId: 'p-clamp', name: 'Bar Clamp', priceCents: 12_50, stock: 30, minOrder: 2 }).data;
const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 59_00, stock: 10, minOrder: 1 }).data;
const catalogue = [drill, saw, clamp, vise].map((data) => productAdded(data));

/** Ada's order of three products: 10 drills, 4 saws, 6 clamps. */
const threeLines = orderPlacedOf([orderLine(drill, 10), orderLine(saw, 4), orderLine(clamp, 6)], { userId: 'u-ada' });
/** Another customer's order of saws, which no event of Ada's order may touch. */
const bobsSaws = orderPlacedOf([orderLine(saw, 5)], { userId: 'u-bob' });

let offset = 0;
/** Given these events, as the write model folds them from the log: the orders' part, then the products'. */
function given(events: readonly ShopEvent[]): ProductStates {
  const orders = new OrderStates();
  const products = productStates(orders);
  for (const event of events) {
    const stored: ModelEvent = {
      ...event,
      streamId: 'stream',
      streamPosition: 1,
      position: { topic: TOPICS.orders, partition: 0, offset: offset++ },
    };
    orders.apply(stored);
    products.apply(stored);
  }
  return products;
}

/** Each product's available stock, by name. */
const available = (products: ProductStates): Record<string, number> =>
  Object.fromEntries([...products.values()].flatMap((product) => (product ? [[product.name, product.availableStock]] : [])));
/** What `userId`'s unpaid open orders hold of each product, by name (products they hold nothing of left out). */
const heldBy = (products: ProductStates, userId: string): Record<string, number> =>
  Object.fromEntries(
    [...products.values()].flatMap((product) => (product?.holds.of(userId) ? [[product.name, product.holds.of(userId)]] : [])),
  );

describe('product state: an order of several products', () => {
  it('reserves each line of its own product, and holds it for the customer; the stock on hand and other products stay', () => {
    const products = given([...catalogue, threeLines, bobsSaws]);

    expect(available(products)).toEqual({ 'Cordless Drill': 110, 'Panel Saw': 41, 'Bar Clamp': 24, 'Bench Vise': 10 });
    expect(products.get('p-saw')).toMatchObject({ stock: 50 });
    expect(heldBy(products, 'u-ada')).toEqual({ 'Cordless Drill': 10, 'Panel Saw': 4, 'Bar Clamp': 6 });
    expect(heldBy(products, 'u-bob')).toEqual({ 'Panel Saw': 5 });
  });

  it('decides on every line’s reservation: only the clamps’ available stock may be written off', () => {
    const clamps = given([...catalogue, threeLines]).get('p-clamp');

    const writeOff = (quantity: number) => () =>
      productDecider.decide({ type: 'AdjustStock', data: { productId: 'p-clamp', quantity } }, clamps);

    expect(writeOff(-25)).toThrow(CommandRejected);
    expect(writeOff(-25)).toThrow(messages.stockBelowReserved(24));
    expect(writeOff(-24)()).toEqual([{ type: 'StockAdjusted', data: { productId: 'p-clamp', delta: -24, reason: 'write-off' } }]);
  });

  it('ends the customer’s hold of every product once the order is paid, and keeps the stock reserved', () => {
    const products = given([...catalogue, threeLines, bobsSaws, orderMoved(threeLines.data, 'OrderPaid')]);

    expect(heldBy(products, 'u-ada')).toEqual({});
    expect(heldBy(products, 'u-bob')).toEqual({ 'Panel Saw': 5 });
    expect(available(products)).toEqual({ 'Cordless Drill': 110, 'Panel Saw': 41, 'Bar Clamp': 24, 'Bench Vise': 10 });
  });

  it('gives every line back when the order is cancelled, and ends its holds', () => {
    const products = given([...catalogue, threeLines, bobsSaws, orderCancelled(threeLines.data)]);

    expect(available(products)).toEqual({ 'Cordless Drill': 120, 'Panel Saw': 45, 'Bar Clamp': 30, 'Bench Vise': 10 });
    expect(heldBy(products, 'u-ada')).toEqual({});
    expect(heldBy(products, 'u-bob')).toEqual({ 'Panel Saw': 5 });
  });

  it('gives every line back when a paid order is cancelled, its holds released once', () => {
    const paid = orderMoved(threeLines.data, 'OrderPaid');
    const adasSaws = orderPlacedOf([orderLine(saw, 2)], { userId: 'u-ada' });
    const products = given([...catalogue, threeLines, adasSaws, paid, orderCancelled(threeLines.data, { by: 'admin' })]);

    expect(available(products)).toEqual({ 'Cordless Drill': 120, 'Panel Saw': 48, 'Bar Clamp': 30, 'Bench Vise': 10 });
    expect(heldBy(products, 'u-ada')).toEqual({ 'Panel Saw': 2 });
  });

  it('counts an order naming one product on two lines once per line, into one hold', () => {
    const twice = orderPlacedOf([orderLine(drill, 3), orderLine(saw, 1), orderLine(drill, 4)], { userId: 'u-ada' });

    const placed = given([...catalogue, twice]);
    expect(available(placed)).toMatchObject({ 'Cordless Drill': 113, 'Panel Saw': 49 });
    expect(heldBy(placed, 'u-ada')).toEqual({ 'Cordless Drill': 7, 'Panel Saw': 1 });

    const cancelled = given([...catalogue, twice, orderCancelled(twice.data)]);
    expect(available(cancelled)).toMatchObject({ 'Cordless Drill': 120, 'Panel Saw': 50 });
  });

  it('folds a payment of an order it never saw placed into no product', () => {
    const products = given([...catalogue, orderMoved({ orderId: 'o-unknown' }, 'OrderPaid')]);
    expect(available(products)).toEqual({ 'Cordless Drill': 120, 'Panel Saw': 50, 'Bar Clamp': 30, 'Bench Vise': 10 });
  });
});
