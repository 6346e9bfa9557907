import {
  LIMITS,
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  cartMessages,
  messages,
  orderTotals,
  type CartLine,
  type CartLineRemoved,
  type CartLineSet,
  type OrderCancelled,
  type OrderLine,
  type OrderPlaced,
  type ProductEvent,
} from '@toolforge/contracts';
import { evolveProduct, type ProductState } from '../catalog/product.js';
import { lineRefusal, orderLineOf, type Orderer } from '../orders/orderLines.js';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveCart, EMPTY_CART, type CartFact, type CartState } from './cart.js';

/** The products as they stand now, by id (undefined: a product the shop never had). */
export interface Products {
  get(productId: string): ProductState | undefined;
}

/** What a customer's cart commands are decided on: their cart, and the products its lines are of. */
export interface CartAndProducts {
  readonly cart: CartState;
  readonly products: Products;
}

/** The customer puts `quantity` of the product in their cart, as a new line or over the line's quantity. */
export type SetCartLine = { type: 'SetCartLine'; data: Orderer & { productId: string; quantity: number } };
export type RemoveCartLine = { type: 'RemoveCartLine'; data: { userId: string; productId: string } };
/** The customer orders every line of their cart at once, to one address. */
export type Checkout = {
  type: 'Checkout';
  data: Orderer & { orderId: string; userName: string; shippingAddress: string };
};
export type CartCommand = SetCartLine | RemoveCartLine | Checkout;

/**
 * What the state is folded from in a Given: the cart's facts, and the products' own events and
 * orders, which move their stock.
 */
export type CartDecisionFact = CartFact | Decided<ProductEvent | OrderCancelled>;

/**
 * A line is set when the product is listed and the quantity may be ordered by this customer now (the
 * rules of an order's line: a reminder in the cart beats a refusal at the checkout), and is a new
 * product while the cart has room; setting the quantity a line already has changes nothing.
 */
function setLine({ data }: SetCartLine, { cart, products }: CartAndProducts): Decided<CartLineSet>[] {
  const { userId, productId, quantity } = data;
  const product = products.get(productId);
  // A deleted product is no longer offered: to a cart it is as unknown as one never listed.
  if (!product || product.deleted) throw new CommandRejected('not-found', messages.productNotFound);
  const refusal = lineRefusal(product, quantity, data);
  if (refusal) throw refusal;
  const line = cart.lines.find((held) => held.productId === productId);
  if (line?.quantity === quantity) return [];
  if (!line && cart.lines.length >= LIMITS.cartLines) throw new CommandRejected('conflict', cartMessages.cartFull);
  return [{ type: 'CartLineSet', data: { userId, productId, quantity } }];
}

/** Removing a line the cart does not hold changes nothing: a retry of a removal is no error. */
function removeLine({ data }: RemoveCartLine, { cart }: CartAndProducts): Decided<CartLineRemoved>[] {
  const { userId, productId } = data;
  return cart.lines.some((line) => line.productId === productId) ? [{ type: 'CartLineRemoved', data: { userId, productId } }] : [];
}

/**
 * One order of every line of the cart, each at the unit price its quantity reaches, or nothing: the
 * first line whose rules refuse it now (the product deleted, its stock taken meanwhile, the
 * customer's bounds) refuses the whole checkout, naming its product, and reserves nothing. The
 * order empties the cart by the same fact: it names the cart's version it checked out (`cartVersion`),
 * which every line it orders was set at or before.
 */
function checkout({ data }: Checkout, { cart, products }: CartAndProducts): Decided<OrderPlaced>[] {
  if (cart.lines.length === 0) throw new CommandRejected('bad-request', cartMessages.cartEmpty);
  const lines = cart.lines.map((line) => orderLineChecked(line, products.get(line.productId), data));
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (subtotalCents > LIMITS.maxOrderSubtotalCents) throw new CommandRejected('conflict', cartMessages.orderTooLarge);
  const { totalCostCents } = orderTotals(subtotalCents);
  const { orderId, userId, userName, shippingAddress } = data;
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        userId,
        userName,
        lines,
        subtotalCents,
        totalCostCents,
        shippingAddress,
        status: NEW_ORDER_STATUS,
        payment: NEW_ORDER_PAYMENT,
        cartVersion: cart.version,
      },
    },
  ];
}

/** The order's line of a cart's line, or the refusal of the whole checkout, naming the line's product. */
function orderLineChecked({ productId, quantity }: CartLine, product: ProductState | undefined, orderer: Orderer): OrderLine {
  const refusal = lineRefusal(product, quantity, orderer);
  if (refusal) throw new CommandRejected(refusal.reason, cartMessages.lineRefused(product?.name ?? productId, refusal.message));
  // lineRefusal refuses a product the shop never had: past it, the product is known.
  return orderLineOf(product!, quantity);
}

export function decideCart(command: CartCommand, state: CartAndProducts): Decided<CartLineSet | CartLineRemoved | OrderPlaced>[] {
  switch (command.type) {
    case 'SetCartLine':
      return setLine(command, state);
    case 'RemoveCartLine':
      return removeLine(command, state);
    case 'Checkout':
      return checkout(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A fact of the products: their own events, and the orders that take or give back their stock. */
type ProductsFact = Exclude<CartDecisionFact, Decided<CartLineSet | CartLineRemoved>>;

/** `products` as they stand after `fact`: a product's own events name it, an order's name the product of each line. */
function productsAfter(products: Products, fact: ProductsFact): Products {
  const productIds = 'lines' in fact.data ? fact.data.lines.map((line) => line.productId) : [fact.data.productId];
  return productIds.reduce((folded: Products, productId) => {
    const evolved = evolveProduct(folded.get(productId), fact);
    return { get: (id) => (id === productId ? evolved : folded.get(id)) };
  }, products);
}

/** Folds a fact into the cart, the products, or both (an order checked out from the cart moves both). */
export function evolveCartAndProducts(state: CartAndProducts, fact: CartDecisionFact): CartAndProducts {
  switch (fact.type) {
    case 'CartLineSet':
    case 'CartLineRemoved':
      return { ...state, cart: evolveCart(state.cart, fact) };
    case 'OrderPlaced':
      return { cart: evolveCart(state.cart, fact), products: productsAfter(state.products, fact) };
    default:
      return { ...state, products: productsAfter(state.products, fact) };
  }
}

const NO_PRODUCTS: Products = { get: () => undefined };

/**
 * A customer's cart: lines set and removed on the cart's own stream, and its checkout, on the new
 * order's stream. Each is decided on the cart and on the products as they stand at the command's turn.
 */
export const cartDecider: Decider<CartAndProducts, CartCommand, Decided<CartLineSet | CartLineRemoved | OrderPlaced>, CartDecisionFact> = {
  decide: decideCart,
  evolve: evolveCartAndProducts,
  initialState: () => ({ cart: EMPTY_CART, products: NO_PRODUCTS }),
};
