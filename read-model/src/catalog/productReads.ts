import type { ProductFilter, ProductSort } from '@toolforge/contracts';
import { type Slice, type SqlQueryable } from '@toolforge/platform/sql';
import { recordReader } from '../shared/driverRecord.js';
import { PRODUCT_ANSWER_COLUMNS, PRODUCT_FIELD_READERS, PRODUCT_VIEW_COLUMNS, type ProductFields } from './productColumns.js';
import { readsTogether } from '../shared/readsTogether.js';

/** A product as the query side reads it: available stock is stock minus every reservation; its reviews that are up, and the sum of their stars (reviews/tables.ts). */
export type ProductView = ProductFields;

/** Which products a list shows, and in which order. */
export interface ProductSearch {
  readonly filter: ProductFilter;
  readonly sort: ProductSort;
}

/** Every product not deleted, newest first: the home page, the first pages, the hot answers. */
export const ALL_NEWEST: ProductSearch = { filter: {}, sort: 'newest' };

/** The catalogue's reads: products not deleted, newest first unless a search says otherwise. */
export interface CatalogueReader {
  listProducts(slice: Slice, search?: ProductSearch): Promise<ProductView[]>;
  countProducts(filter?: ProductFilter): Promise<number>;
  findProduct(productId: string): Promise<ProductView | undefined>;
  /** The product as the API answers it (productDtoSchema's object, as toProductDto makes it), as JSON; undefined when it is not for sale. */
  productJson(productId: string): Promise<string | undefined>;
}

// A product's reservations and ratings: each kept apart from products and keyed by product (catalog/tables.ts, reviews/tables.ts).
const WITH_RESERVATIONS = `left join product_reservations r on r.product_id = p.product_id
  left join product_ratings pr on pr.product_id = p.product_id`;

/**
 * Each order's key and direction. The log position breaks ties in the same direction, so that
 * every order is total (a page never repeats or skips a product) and one index of catalog/tables.ts
 * serves it: products_newest, products_by_price (read backwards for price-desc), products_by_name.
 */
const SORT_KEYS: Record<ProductSort, { key: string; direction: 'asc' | 'desc' }> = {
  newest: { key: 'p.added_at', direction: 'desc' },
  'price-asc': { key: 'p.price_cents', direction: 'asc' },
  'price-desc': { key: 'p.price_cents', direction: 'desc' },
  name: { key: 'lower(p.name)', direction: 'asc' },
};

/**
 * The last word of a search as a tsquery of prefixes: PostgreSQL's parser splits it as it split
 * the `search` column (a hyphenated word gives the whole and its parts), and each lexeme is quoted
 * for to_tsquery with its quotes and backslashes (chr(92)) doubled, so nothing the customer types
 * is read as a tsquery operator. A word with no lexeme (only punctuation) gives null, which
 * matches no product.
 */
const PREFIXES_OF = (text: string) => `(
  select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, chr(92), chr(92) || chr(92)), '''', '''''') || ''':*', ' & '))
    from unnest(to_tsvector('simple', ${text})))`;

/**
 * The products a filter keeps, as SQL conditions on `products p` and their parameters, numbered
 * from `$first`. The customer's text only ever travels as a parameter.
 *
 * The search text is read with the `simple` configuration, as the `search` column was
 * (catalog/tables.ts, version 6): all its words must be in the name, model or description, the
 * last one as a prefix, since the search box asks while the customer types. The words before the
 * last go to plainto_tsquery, which reads any text as plain words.
 */
function filterConditions(filter: ProductFilter, first: number): { where: string; params: unknown[] } {
  const conditions = ['p.deleted_at is null'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filter.category) conditions.push(`p.category = ${param(filter.category)}`);
  if (filter.q) {
    const words = filter.q.split(' ');
    const typing = PREFIXES_OF(param(words.pop()));
    const query = words.length > 0 ? `plainto_tsquery('simple', ${param(words.join(' '))}) && ${typing}` : typing;
    conditions.push(`p.search @@ (${query})`);
  }
  return { where: conditions.join(' and '), params };
}

/**
 * A page of products: its keys first, skipping `offset` of them in the sort's index (an index-only
 * scan when there is no filter), then its own rows and reservations. Joined before the cut, every
 * skipped product would be read and joined too (catalog/tables.ts, version 4).
 */
