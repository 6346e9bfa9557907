import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';

/**
 * Which customers received which products: the (customer, product) pairs of delivered orders, one
 * for each line. A delivery says only which order it was, so the order's own state names the pairs.
 * One short key per pair, not per order: a million orders cost no more than the pairs they deliver,
 * and asking is one lookup, never a scan of the orders.
 */
export class DeliveredPurchases implements WriteModelPart {
  private readonly pairs = new Set<string>();

  constructor(
    private readonly orders: {
      get(orderId: string): { readonly userId: string; readonly lines: readonly { readonly productId: string }[] } | undefined;
    },
  ) {}

  apply(event: ModelEvent): void {
    if (event.type !== 'OrderDelivered') return;
    const order = this.orders.get(event.data.orderId);
    if (!order) return;
    // A delivered order stays delivered (docs/architecture.md#9-the-products-rules): the pairs are never taken back.
    for (const { productId } of order.lines) this.pairs.add(pairKey(order.userId, productId));
  }

  clear(): void {
    this.pairs.clear();
  }

  received(userId: string, productId: string): boolean {
    return this.pairs.has(pairKey(userId, productId));
  }
}

const pairKey = (userId: string, productId: string) => `${userId}\u0000${productId}`;
