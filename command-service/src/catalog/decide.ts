import {
  ladderRuleBroken,
  messages,
  toCents,
  type AddProductCommand,
  type ProductDetails,
  type ProductEvent,
  type RestockCommand,
  type UpdateProductCommand,
} from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveProduct, type ProductFact, type ProductState } from './product.js';

export type AddProduct = { type: 'AddProduct'; data: AddProductCommand & { productId: string } };
export type DeleteProduct = { type: 'DeleteProduct'; data: { productId: string } };
/** An admin corrects the product's details (every field of Add Product but the stock). */
export type UpdateProduct = { type: 'UpdateProduct'; data: UpdateProductCommand & { productId: string } };
/** An admin restocks (quantity > 0) or writes stock off (quantity < 0). */
export type AdjustStock = { type: 'AdjustStock'; data: RestockCommand & { productId: string } };
export type ProductCommand = AddProduct | DeleteProduct | UpdateProduct | AdjustStock;

/** The reasons a stock adjustment is recorded with when the admin gives none. */
export const RESTOCK_REASON = 'restock';
export const WRITE_OFF_REASON = 'write-off';

export function decideProduct(command: ProductCommand, state: ProductState | undefined): Decided<ProductEvent>[] {
  switch (command.type) {
    case 'AddProduct': {
      if (state) throw new CommandRejected('conflict', `Product ${command.data.productId} already exists`);
      // The schema admitted only the product's fields (a strict object): each goes into the event as
      // given, but the price, which the log keeps in cents.
      const { price, ...product } = command.data;
      return [{ type: 'ProductAdded', data: { ...product, priceCents: priceInCents(price) } }];
    }
    case 'DeleteProduct':
      return [{ type: 'ProductDeleted', data: { productId: current(state).productId } }];
    case 'UpdateProduct':
      return decideUpdate(command.data, current(state));
    case 'AdjustStock': {
      const product = current(state);
      const { quantity: delta, reason } = command.data;
      // What open orders reserve stays on hand: only the available stock may be written off.
      if (product.availableStock + delta < 0) {
        throw new CommandRejected('conflict', messages.stockBelowReserved(Math.max(0, product.availableStock)));
      }
      const named = reason || (delta > 0 ? RESTOCK_REASON : WRITE_OFF_REASON);
      return [{ type: 'StockAdjusted', data: { productId: product.productId, delta, reason: named } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** The product, unless it is unknown or deleted: then it cannot be changed (404). */
function current(state: ProductState | undefined): ProductState {
  if (!state || state.deleted) throw new CommandRejected('not-found', messages.productNotFound);
  return state;
}

/**
 * The fields whose value the edit changes (the price compared in cents, the ladder step by step); none,
 * no event. A ladder or pack size the edit leaves out stays as it is.
 */
function decideUpdate(edit: UpdateProduct['data'], product: ProductState): Decided<ProductEvent>[] {
  const { productId, price, ...rest } = edit;
  const edited: Partial<ProductDetails> = { ...rest, priceCents: priceInCents(price) };
  const changes: Partial<ProductDetails> = {};
  for (const field of Object.keys(edited) as (keyof ProductDetails)[]) {
    const value = edited[field];
    if (value !== undefined && !sameValue(value, product[field])) Object.assign(changes, { [field]: value });
  }
  if (Object.keys(changes).length === 0) return [];
  // Checked when it changes: a minimum above the stock on hand could never be ordered.
  if (changes.minOrder !== undefined && changes.minOrder > product.stock) {
    throw new CommandRejected('conflict', messages.minOrderAboveStockOnHand(product.stock));
  }
  // The form checks the ladder against the fields it sends; the product as it would stand is checked
  // here, since an edit may change the price, the minimum or the pack size and leave the ladder out.
  if (LADDER_FIELDS.some((field) => field in changes)) {
    const broken = ladderRuleBroken({ ...product, ...changes });
    if (broken) throw new CommandRejected('conflict', broken.message);
  }
  return [{ type: 'ProductUpdated', data: { productId, changes } }];
}

/** The fields the ladder's rules bind together. */
const LADDER_FIELDS = ['priceCents', 'minOrder', 'packSize', 'priceTiers'] as const satisfies readonly (keyof ProductDetails)[];

/** A field's value as edited against the product's: the ladder by its steps, every other field as it is. */
function sameValue(edited: ProductDetails[keyof ProductDetails], current: ProductDetails[keyof ProductDetails]): boolean {
  if (Array.isArray(edited) && Array.isArray(current)) {
    return (
      edited.length === current.length &&
      edited.every(
        (tier, index) => tier.minQuantity === current[index]!.minQuantity && tier.unitPriceCents === current[index]!.unitPriceCents,
      )
    );
  }
  return edited === current;
}

function priceInCents(price: string) {
  const cents = toCents(price);
  // The schema has already refused any price toCents cannot read.
  if (cents === null) throw new Error(`unreadable price ${price}`);
  return cents;
}

/** A product: added once, corrected and restocked while it is on sale, deleted once; its state also counts the stock orders reserve. */
export const productDecider: Decider<ProductState | undefined, ProductCommand, ProductFact> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: () => undefined,
};
