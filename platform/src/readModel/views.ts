import { fromCents, type OrderDto, type ProductDto } from '@toolforge/contracts';
import type { OrderView, ProductView } from './rows.js';

/** A product as the API shows it (SPEC §3): `_id` and `productId` both name it; stock is what is left to order. */
export function toProductDto(product: ProductView): ProductDto {
  return {
    _id: product.productId,
    productId: product.productId,
    name: product.name,
    category: product.category,
    model: product.model,
    imageUrl: product.imageUrl,
    price: fromCents(product.priceCents),
    stock: product.availableStock,
    minOrder: product.minOrder,
    description: product.description,
  };
}

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
