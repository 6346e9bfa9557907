import type { AddProductInput } from '../schemas/product.js';
import type { PlaceOrderInput } from '../schemas/order.js';
import type { PostReviewInput } from '../reviews/reviews.js';

/** A POST /order body as the spec's client sends it: 10 of a 10.00 product, at the right total. */
export const validOrderBody: PlaceOrderInput = {
  productId: 'p-1',
  userId: 'u-1',
  userName: 'Ada',
  productName: 'Claw Hammer',
  totalCost: 155,
  status: 'pending',
  payment: false,
  shippingAddress: '1 Forge Lane',
  orderQuantity: 10,
};

/** An Add Product form as an admin fills it in. */
export const validProductForm: AddProductInput = {
  name: 'Claw Hammer 16 oz',
  category: 'hand-tool',
  model: 'CH-16',
  imageUrl: '/images/products/claw-hammer.svg',
  price: '24.50',
  stock: '120',
  minOrder: '2',
  description: 'Forged steel head, fibreglass handle and a rubber grip.',
};

/** A POST /review body: four stars for product p-1. */
export const validReviewBody: PostReviewInput = {
  productId: 'p-1',
  rating: 4,
  text: 'Holds an edge well and\nfeels solid in the hand.',
};
