import type { ProductDto } from '@toolforge/contracts';

/** The n-th product as the query service answers it (id `p-n`); a test overrides what it looks at. */
export function productDto(n: number, overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: `p-${n}`,
    productId: `p-${n}`,
    name: `Product ${n}`,
    category: 'hand-tool',
    model: `M-${n}`,
    imageUrl: '/images/products/claw-hammer.svg',
    price: 10 + n,
    stock: 100,
    minOrder: 1,
    description: 'A tool built for a long working life in the shop.',
    priceTiers: [],
    packSize: 1,
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  };
}
