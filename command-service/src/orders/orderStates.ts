import { ORDER_EVENT_TYPES, ORDER_STATUSES, type HeldLine, type OrderStatus } from '@toolforge/contracts';
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
 *
 * The row holds an order's first line; the lines after it, of the orders that have more than one
 * (checkouts of a cart), are kept beside the rows, for those orders only, so that the one-line
 * orders of the spec's POST /order cost no more than before.
 */
export class OrderStates implements WriteModelPart {
  private readonly rows = new Map<string, number>();
  private readonly productIds = new TextTable();
  private readonly userIds = new TextTable();
  /** The first line's product and quantity. */
  private products = new Int32Array(FIRST_ROWS);
  private quantities = new Float64Array(FIRST_ROWS);
  /** By row, for the orders of several lines: each later line's product number and quantity, one pair after another. */
  private readonly laterLines = new Map<number, Float64Array>();
  private users = new Int32Array(FIRST_ROWS);
  private statuses = new Uint8Array(FIRST_ROWS);
  private placedAts = new Float64Array(FIRST_ROWS);
  private totals = new Float64Array(FIRST_ROWS);
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
    this.laterLines.clear();
    this.used = 0;
  }

  get(orderId: string): OrderState | undefined {
    const row = this.rows.get(orderId);
    if (row === undefined) return undefined;
    return {
      userId: this.userIds.text(this.users[row]!),
      lines: this.linesOf(row),
      status: ORDER_STATUSES[this.statuses[row]!]!,
      placedAt: this.placedAts[row]!,
      totalCostCents: this.totals[row]!,
    };
  }

  has(orderId: string): boolean {
    return this.rows.has(orderId);
  }

  /**
   * The order's row: a number from 0, one per order placed, in the order they were placed. Another
   * feature keeps what it knows of every order in a column of its own by this number (a byte an
   * order, where a set of order ids costs a hundred).
   */
  rowOf(orderId: string): number | undefined {
    return this.rows.get(orderId);
  }

  private put(orderId: string, state: OrderState): void {
    let row = this.rows.get(orderId);
    if (row === undefined) {
      if (this.used === this.statuses.length) this.grow();
      row = this.used++;
      this.rows.set(orderId, row);
      // An order's lines are what it was placed with: written once, with its new row.
      this.putLines(row, state.lines);
    }
    this.users[row] = this.userIds.number(state.userId);
    this.statuses[row] = statusNumber(state.status);
    this.placedAts[row] = state.placedAt;
    this.totals[row] = state.totalCostCents;
  }

  private putLines(row: number, lines: readonly HeldLine[]): void {
    const first = lines[0]!;
    this.products[row] = this.productIds.number(first.productId);
    this.quantities[row] = first.quantity;
    if (lines.length === 1) return;
    const pairs = new Float64Array((lines.length - 1) * 2);
    for (let index = 1; index < lines.length; index += 1) {
      pairs[(index - 1) * 2] = this.productIds.number(lines[index]!.productId);
      pairs[(index - 1) * 2 + 1] = lines[index]!.quantity;
    }
    this.laterLines.set(row, pairs);
  }

  private linesOf(row: number): HeldLine[] {
    const lines = [{ productId: this.productIds.text(this.products[row]!), quantity: this.quantities[row]! }];
    const pairs = this.laterLines.get(row);
    for (let at = 0; pairs && at < pairs.length; at += 2) {
      lines.push({ productId: this.productIds.text(pairs[at]!), quantity: pairs[at + 1]! });
    }
    return lines;
  }

  private grow(): void {
    const rows = this.statuses.length * 2;
    this.products = grown(this.products, new Int32Array(rows));
    this.users = grown(this.users, new Int32Array(rows));
    this.quantities = grown(this.quantities, new Float64Array(rows));
    this.statuses = grown(this.statuses, new Uint8Array(rows));
    this.placedAts = grown(this.placedAts, new Float64Array(rows));
    this.totals = grown(this.totals, new Float64Array(rows));
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