function pageQuery({ filter, sort }: ProductSearch): { text: string; params: unknown[] } {
  const { key, direction } = SORT_KEYS[sort];
  const { where, params } = filterConditions(filter, 3);
  const order = (table: string, sortKey: string) =>
    `${sortKey} ${direction}, ${table}.log_partition ${direction}, ${table}.log_offset ${direction}`;
  const text = `
  with page as (
    select p.product_id, ${key} as sort_key, p.log_partition, p.log_offset from products p
     where ${where} order by ${order('p', key)} limit $1 offset $2
  )
  select ${PRODUCT_VIEW_COLUMNS}
    from page join products p on p.product_id = page.product_id ${WITH_RESERVATIONS}
   order by ${order('page', 'page.sort_key')}`;
  return { text, params };
}

/** The newest page of all products, the one nearly every visitor reads: built once. */
const NEWEST_PAGE = pageQuery(ALL_NEWEST);
const isAllNewest = ({ filter, sort }: ProductSearch) => sort === 'newest' && !filter.category && !filter.q;

// The numbers and times come back in whichever shape the driver chose: read both ways (productColumns.ts). The
// fields with no reader are taken as they come.
type ProductRecord = Readonly<Record<keyof ProductView, unknown>> & { readonly productId: string };
const toProductView: (record: ProductRecord) => ProductView = recordReader<ProductView>()(
  PRODUCT_FIELD_READERS as Required<typeof PRODUCT_FIELD_READERS>,
);

/**
 * A product as the API shows it (productDto.ts), written as JSON by the database: productDtoSchema's
 * fields in its order, each as productColumns.ts works it out. Embedded,
 * reading a product's twelve columns through PGlite (a copied buffer for each value) was the most of
 * a read by id after the database's own work.
 */
const AS_PRODUCT_JSON = `
  cross join lateral (select ${PRODUCT_ANSWER_COLUMNS}) dto`;

/** The most products one statement looks up by id. */
const PRODUCTS_PER_LOOKUP = 100;

/**
 * Products by id, looked up together (shared/readsTogether.ts): `columns` (of the products, their
 * reservations and ratings, and what `joined` adds) of the products asked for that are not deleted,
 * with `= any($1)` in one statement, each row then handed to its product as `answer`.
 */
function productLookups<Row extends { productId: string }, Answer>(
  sql: SqlQueryable,
  { columns, joined = '' }: { columns: string; joined?: string },
  answer: (row: Row) => Answer,
): (productId: string) => Promise<Answer | undefined> {
  return readsTogether(async (ids: readonly string[]) => {
    const result = await sql.query<Row>(
      `select ${columns} from products p ${WITH_RESERVATIONS} ${joined} where p.product_id = any($1::text[]) and p.deleted_at is null`,
      [ids],
    );
    const found = new Map(result.rows.map((row) => [row.productId, answer(row)]));
    return ids.map((id) => found.get(id));
  }, PRODUCTS_PER_LOOKUP);
}

/** The catalogue's reads on the read model's tables (catalog/tables.ts). */
export function sqlCatalogueReader(sql: SqlQueryable): CatalogueReader {
  const lookUp = productLookups(sql, { columns: PRODUCT_VIEW_COLUMNS }, toProductView);
  const lookUpJson = productLookups(
    sql,
    { columns: `p.product_id as "productId", row_to_json(dto)::text as json`, joined: AS_PRODUCT_JSON },
    (row: { productId: string; json: string }) => row.json,
  );
  return {
    async listProducts(slice, search = ALL_NEWEST) {
      const { text, params } = isAllNewest(search) ? NEWEST_PAGE : pageQuery(search);
      const result = await sql.query<ProductRecord>(text, [slice.limit, slice.offset, ...params]);
      return result.rows.map(toProductView);
    },
    async countProducts(filter = {}) {
      const { where, params } = filterConditions(filter, 1);
      const result = await sql.query<{ count: unknown }>(`select count(*) as count from products p where ${where}`, params);
      return Number(result.rows[0]!.count);
    },
    findProduct(productId) {
      return lookUp(productId);
    },
    productJson(productId) {
      return lookUpJson(productId);
    },
  };
}
