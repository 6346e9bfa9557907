import type { Cents, OrderPlaced, ProductEvent } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** What the command side needs to know of a product to decide on it and on orders for it. */
export interface ProductState {
  readonly productId: string;
  readonly name: string;
  readonly priceCents: Cents;
  readonly minOrder: number;
  /** The stock the product was added with. */
  readonly stock: number;
  /** Stock left after every reservation so far: each OrderPlaced takes its quantity. */
  readonly availableStock: number;
  /** What each customer's open orders hold of it, by uid: the per-customer bound is checked on it. */
  readonly heldBy: ReadonlyMap<string, number>;
  readonly deleted: boolean;
}

/** What a product's state is folded from: its own events, and every order that reserves its stock. */
export type ProductFact = Decided<ProductEvent | OrderPlaced>;

export function evolveProduct(state: ProductState | undefined, event: ProductFact): ProductState | undefined {
  switch (event.type) {
    case 'ProductAdded':
      return {
        productId: event.data.productId,
        name: event.data.name,
        priceCents: event.data.priceCents,
        minOrder: event.data.minOrder,
        stock: event.data.stock,
        availableStock: event.data.stock,
        heldBy: new Map(),
        deleted: false,
      };
    case 'ProductDeleted':
      return state && { ...state, deleted: true };
    case 'OrderPlaced': {
      if (!state) return state;
      const { userId, quantity } = event.data;
      const heldBy = new Map(state.heldBy).set(userId, (state.heldBy.get(userId) ?? 0) + quantity);
      return { ...state, availableStock: state.availableStock - quantity, heldBy };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
