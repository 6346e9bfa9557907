import {
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  formatCents,
  messages,
  orderTotals,
  type Cents,
  type OrderPlaced,
} from '@toolforge/contracts';
import { evolveProduct, type ProductFact, type ProductState } from '../catalog/product.js';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { lineRefusal, orderLineOf } from './orderLines.js';

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: {
    orderId: string;
    productId: string;
    userId: string;
    userName: string;
    quantity: number;
    shippingAddress: string;
    /** The total the customer was shown, rounded to the cent; it must be the server's, give or take a cent. */
    clientTotalCents: Cents;
    /** Whether the customer has proved they own their e-mail address. */
    customerVerified: boolean;
    /**
     * What unverified accounts' unpaid open orders hold of the product now, the customer's own
     * included; read only when the customer is unverified.
     */
    unverifiedHeld: number;
  };
};

/**
 * The spec's order of one product reserves stock: one line, refused by the rules of any line
 * (orderLines.ts: an unknown or deleted product, a quantity under the minimum order, not a whole
 * number of packs, over the stock available or over what this customer, or unverified accounts
 * together, may still hold), and when the customer's total is not the server's: the line at the
 * unit price its quantity reaches on the product's ladder, plus the order's surcharge and shipping.
 */
export function decideOrder(command: PlaceOrder, product: ProductState | undefined): Decided<OrderPlaced>[] {
  const { data } = command;
  const orderer = { userId: data.userId, verified: data.customerVerified, unverifiedHeld: () => data.unverifiedHeld };
  const refusal = lineRefusal(product, data.quantity, orderer);
  if (refusal) throw refusal;
  // No refusal: the product is known.
  const line = orderLineOf(product!, data.quantity);
  const { subtotalCents, totalCostCents } = orderTotals(line.lineTotalCents);
  // Within a cent: a client that rounds its floating-point total the other way is not refused.
  if (Math.abs(data.clientTotalCents - totalCostCents) > 1) {
    throw new CommandRejected('conflict', messages.totalCostMismatch(formatCents(totalCostCents)));
  }
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId: data.orderId,
        userId: data.userId,
        userName: data.userName,
        lines: [line],
        subtotalCents,
        totalCostCents,
        shippingAddress: data.shippingAddress,
        status: NEW_ORDER_STATUS,
        payment: NEW_ORDER_PAYMENT,
        cartVersion: null,
      },
    },
  ];
}

/**
 * An order is decided on the state of the product it reserves, not on its own stream: a new order's
 * stream is always empty. Its events go to that new stream, and they evolve the product's state.
 */
export const orderDecider: Decider<ProductState | undefined, PlaceOrder, ProductFact> = {
  decide: decideOrder,
  evolve: evolveProduct,
  initialState: () => undefined,
};
