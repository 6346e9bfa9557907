import { fromCents, type Cents, type PriceTier, type ProductCategory, type ProductRating } from '@toolforge/contracts';
import { isoTime, type CopyType, type CopyValue } from '@toolforge/platform/sql';

// What is left to order, and the reviews that are up, of `products p` with WITH_RESERVATIONS (productReads.ts): one rule for the columns and the JSON (and a cart's lines).
export const AVAILABLE_STOCK = 'greatest(p.stock - coalesce(r.reserved, 0), 0)';
const REVIEW_COUNT = 'coalesce(pr.review_count, 0)';

/** A product as the driver hands its fields back, before they are read (the answers' values are taken from it). */
type ProductRecord = Readonly<Record<string, unknown>>;

/** One key of the API's product: its value as SQL on `products p` with WITH_RESERVATIONS, and from a product as read. */
interface Answered {
  readonly sql: string;
  readonly value: (product: ProductRecord) => unknown;
}

/**
 * A column of products a product's field fills: its type there (catalog/migrations/), the field of
 * ProductRow that fills it, and how that field's value is handed to the database when it is not
 * as it is (an insert's parameter, a COPY value, an edit's parameter alike).
 */
export interface StoredColumn {
  readonly column: string;
  readonly type: CopyType;
  readonly from: string;
  readonly write?: (value: never) => CopyValue;
}

/** A field's value as its column is handed it. */
export function storedValue({ write }: StoredColumn, value: unknown): CopyValue {
  return write ? write(value as never) : (value as CopyValue);
}

/**
 * One field of a product as the query side reads it (ProductView), named once: the column of
 * products that holds it, or the SQL that works it out; how a driver's value is read; and the keys
 * the API's product answers it under, in order.
 */
interface ProductField<Value> {
  readonly stored?: StoredColumn;
  readonly sql: string;
  /** The numbers and times come back in whichever shape the driver chose: read both ways. */
  readonly read?: (value: unknown) => Value;
  readonly answers: Readonly<Record<string, Answered>>;
}

/** A key of the API's product that answers a field as it is read. */
const asRead = (sql: string, field: string): Answered => ({ sql, value: (product) => product[field] });

/**
 * A column of products, read as it is stored (unless `sql` works the field out from it) and answered
 * under the field's own name (unless `answers` says otherwise); `from` is the field of ProductRow
 * that fills it when that is not the view's.
 */
function column<Value>(
  name: string,
  type: CopyType,
  options: {
    read?: (value: unknown) => Value;
    write?: (value: Value) => CopyValue;
    sql?: string;
    answers?: Readonly<Record<string, Answered>>;
    from?: string;
  } = {},
) {
  return (field: string): ProductField<Value> => {
    const sql = options.sql ?? `p.${name}`;
    return {
      stored: { column: name, type, from: options.from ?? field, ...(options.write && { write: options.write }) },
      sql,
      ...(options.read && { read: options.read }),
      answers: options.answers ?? { [field]: asRead(sql, field) },
    };
  };
}

/** A field worked out from the product's row, its reservations and ratings, answered only as `answers` says. */
function computed<Value>(sql: string, read: (value: unknown) => Value, answers: Readonly<Record<string, Answered>> = {}) {
  return (): ProductField<Value> => ({ sql, read, answers });
}

const text = <Value extends string = string>(name: string) => column<Value>(name, 'text');
const whole = <Value extends number = number>(name: string, type: 'integer' | 'bigint') =>
  column<Value>(name, type, { read: (value) => Number(value) as Value });

/**
 * The quantity ladder as the API answers it, each step's price in currency units as the price is,
 * in the ladder's order; [] for none. Written by row_to_json and array_to_json, which put no space
 * between keys and values or items, as JSON.stringify does (json_agg and json_build_object do).
 */
const PRICE_TIERS_ANSWER = `coalesce((
  select array_to_json(array_agg(row_to_json(tier) order by e.n))
    from jsonb_array_elements(p.price_tiers) with ordinality as e(step, n)
   cross join lateral (
     select (e.step->>'minQuantity')::integer as "minQuantity", (e.step->>'unitPriceCents')::float8 / 100 as "unitPrice") tier
), '[]'::json)`;

/** A product's stars: the average of its reviews that are up, to one decimal, or null while it has none. */
export function productRating({ reviewCount, ratingSum }: { readonly reviewCount: number; readonly ratingSum: number }): ProductRating {
  return { averageRating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null, reviewCount };
}

/**
 * A product's fields, each named once: a new column is one line here (plus its migration). The
 * API's product (productDtoSchema) takes their answers in this order: `_id` and `productId` both
 * name the product; the price (and each step of the ladder's) is cents / 100 in double precision
 * (the number JavaScript's division gives); stock is what is left to order; the stars are
 * productRating's: Math.round of ten times the average is floor(x + 0.5) for these values (tested
 * against it over every sum of up to 60 reviews).
 */
