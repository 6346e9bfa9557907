import type { HeldLine, OrderCancelled, OrderPaid, OrderPlaced, ProductDetails, ProductEvent } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';
import { CustomerHolds } from './customerHolds.js';

/** What the command side needs to know of a product to decide on it and on orders for it. */
export interface ProductState extends Readonly<ProductDetails> {
  readonly productId: string;
  /** The stock on hand: as added, moved by every restock and write-off since. */
  readonly stock: number;
  /** The stock on hand less what open orders reserve: each order takes its quantity, a cancellation gives it back. */
  readonly availableStock: number;
  /** What each customer's unpaid open orders hold of it: the per-customer bound is checked on it. */
  readonly holds: CustomerHolds;
  readonly deleted: boolean;
}

/**
 * What a product's state is folded from: its own events, and the orders that reserve its stock, are
 * paid (the customer's hold ends) or cancelled (the stock comes back). An order of several products
 * is folded into each of them (catalogue.ts routes it): each takes only its own lines.
 */
export type ProductFact = Decided<ProductEvent | OrderPlaced | OrderPaid | OrderCancelled>;

export function evolveProduct(state: ProductState | undefined, event: ProductFact): ProductState | undefined {
  switch (event.type) {
    case 'ProductAdded': {
      const { productId, name, category, model, imageUrl, priceCents, stock, minOrder, description, priceTiers, packSize } = event.data;
      return {
        productId,
        name,
        category,
        model,
        imageUrl,
        priceCents,
        minOrder,
        description,
        priceTiers,
        packSize,
        stock,
        availableStock: stock,
        holds: new CustomerHolds(),
        deleted: false,
      };
    }
    case 'ProductDeleted':
      return state && { ...state, deleted: true };
    case 'ProductUpdated':
      return state && { ...state, ...event.data.changes };
    case 'StockAdjusted':
      return state && { ...state, stock: state.stock + event.data.delta, availableStock: state.availableStock + event.data.delta };
    case 'OrderPlaced': {
      if (!state) return state;
      const { orderId, userId, lines } = event.data;
      const quantity = quantityOf(state.productId, lines);
      if (quantity === 0) return state;
      state.holds.hold(orderId, userId, quantity);
      return { ...state, availableStock: state.availableStock - quantity };
    }
    case 'OrderPaid':
      state?.holds.release(event.data.orderId);
      return state;
    case 'OrderCancelled': {
      if (!state) return state;
      const quantity = quantityOf(state.productId, event.data.lines);
      if (quantity === 0) return state;
      state.holds.release(event.data.orderId);
      return { ...state, availableStock: state.availableStock + quantity };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** What an order's lines hold of one product: nothing when the order is of other products only. */
function quantityOf(productId: string, lines: readonly HeldLine[]): number {
  let quantity = 0;
  for (const line of lines) if (line.productId === productId) quantity += line.quantity;
  return quantity;
}
