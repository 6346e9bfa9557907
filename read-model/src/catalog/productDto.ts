import { fromCents, type ProductDto, type ProductRating } from '@toolforge/contracts';
import type { ProductView } from './productReads.js';

/**
 * A product as the API shows it: `_id` and `productId` both name it; stock is what is left to
 * order. The fields are productDtoSchema's, in its order, so a cached answer is the very body the
 * route's serialiser would write.
 */
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
    ...productRating(product),
  };
}

/** A product's stars: the average of its reviews that are up, to one decimal, or null while it has none. */
export function productRating({ reviewCount, ratingSum }: Pick<ProductView, 'reviewCount' | 'ratingSum'>): ProductRating {
  return { averageRating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null, reviewCount };
}
