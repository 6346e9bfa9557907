import type { Cents, OrderPlaced, ProductEvent } from '@toolforge/contracts';

/** What the command side needs to know of a product to decide on it and on orders for it. */
export interface ProductState {
  readonly productId: string;
  readonly name: string;
  readonly priceCents: Cents;
  readonly minOrder: number;
  /** Stock left after every reservation so far: each OrderPlaced takes its quantity. */
  readonly availableStock: number;
  readonly deleted: boolean;
}

export function evolveProduct(state: ProductState | undefined, event: ProductEvent | OrderPlaced): ProductState | undefined {
  switch (event.type) {
    case 'ProductAdded':
      return {
        productId: event.data.productId,
        name: event.data.name,
        priceCents: event.data.priceCents,
        minOrder: event.data.minOrder,
        availableStock: event.data.stock,
        deleted: false,
      };
    case 'ProductDeleted':
      return state && { ...state, deleted: true };
    case 'OrderPlaced':
      return state && { ...state, availableStock: state.availableStock - event.data.quantity };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
