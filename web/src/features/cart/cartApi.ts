import { TOPICS, type CartDto } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';

declare module '../../api/shopApi' {
  /** The customer's cart: loaded again when a checkout has emptied it or a refusal says it changed. */
  interface ShopTags {
    Cart: true;
  }
}

/**
 * The signed-in customer's cart. It waits for their own cart changes, and for their orders too: a
 * checkout empties the cart by the order it places, on the orders' topic.
 */
export const cartApi = injectReads(
  (build) => ({
    cart: build.query<CartDto, void>({ query: () => '/cart', providesTags: ['Cart'] }),
  }),
  { cart: [TOPICS.carts, TOPICS.orders] },
  ['Cart'],
);

export const { useCartQuery } = cartApi;

/** The cart as it was last read or answered, if it has been. */
export const selectCachedCart = cartApi.endpoints.cart.select();
