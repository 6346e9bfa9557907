/** The cache area of every order list: a commit that records an order moves it to a new generation. */
export const ORDERS_AREA = 'orders';

/** The order lists as the cache names them within the orders area. */
export const orderKeys = {
  ofUser: (uid: string) => `user:${uid}`,
  /** Every order up to the bound, or a page of them. */
  all: (paging: { page: number; size: number } | null) => (paging ? `all:${paging.page}:${paging.size}` : 'all'),
} as const;
