import { fromCents, type OrderDto } from '@toolforge/contracts';
import type { OrderView } from './orderReads.js';

/** An order as the API shows it: the fields of orderDtoSchema, in its order (see toProductDto). */
export function toOrderDto(order: OrderView): OrderDto {
  return {
    _id: order.orderId,
    productId: order.productId,
    productName: order.productName,
    userId: order.userId,
    userName: order.userName,
    orderQuantity: order.quantity,
    totalCost: fromCents(order.totalCostCents),
    shippingAddress: order.shippingAddress,
    status: order.status,
    payment: order.payment,
    placedAt: order.placedAt,
  };
}
