import {
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  formatCents,
  messages,
  totalCostCents,
  type Cents,
  type OrderPlaced,
} from '@toolforge/contracts';
import { CommandRejected, type Decided } from '../decided.js';
import type { ProductState } from '../product/product.js';
import type { OrderState } from './order.js';

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: {
    orderId: string;
    productId: string;
    userId: string;
    userName: string;
    quantity: number;
    shippingAddress: string;
    /** The total the customer was shown; it must be the server's. */
    clientTotalCents: Cents;
  };
};

/**
 * DESIGN §3: an order reserves stock. It is refused when the product is unknown or deleted, when
 * the quantity is under minOrder or over the stock available now, and when the customer's total
 * is not the server's.
 */
export function decideOrder(
  command: PlaceOrder,
  state: { order: OrderState | undefined; product: ProductState | undefined },
): Decided<OrderPlaced>[] {
  const { order, product } = state;
  const { data } = command;
  if (order) throw new CommandRejected('conflict', `Order ${data.orderId} already exists`);
  if (!product) throw new CommandRejected('not-found', messages.productNotFound);
  if (product.deleted) throw new CommandRejected('conflict', messages.productUnavailable);
  if (data.quantity < product.minOrder) {
    throw new CommandRejected('conflict', messages.minOrderQuantity(product.minOrder));
  }
  if (data.quantity > product.availableStock) {
    throw new CommandRejected('conflict', messages.maxOrderQuantity(product.availableStock));
  }
  const total = totalCostCents(product.priceCents, data.quantity);
  if (data.clientTotalCents !== total) {
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
