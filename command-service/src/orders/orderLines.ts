import {
  customerReservationLimit,
  messages,
  pricingMessages,
  tierReached,
  unitPriceCentsFor,
  unverifiedReservationLimit,
  type OrderLine,
} from '@toolforge/contracts';
import type { ProductState } from '../catalog/product.js';
import { CommandRejected } from '../shared/decider.js';

/** Who orders, as the rules of a line need them. */
export interface Orderer {
  readonly userId: string;
  /** Whether the customer has proved they own their e-mail address. */
  readonly verified: boolean;
  /**
   * What unverified accounts' unpaid open orders hold of a product now, the customer's own
   * included; asked only when the customer is unverified.
   */
  readonly unverifiedHeld: (productId: string) => number;
}

/**
 * Why `quantity` of the product may not be ordered by this customer now, or undefined when it may:
 * the one set of a line's rules, for the spec's one-product order and for every line of a checkout.
 * An unknown product is not found (404); a deleted one, a quantity under its minimum order, not a
 * whole number of packs, over the stock available now or over what this customer may still hold of
 * it (customerReservationLimit of the stock on hand, less what their unpaid open orders hold), or
 * over what unverified accounts may still hold of it together when the customer is one of them
 * (unverifiedReservationLimit), is a conflict (409).
 */
export function lineRefusal(product: ProductState | undefined, quantity: number, orderer: Orderer): CommandRejected | undefined {
  if (!product) return new CommandRejected('not-found', messages.productNotFound);
  if (product.deleted) return new CommandRejected('conflict', messages.productUnavailable);
  if (quantity < product.minOrder) return new CommandRejected('conflict', messages.minOrderQuantity(product.minOrder));
  if (quantity % product.packSize !== 0) return new CommandRejected('conflict', pricingMessages.packSizeMultiple(product.packSize));
  const mayStillHold = customerReservationLimit(product) - product.holds.of(orderer.userId);
  const allowed = Math.max(0, Math.min(product.availableStock, mayStillHold));
  if (quantity > allowed) return new CommandRejected('conflict', messages.maxOrderQuantity(allowed));
  if (!orderer.verified) {
    const unverifiedRoom = Math.max(0, Math.min(allowed, unverifiedReservationLimit(product) - orderer.unverifiedHeld(product.productId)));
    if (quantity > unverifiedRoom) return new CommandRejected('conflict', messages.verifyEmailToOrderMore(unverifiedRoom));
  }
  return undefined;
}

/** What unverified accounts' unpaid open orders hold of the product now, by `isVerified` at the command's turn. */
export function unverifiedHeld(product: ProductState | undefined, isVerified: (uid: string) => boolean): number {
  let held = 0;
  for (const [uid, quantity] of product?.holds.customers() ?? []) if (!isVerified(uid)) held += quantity;
  return held;
}

/**
 * The line an order holds of `quantity` of the product: at the unit price its quantity reaches on
 * the ladder, and that step's minimum quantity (absent at the base price), which its invoice prints.
 */
export function orderLineOf(product: ProductState, quantity: number): OrderLine {
  const unitPriceCents = unitPriceCentsFor(product, quantity);
  const tier = tierReached(product, quantity);
  return {
    productId: product.productId,
    productName: product.name,
    quantity,
    unitPriceCents,
    ...(tier && { tierMinQuantity: tier.minQuantity }),
    lineTotalCents: unitPriceCents * quantity,
  };
}
