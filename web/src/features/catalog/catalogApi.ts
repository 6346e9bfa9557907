import { TOPICS, type CountResponse, type ProductDto, type ProductFilter, type ProductSort, type Topic } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';

declare module '../../api/shopApi' {
  /** The products, their stock and stars: loaded again when a product, an order or a review changes them. */
  interface ShopTags {
    Product: true;
  }
}

export interface PageArgs {
  page: number;
  size: number;
  /** Only the products this filter keeps (none: all of them). */
  filter?: ProductFilter;
  /** Newest first unless given. */
  sort?: ProductSort;
}

/** A filter as the query string of /products and /productscount: only the parts that filter. */
const filterParams = (filter: ProductFilter = {}) => ({
  ...(filter.category && { category: filter.category }),
  ...(filter.q && { q: filter.q }),
});

/**
 * A product's stock moves with orders too (placed orders reserve it, cancelled ones give it back), and
 * its stars with reviews, so product reads also wait for the user's last order and review commands.
 */
const PRODUCT_TOPICS: readonly Topic[] = [TOPICS.products, TOPICS.orders, TOPICS.reviews];

/** The catalogue's reads: the products, a page or one at a time, and how many there are. */
export const catalogApi = injectReads(
  (build) => ({
    homeProducts: build.query<ProductDto[], void>({ query: () => '/homeproducts', providesTags: ['Product'] }),
    /** How many products the filter keeps (none: all of them), for the page links. */
    productsCount: build.query<CountResponse, ProductFilter | void>({
      query: (filter) => ({ url: '/productscount', params: filterParams(filter ?? {}) }),
      providesTags: ['Product'],
    }),
    productsPage: build.query<ProductDto[], PageArgs>({
      query: ({ page, size, filter, sort }) => ({
        url: '/products',
        params: { page, size, ...filterParams(filter), ...(sort && sort !== 'newest' && { sort }) },
      }),
      providesTags: ['Product'],
    }),
    product: build.query<ProductDto, string>({
      query: (id) => `/product/${encodeURIComponent(id)}`,
      providesTags: ['Product'],
    }),
  }),
  { homeProducts: PRODUCT_TOPICS, productsCount: PRODUCT_TOPICS, productsPage: PRODUCT_TOPICS, product: PRODUCT_TOPICS },
  ['Product'],
);

export const { useHomeProductsQuery, useProductsCountQuery, useProductsPageQuery, useProductQuery } = catalogApi;