const PRODUCT_FIELD_MAKERS = {
  productId: column<string>('product_id', 'text', {
    answers: { _id: asRead('p.product_id', 'productId'), productId: asRead('p.product_id', 'productId') },
  }),
  name: text('name'),
  category: text<ProductCategory>('category'),
  model: text('model'),
  imageUrl: text('image_url'),
  priceCents: column<Cents>('price_cents', 'bigint', {
    read: Number,
    answers: { price: { sql: 'p.price_cents::float8 / 100', value: (product) => fromCents(product.priceCents as Cents) } },
  }),
  // The stock on hand is stored; the view reads what is left of it to order (productReads.ts).
  availableStock: column<number>('stock', 'integer', {
    sql: AVAILABLE_STOCK,
    read: Number,
    from: 'stock',
    answers: { stock: asRead(AVAILABLE_STOCK, 'availableStock') },
  }),
  minOrder: whole('min_order', 'integer'),
  description: text('description'),
  // Kept as the events carry it (cents), handed to the database as its JSON text: a driver would
  // send an array as a Postgres array. Drivers parse jsonb as they read it; a text is parsed here.
  priceTiers: column<readonly PriceTier[]>('price_tiers', 'jsonb', {
    write: (tiers) => JSON.stringify(tiers),
    read: (value) => (typeof value === 'string' ? (JSON.parse(value) as PriceTier[]) : (value as PriceTier[])),
    answers: {
      priceTiers: {
        sql: PRICE_TIERS_ANSWER,
        value: (product) =>
          (product.priceTiers as readonly PriceTier[]).map((tier) => ({
            minQuantity: tier.minQuantity,
            unitPrice: fromCents(tier.unitPriceCents),
          })),
      },
    },
  }),
  packSize: whole('pack_size', 'integer'),
  addedAt: column<string>('added_at', 'timestamptz', { read: isoTime, answers: {} }),
  reviewCount: computed(REVIEW_COUNT, Number, {
    averageRating: {
      sql: 'case when pr.review_count > 0 then floor(pr.rating_sum::float8 / pr.review_count * 10 + 0.5) / 10 end',
      value: (product) => productRating(product as { reviewCount: number; ratingSum: number }).averageRating,
    },
    reviewCount: asRead(REVIEW_COUNT, 'reviewCount'),
  }),
  ratingSum: computed('coalesce(pr.rating_sum, 0)', Number),
};

type ValueOf<Maker> = Maker extends (field: never) => ProductField<infer Value> ? Value : never;

/** The fields of a product as the query side reads it, derived from PRODUCT_FIELD_MAKERS. */
export type ProductFields = { readonly [Field in keyof typeof PRODUCT_FIELD_MAKERS]: ValueOf<(typeof PRODUCT_FIELD_MAKERS)[Field]> };

/** Each field's definition, under its name. */
const PRODUCT_FIELDS = Object.fromEntries(
  Object.entries(PRODUCT_FIELD_MAKERS).map(([field, make]) => [field, (make as (field: string) => ProductField<unknown>)(field)]),
) as { readonly [Field in keyof ProductFields]: ProductField<ProductFields[Field]> };

/** One entry of a select list: the SQL under `name`, without an alias a column of that name does not need. */
const selected = (sql: string, name: string) => (sql === `p.${name}` ? sql : `${sql} as "${name}"`);

const fields = Object.entries(PRODUCT_FIELDS) as [keyof ProductFields, ProductField<unknown>][];

/** The products table's columns a product fills, with their types there and the field of ProductRow that fills each. */
export const STORED_PRODUCT_COLUMNS: readonly StoredColumn[] = fields.flatMap(([, { stored }]) => (stored ? [stored] : []));

/** Each field under its view's name, so a record needs only its numbers and times read. */
export const PRODUCT_VIEW_COLUMNS = fields.map(([field, { sql }]) => selected(sql, field)).join(', ');

/** The fields a driver may hand back in more than one shape, with how each is read. */
export const PRODUCT_FIELD_READERS = Object.fromEntries(fields.flatMap(([field, { read }]) => (read ? [[field, read]] : []))) as {
  readonly [Field in keyof ProductFields]?: (value: unknown) => ProductFields[Field];
};

/** The API's product, key by key in its order (productDtoSchema's). */
export const PRODUCT_ANSWERS: readonly (readonly [key: string, answered: Answered])[] = fields.flatMap(([, { answers }]) =>
  Object.entries(answers),
);

/** The API's product as SQL: its keys in order, for row_to_json. */
export const PRODUCT_ANSWER_COLUMNS = PRODUCT_ANSWERS.map(([key, { sql }]) => selected(sql, key)).join(', ');
