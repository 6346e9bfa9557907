import { ORDER_EVENT_TYPES, ORDER_STATUSES, type OrderStatus } from '@toolforge/contracts';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import { orderLifecycleDecider } from './lifecycle.js';
import type { OrderFact, OrderState } from './order.js';

/** Rows the columns are first made for; they double when full. */
const FIRST_ROWS = 1024;

/**
 * The write model's orders, by id: what moving, cancelling and expiring them is decided on. Each
 * order's state is the lifecycle decider's `evolve` of its events, as with every aggregate, but it
 * is kept in columns rather than as an object: one row per order ever placed (a million of them in
 * memory), where an object with its own texts and boxed time cost five objects an order and far more
 * heap (docs/architecture.md#4-the-command-side, the write model), and the collector's pauses under
 * load grow with the objects it has to mark. A product's and a customer's id are kept once each,
 * orders refer to them by number. `get` hands out a state made from the row.
 */
export class OrderStates implements WriteModelPart {
  private readonly rows = new Map<string, number>();
  private readonly productIds = new TextTable();
  private readonly userIds = new TextTable();
  private products = new Int32Array(FIRST_ROWS);
  private users = new Int32Array(FIRST_ROWS);
  private quantities = new Float64Array(FIRST_ROWS);
  private statuses = new Uint8Array(FIRST_ROWS);
  private placedAts = new Float64Array(FIRST_ROWS);
  private used = 0;

  apply(event: ModelEvent): void {
    if (!ORDER_EVENT_TYPES.has(event.type)) return;
    const fact = event as ModelEvent & OrderFact;
    const state = orderLifecycleDecider.evolve(this.get(fact.data.orderId), fact);
    // An event of an order it does not know (never placed) leaves nothing to keep.
    if (state !== undefined) this.put(fact.data.orderId, state);
  }

  clear(): void {
    this.rows.clear();
    this.productIds.clear();
    this.userIds.clear();
    this.used = 0;
  }

  get(orderId: string): OrderState | undefined {
    const row = this.rows.get(orderId);
    if (row === undefined) return undefined;
    return {
      productId: this.productIds.text(this.products[row]!),
      userId: this.userIds.text(this.users[row]!),
      quantity: this.quantities[row]!,
      status: ORDER_STATUSES[this.statuses[row]!]!,
      placedAt: this.placedAts[row]!,
    };
  }

  has(orderId: string): boolean {
    return this.rows.has(orderId);
  }

  private put(orderId: string, state: OrderState): void {
    let row = this.rows.get(orderId);
    if (row === undefined) {
      if (this.used === this.statuses.length) this.grow();
      row = this.used++;
      this.rows.set(orderId, row);
    }
    this.products[row] = this.productIds.number(state.productId);
    this.users[row] = this.userIds.number(state.userId);
    this.quantities[row] = state.quantity;
    this.statuses[row] = statusNumber(state.status);
    this.placedAts[row] = state.placedAt;
  }

  private grow(): void {
    const rows = this.statuses.length * 2;
    this.products = grown(this.products, new Int32Array(rows));
    this.users = grown(this.users, new Int32Array(rows));
    this.quantities = grown(this.quantities, new Float64Array(rows));
    this.statuses = grown(this.statuses, new Uint8Array(rows));
    this.placedAts = grown(this.placedAts, new Float64Array(rows));
  }
}

export function orderStates(): OrderStates {
  return new OrderStates();
}

function grown<Column extends Int32Array | Float64Array | Uint8Array>(column: Column, larger: Column): Column {
  larger.set(column);
  return larger;
}

function statusNumber(status: OrderStatus): number {
  return ORDER_STATUSES.indexOf(status);
}

/** Texts kept once each, by number. */
class TextTable {
  private readonly numbers = new Map<string, number>();
  private readonly texts: string[] = [];

  number(text: string): number {
    let number = this.numbers.get(text);
    if (number === undefined) {
      number = this.texts.push(text) - 1;
      this.numbers.set(text, number);
    }
    return number;
  }

  text(number: number): string {
    return this.texts[number]!;
  }

  clear(): void {
    this.numbers.clear();
    this.texts.length = 0;
  }
}
