import { ORDER_EVENT_TYPES } from '@toolforge/contracts';
import type { OrderStates } from '../orders/orderStates.js';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';

/**
 * Each customer's orders that are neither delivered nor cancelled: an account with one is not erased
 * (docs/privacy.md), since the order still needs its address and its name to be delivered, refunded or
 * answered for. Applied after the orders' own part, whose states it reads.
 */
export class OpenOrders implements WriteModelPart {
  private readonly open = new Map<string, Set<string>>();

  constructor(private readonly orders: OrderStates) {}

  apply(event: ModelEvent): void {
    if (!ORDER_EVENT_TYPES.has(event.type)) return;
    const orderId = (event.data as { orderId: string }).orderId;
    const order = this.orders.get(orderId);
    if (!order) return;
    const orders = this.open.get(order.userId) ?? new Set<string>();
    if (order.status === 'delivered' || order.status === 'cancelled') orders.delete(orderId);
    else orders.add(orderId);
    if (orders.size === 0) this.open.delete(order.userId);
    else this.open.set(order.userId, orders);
  }

  clear(): void {
    this.open.clear();
  }

  of(uid: string): readonly string[] {
    return [...(this.open.get(uid) ?? [])];
  }
}
