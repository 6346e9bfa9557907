import { HOME_PRODUCT_COUNT, PAGE_SIZES, type CountResponse, type ProductDto } from '@toolforge/contracts';
import { CACHE_AREAS, type CacheArea } from './cache.js';
import type { ReadModelReader } from './readStore.js';
import { toProductDto } from './views.js';

/** How long a cached answer may live; a commit makes it unreachable sooner. */
export const CACHE_TTL_SECONDS = 60;

const NAMESPACE = 'toolforge:query';

/**
 * Where a query answer is kept: under its area's generation (see CACHE_AREAS), so the query service
 * that reads it and the projector that refreshes it after a commit name the same entry.
 */
export function cachedAnswerKey(area: CacheArea, generation: number, key: string): string {
  return `${NAMESPACE}:${area}:${generation}:${key}`;
}

/**
 * A query answer as the GET sends it. The DTO mappings (views.ts) build exactly the fields of the
 * response schemas, in their order, so this is the body the schema's serialiser would write.
 * null stands for "none" (an unknown product), which is worth keeping too.
 */
export function answerJson(answer: unknown): string {
  return JSON.stringify(answer ?? null);
}

/** The catalogue's answers as the cache names them within the catalogue area. */
export const catalogueKeys = {
  home: 'home',
  count: 'count',
  page: (page: number, size: number) => `page:${page}:${size}`,
  product: (productId: string) => `product:${productId}`,
} as const;

type CatalogueReader = Pick<ReadModelReader, 'listProducts' | 'countProducts' | 'findProduct'>;

/** The catalogue GETs of SPEC §7, read from the read model: one definition for every reader. */
export const catalogueReads = {
  /** The 6 newest products. */
  home: async (store: CatalogueReader): Promise<ProductDto[]> =>
    (await store.listProducts({ offset: 0, limit: HOME_PRODUCT_COUNT })).map(toProductDto),
  count: async (store: CatalogueReader): Promise<CountResponse> => ({ count: await store.countProducts() }),
  page: async (store: CatalogueReader, page: number, size: number): Promise<ProductDto[]> =>
    (await store.listProducts({ offset: page * size, limit: size })).map(toProductDto),
  product: async (store: CatalogueReader, productId: string): Promise<ProductDto | null> => {
    const found = await store.findProduct(productId);
    return found ? toProductDto(found) : null;
  },
};

/** The area the hot answers belong to: a commit that changed it makes them worth refreshing. */
export const HOT_AREA = CACHE_AREAS.catalogue;

/**
 * The answers nearly every visitor asks for (the home page, the count, the first page in each size
 * the web offers), keyed by catalogueKeys, as ready-to-send JSON. They are all prefixes of the
 * newest products, so two queries make them all: the list is the same one `page`/`home` would read
 * (newest first, ties broken by log position), cut to each length.
 */
export async function hotCatalogueAnswers(store: Pick<CatalogueReader, 'listProducts' | 'countProducts'>): Promise<Map<string, string>> {
  const longest = Math.max(HOME_PRODUCT_COUNT, ...PAGE_SIZES);
  // One after the other: the projector's pool keeps a connection free for the next batch.
  const newest = (await store.listProducts({ offset: 0, limit: longest })).map(toProductDto);
  const count = await store.countProducts();
  const answers = new Map<string, string>();
  answers.set(catalogueKeys.home, answerJson(newest.slice(0, HOME_PRODUCT_COUNT)));
  answers.set(catalogueKeys.count, answerJson({ count } satisfies CountResponse));
  for (const size of PAGE_SIZES) answers.set(catalogueKeys.page(0, size), answerJson(newest.slice(0, size)));
  return answers;
}
