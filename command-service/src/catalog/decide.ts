import { messages, type AddProductCommand, type ProductEvent, toCents } from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveProduct, type ProductFact, type ProductState } from './product.js';

export type AddProduct = { type: 'AddProduct'; data: AddProductCommand & { productId: string } };
export type DeleteProduct = { type: 'DeleteProduct'; data: { productId: string } };
export type ProductCommand = AddProduct | DeleteProduct;

export function decideProduct(command: ProductCommand, state: ProductState | undefined): Decided<ProductEvent>[] {
  switch (command.type) {
    case 'AddProduct': {
      if (state) throw new CommandRejected('conflict', `Product ${command.data.productId} already exists`);
      const { productId, name, category, model, imageUrl, price, stock, minOrder, description } = command.data;
      const priceCents = toCents(price);
      // The schema has already refused any price toCents cannot read.
      if (priceCents === null) throw new Error(`unreadable price ${price}`);
      return [
        {
          type: 'ProductAdded',
          data: { productId, name, category, model, imageUrl, priceCents, stock, minOrder, description },
        },
      ];
    }
    case 'DeleteProduct':
      if (!state || state.deleted) throw new CommandRejected('not-found', messages.productNotFound);
      return [{ type: 'ProductDeleted', data: { productId: state.productId } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A product: added once, deleted once; its state also counts the stock orders reserve. */
export const productDecider: Decider<ProductCommand, ProductState | undefined, ProductFact> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: undefined,
};
