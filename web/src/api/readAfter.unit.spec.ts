import { describe, expect, it } from 'vitest';
import { READ_AFTER_HEADER } from '@toolforge/contracts';
import { cartApi } from '../features/cart/cartApi';
import { catalogApi } from '../features/catalog/catalogApi';
import { orderHistoryApi } from '../features/orderLifecycle/orderHistoryApi';
import { ordersApi } from '../features/orders/ordersApi';
import { reviewsApi } from '../features/reviews/reviewsApi';
import { fakeQueryServer } from '../test/fakeQueryServer';
import { createTestStore, waitForState } from '../test/testStore';
import { positionRecorded } from './readAfterSlice';

const products = 'catalog.products/0/5';
const orders = 'sales.orders/0/7';
const reviews = 'catalog.reviews/0/9';
const carts = 'sales.carts/0/3';

describe('each read waits for the user’s own writes of the topics it shows (X-Read-After)', () => {
  it('sends the positions of its topics, each feature’s reads as it injected them', async () => {
    const server = fakeQueryServer({});
    const shop = createTestStore();
    for (const position of [products, orders, reviews, carts]) shop.store.dispatch(positionRecorded(position));
    const productTopics = [products, orders, reviews].join(',');
    const reads = [
      { path: '/homeproducts', read: () => shop.store.dispatch(catalogApi.endpoints.homeProducts.initiate()), readAfter: productTopics },
      { path: '/productscount', read: () => shop.store.dispatch(catalogApi.endpoints.productsCount.initiate()), readAfter: productTopics },
      {
        path: '/products?page=0&size=10',
        read: () => shop.store.dispatch(catalogApi.endpoints.productsPage.initiate({ page: 0, size: 10 })),
        readAfter: productTopics,
      },
      { path: '/product/p-1', read: () => shop.store.dispatch(catalogApi.endpoints.product.initiate('p-1')), readAfter: productTopics },
      { path: '/orders/u-7', read: () => shop.store.dispatch(ordersApi.endpoints.userOrders.initiate('u-7')), readAfter: orders },
      { path: '/allorders', read: () => shop.store.dispatch(ordersApi.endpoints.allOrders.initiate()), readAfter: orders },
      {
        path: '/orders/o-1/history',
        read: () => shop.store.dispatch(orderHistoryApi.endpoints.orderHistory.initiate('o-1')),
        readAfter: orders,
      },
      {
        path: '/reviews?productId=p-1&page=0&size=5',
        read: () => shop.store.dispatch(reviewsApi.endpoints.productReviews.initiate({ productId: 'p-1', page: 0, size: 5 })),
        readAfter: reviews,
      },
      // A checkout empties the cart by the order it places: the cart waits for the orders too.
      { path: '/cart', read: () => shop.store.dispatch(cartApi.endpoints.cart.initiate()), readAfter: `${carts},${orders}` },
      { path: '/latestreviews', read: () => shop.store.dispatch(reviewsApi.endpoints.latestReviews.initiate()), readAfter: reviews },
    ];
    for (const { path, read, readAfter } of reads) {
      const subscription = read();
      await waitForState(shop.store, () => server.requestsTo(path).length > 0);
      expect({ path, readAfter: server.requestsTo(path)[0]!.headers[READ_AFTER_HEADER] }).toEqual({ path, readAfter });
      subscription.unsubscribe();
    }
  });
});
