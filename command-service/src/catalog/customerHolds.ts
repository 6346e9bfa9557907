/** An unpaid open order's hold on a product: whose it is and how much. */
interface Hold {
  readonly userId: string;
  readonly quantity: number;
}

/**
 * What customers' unpaid open orders hold of one product (the per-customer bound of
 * docs/architecture.md#9-the-products-rules counts them), by order, so that a payment, which names only the order,
 * can release its hold. Each product keeps its own: an order of several products holds of each, and
 * its payment or cancellation releases each product's hold.
 *
 * Unlike the rest of a product's state, it is updated in place: a copy per order would cost as
 * much as the product's open orders, and folding a log of a million unpaid orders would take
 * minutes. Nothing can see an earlier version change: each product's state is replaced by the
 * next one it evolves to, the write model keeps only the latest, and a reload folds from nothing.
 */
export class CustomerHolds {
  private readonly byOrder = new Map<string, Hold>();
  private readonly byCustomer = new Map<string, number>();

  /** An order placed: its customer holds its quantity of the product until it is paid or cancelled. */
  hold(orderId: string, userId: string, quantity: number): void {
    this.byOrder.set(orderId, { userId, quantity });
    this.byCustomer.set(userId, this.of(userId) + quantity);
  }

  /** An order paid or cancelled: its hold, if it still has one, ends. */
  release(orderId: string): void {
    const hold = this.byOrder.get(orderId);
    if (!hold) return;
    this.byOrder.delete(orderId);
    const left = this.of(hold.userId) - hold.quantity;
    if (left > 0) this.byCustomer.set(hold.userId, left);
    else this.byCustomer.delete(hold.userId);
  }

  /** What this customer's unpaid open orders hold of the product. */
  of(userId: string): number {
    return this.byCustomer.get(userId) ?? 0;
  }

  /** Each customer's hold, for tests and diagnostics. */
  customers(): ReadonlyMap<string, number> {
    return this.byCustomer;
  }
}
