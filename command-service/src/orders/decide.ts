import {
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  customerReservationLimit,
  formatCents,
  messages,
  totalCostCents,
  unverifiedReservationLimit,
  type Cents,
  type OrderPlaced,
} from '@toolforge/contracts';
import { evolveProduct, type ProductFact, type ProductState } from '../catalog/product.js';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';

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
 * An order reserves stock. It is refused when the product is unknown or deleted, when the quantity
 * is under minOrder, over the stock available now or over what this customer may still hold of the
 * product (customerReservationLimit of the stock on hand, less what their unpaid open orders hold),
 * over what unverified accounts may still hold of it together when the customer is one of them
 * (unverifiedReservationLimit), and when the customer's total is not the server's.
 */
export function decideOrder(command: PlaceOrder, product: ProductState | undefined): Decided<OrderPlaced>[] {
  const { data } = command;
  if (!product) throw new CommandRejected('not-found', messages.productNotFound);
  if (product.deleted) throw new CommandRejected('conflict', messages.productUnavailable);
  if (data.quantity < product.minOrder) {
    throw new CommandRejected('conflict', messages.minOrderQuantity(product.minOrder));
  }
  const mayStillHold = customerReservationLimit(product) - product.holds.of(data.userId);
  const allowed = Math.max(0, Math.min(product.availableStock, mayStillHold));
  if (data.quantity > allowed) throw new CommandRejected('conflict', messages.maxOrderQuantity(allowed));
  if (!data.customerVerified) {
    const unverifiedRoom = Math.max(0, Math.min(allowed, unverifiedReservationLimit(product) - data.unverifiedHeld));
    if (data.quantity > unverifiedRoom) throw new CommandRejected('conflict', messages.verifyEmailToOrderMore(unverifiedRoom));
  }
  const total = totalCostCents(product.priceCents, data.quantity);
  // Within a cent: a client that rounds its floating-point total the other way is not refused.
  if (Math.abs(data.clientTotalCents - total) > 1) {
    throw new CommandRejected('conflict', messages.totalCostMismatch(formatCents(total)));
  }
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId: data.orderId,
        productId: product.productId,
        productName: product.name,
        userId: data.userId,
        userName: data.userName,
        quantity: data.quantity,
        unitPriceCents: product.priceCents,
        totalCostCents: total,
        shippingAddress: data.shippingAddress,
        status: NEW_ORDER_STATUS,
        payment: NEW_ORDER_PAYMENT,
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
