import { priceCart, toCartDto, type CartDto, type ProductDto } from '@toolforge/contracts';
import { pricesOf } from '../features/catalog/ladder';

/** The cart as the servers answer it, each line of a product priced as they price it (its ladder, with its stock available). */
export function cartDto(lines: readonly (readonly [ProductDto, number])[]): CartDto {
  const products = new Map(lines.map(([product]) => [product._id, product]));
  return toCartDto(
    priceCart(
      lines.map(([product, quantity]) => ({ productId: product._id, quantity })),
      (productId) => {
        const product = products.get(productId);
        return product && { name: product.name, ...pricesOf(product), available: product.stock };
      },
    ),
  );
}

/** A cart change's answer: the cart as it now stands, and the change's position. */
export const cartChanged = (cart: CartDto, position: string) => ({ acknowledged: true as const, position, ...cart });
