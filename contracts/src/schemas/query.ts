import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  LIMITS,
  MAX_PAGE_SIZE,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductSort,
} from '../constants.js';
import { messages } from '../messages.js';
import { identifier, isPlainText } from './fields.js';

const pageMessage = 'page should be a whole number from 0';
const sizeMessage = `size should be a whole number from 1 to ${MAX_PAGE_SIZE}`;

const page = z
  .string()
  .regex(/^\d{1,9}$/, pageMessage)
  .transform(Number);
const size = z
  .string()
  .regex(/^\d{1,3}$/, sizeMessage)
  .transform(Number)
  .pipe(z.number().min(1, sizeMessage).max(MAX_PAGE_SIZE, sizeMessage));

/** GET /products paging: page from 0, size 1 to MAX_PAGE_SIZE. */
export const pageQuerySchema = z.strictObject({
  page: page.default(0),
  size: size.default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

const category = z.enum(PRODUCT_CATEGORIES, { error: messages.categoryFilter });
const sort = z.enum(PRODUCT_SORTS, { error: messages.productSort });

/**
 * The search box's text: one line of plain text, at most LIMITS.searchText once trimmed. Runs of
 * white space become one space and letters lower case (the search ignores both), so every way of
 * typing one search is one cached answer.
 */
const searchText = z
  .string({ error: messages.searchTextPlain })
  .refine((value) => isPlainText(value), messages.searchTextPlain)
  .trim()
  .max(LIMITS.searchText, messages.searchTextMax)
  .transform((value) => value.replace(/\s+/gu, ' ').toLowerCase());

/** Which products a list shows: a category, and text its name, model or description holds. Blank text filters nothing. */
export interface ProductFilter {
  readonly category?: ProductCategory;
  readonly q?: string;
}

const filterFields = { category: category.optional(), q: searchText.optional() };

function productFilter({ category, q }: { category?: ProductCategory | undefined; q?: string | undefined }): ProductFilter {
  return { ...(category && { category }), ...(q && { q }) };
}

/**
 * GET /products: a page of the products the filter keeps, in the order `sort` names (newest by
 * default). Any other key is refused, as before the filters.
 */
export const productsQuerySchema = z
  .strictObject({ page: page.default(0), size: size.default(DEFAULT_PAGE_SIZE), ...filterFields, sort: sort.default('newest') })
  .transform(({ page, size, sort, ...filter }): ProductsQuery => ({ page, size, sort, filter: productFilter(filter) }));
export interface ProductsQuery extends PageQuery {
  readonly sort: ProductSort;
  readonly filter: ProductFilter;
}

/**
 * GET /productscount: how many products the same filter keeps. It took no query before the
 * filters and ignored any it was given; it still ignores other keys (a client may send its page
 * and size along).
 */
export const productsCountQuerySchema = z.object(filterFields).transform(productFilter);

/**
 * GET /allorders: the spec's call has no paging and shows every order; a client may page it with
 * the same rules as /products. Without page and size, `paging` is null: the whole list.
 */
export const allOrdersQuerySchema = z
  .strictObject({ page: page.optional(), size: size.optional() })
  .transform(({ page, size }): { paging: PageQuery | null } => ({
    paging: page === undefined && size === undefined ? null : { page: page ?? 0, size: size ?? DEFAULT_PAGE_SIZE },
  }));
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;

export const uidParamsSchema = z.strictObject({ uid: identifier('uid', LIMITS.uid) });
