import {
  LIMITS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductFilter,
  type ProductSort,
} from '@toolforge/contracts';

/**
 * What the All Products page shows, as its address keeps it (`?category=…&q=…&sort=…`), so that a
 * link or the Back button brings the same list back. `text` is the search box's text as typed.
 */
export interface CatalogueView {
  readonly category?: ProductCategory;
  readonly text: string;
  readonly sort: ProductSort;
}

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name (A to Z)',
};

const isCategory = (value: string | null): value is ProductCategory => PRODUCT_CATEGORIES.some((category) => category === value);
const isSort = (value: string | null): value is ProductSort => PRODUCT_SORTS.some((sort) => sort === value);

/** The view an address names; a value the shop does not know (an old or hand-written link) is left out. */
export function readCatalogueView(params: URLSearchParams): CatalogueView {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    ...(isCategory(category) && { category }),
    text: (params.get('q') ?? '').slice(0, LIMITS.searchText * 2),
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The address's query for a view: only what differs from the plain list. */
export function catalogueViewParams(view: CatalogueView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.category) params.set('category', view.category);
  if (view.text !== '') params.set('q', view.text);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  return params;
}

/**
 * The filter the query service is asked for, read as it reads it (contracts' productsQuerySchema):
 * the text trimmed, its spaces single, lower case, at most LIMITS.searchText long. Two ways of
 * typing one search are then one request and one cached answer.
 */
export function filterOf(view: Pick<CatalogueView, 'category' | 'text'>): ProductFilter {
  const q = view.text.trim().replace(/\s+/gu, ' ').toLowerCase().slice(0, LIMITS.searchText).trim();
  return { ...(view.category && { category: view.category }), ...(q && { q }) };
}

/** A filter as one comparable value: a list's page belongs to the filter it was chosen under. */
export function filterKey(filter: ProductFilter | undefined): string {
  return filter?.category || filter?.q ? JSON.stringify([filter.category ?? null, filter.q ?? null]) : '';
}
