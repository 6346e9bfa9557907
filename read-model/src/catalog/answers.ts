import { HOME_PRODUCT_COUNT, PAGE_SIZES, type CountResponse, type ProductDto, type ProductFilter } from '@toolforge/contracts';
import { answerJson, type HotAnswers } from '@toolforge/platform/cache';
import { toProductDto } from './productDto.js';
import { ALL_NEWEST, type CatalogueReader, type ProductSearch } from './productReads.js';

/**
 * The cache area of the catalogue's lists and products: a commit that adds, edits or deletes a
 * product, or moves its stock (a restock, an order's reservation), moves it to a new generation.
 */
export const CATALOGUE_AREA = 'catalogue';

/**
 * The cache area of the product counts (`/productscount`): only adding, editing (a name or category
 * a filter matches) or deleting a product changes them, not the stock orders take. Kept apart so
 * that a busy shop's orders do not make the projector count the catalogue again after every commit
 * (counting 100,000 products is the one costly hot answer).
 */
export const PRODUCT_COUNTS_AREA = 'product-counts';

/**
 * A filter as a cache key's suffix: nothing for no filter (the keys the hot answers keep), else its
 * normalised values (contracts' productsQuerySchema: the text trimmed, its spaces single, lower
 * case, at most 100 characters), as JSON so that no text can pass for another filter's key.
 */
const filterKey = ({ category, q }: ProductFilter) => (category || q ? `:${JSON.stringify([category ?? null, q ?? null])}` : '');

/** The catalogue's answers as the cache names them within their area (the counts in PRODUCT_COUNTS_AREA, the rest in CATALOGUE_AREA). */
export const catalogueKeys = {
  home: 'home',
  count: 'count',
  countOf: (filter: ProductFilter) => `count${filterKey(filter)}`,
  page: (page: number, size: number) => `page:${page}:${size}`,
  pageOf: (page: number, size: number, { filter, sort }: ProductSearch) =>
    `page:${page}:${size}${sort === 'newest' ? '' : `:${sort}`}${filterKey(filter)}`,
  product: (productId: string) => `product:${productId}`,
} as const;

/** The catalogue GETs, read from the read model: one definition for the routes and the hot answers. */
export const catalogueReads = {
  /** The 6 newest products. */
  home: async (store: CatalogueReader): Promise<ProductDto[]> =>
    (await store.listProducts({ offset: 0, limit: HOME_PRODUCT_COUNT })).map(toProductDto),
  count: async (store: CatalogueReader, filter: ProductFilter = {}): Promise<CountResponse> => ({
    count: await store.countProducts(filter),
  }),
  page: async (store: CatalogueReader, page: number, size: number, search: ProductSearch = ALL_NEWEST): Promise<ProductDto[]> =>
    (await store.listProducts({ offset: page * size, limit: size }, search)).map(toProductDto),
};

/**
 * The catalogue answers nearly every visitor asks for (the home page, the first page in each size
 * the web offers), keyed by catalogueKeys, as ready-to-send JSON. They are all prefixes of the
 * newest products, so one query makes them all: the list is the same one `page`/`home` would read
 * (newest first, ties broken by log position), cut to each length.
 */
export async function hotCatalogueAnswers(store: Pick<CatalogueReader, 'listProducts'>): Promise<Map<string, string>> {
  const longest = Math.max(HOME_PRODUCT_COUNT, ...PAGE_SIZES);
  const newest = (await store.listProducts({ offset: 0, limit: longest })).map(toProductDto);
  const answers = new Map<string, string>();
  answers.set(catalogueKeys.home, answerJson(newest.slice(0, HOME_PRODUCT_COUNT)));
  for (const size of PAGE_SIZES) answers.set(catalogueKeys.page(0, size), answerJson(newest.slice(0, size)));
  return answers;
}

/** The count of every product (the catalogue page's), keyed by catalogueKeys.count in PRODUCT_COUNTS_AREA. */
export async function hotProductCountAnswers(store: Pick<CatalogueReader, 'countProducts'>): Promise<Map<string, string>> {
  const count = await store.countProducts();
  return new Map([[catalogueKeys.count, answerJson({ count } satisfies CountResponse)]]);
}

/**
 * The catalogue's hot answers as the projector takes them, one set per area: after each commit that
 * changes an area it puts that area's answers in the cache under the new generation, before anyone
 * asks. The projector only knows when; what they are, and how the GETs shape them, stays here.
 */
export function catalogueHotAnswers(store: Pick<CatalogueReader, 'listProducts' | 'countProducts'>): HotAnswers[] {
  return [
    { area: CATALOGUE_AREA, load: () => hotCatalogueAnswers(store) },
    { area: PRODUCT_COUNTS_AREA, load: () => hotProductCountAnswers(store) },
  ];
}
