import type { Slice } from '@toolforge/platform';
import type { OrderDto } from '@toolforge/contracts';
import { toOrderDto } from './orderDto.js';
import type { OrderReader } from './orderReads.js';

/** The cache area of every order list: a commit that records an order moves it to a new generation. */
export const ORDERS_AREA = 'orders';

/** The order lists as the cache names them within the orders area. */
export const orderKeys = {
  ofUser: (uid: string) => `user:${uid}`,
  /** Every order up to the bound, or a page of them. */
  all: (paging: { page: number; size: number } | null) => (paging ? `all:${paging.page}:${paging.size}` : 'all'),
} as const;

/** The order GETs, read from the read model. */
export const orderReads = {
  ofUser: async (store: OrderReader, uid: string): Promise<OrderDto[]> => (await store.ordersOfUser(uid)).map(toOrderDto),
  all: async (store: OrderReader, slice: Slice): Promise<OrderDto[]> => (await store.listOrders(slice)).map(toOrderDto),
};
