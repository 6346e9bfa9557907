import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDtoSchema } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import { migrateReadModel, productRating, sqlCatalogueReader, toProductDto } from '@toolforge/read-model';
import { readModelDatabases, type OpenedDatabase } from '../test/readModelDatabases.js';

interface Stocked {
  productId: string;
  name?: string;
  description?: string;
  priceCents?: number;
  stock?: number;
  reserved?: number;
  reviews?: { count: number; sum: number };
  deleted?: boolean;
  priceTiers?: { minQuantity: number; unitPriceCents: number }[];
  packSize?: number;
}

/** The most reviews a product is given in the test of the stars' rounding. */
const MOST_REVIEWS = 60;

describe.each(readModelDatabases)('products read by id as JSON on %s', (_name, open) => {
  let opened: OpenedDatabase;
  const statements: string[] = [];
  let sql: SqlQueryable;
  const stock = async (product: Stocked) => {
    await opened.sql.query(
      `insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description, added_at,
                             log_partition, log_offset, deleted_at, price_tiers, pack_size)
       values ($1, $2, 'power-tool', 'M-1', 'https://example.test/tool.png', $3, $4, 2, $5, now(), 0, 0, $6, $7, $8)`,
      [
        product.productId,
        product.name ?? product.productId,
        product.priceCents ?? 1000,
        product.stock ?? 10,
        product.description ?? 'A tool.',
        product.deleted ? new Date() : null,
        JSON.stringify(product.priceTiers ?? []),
        product.packSize ?? 1,
      ],
    );
    if (product.reserved !== undefined)
      await opened.sql.query(`insert into product_reservations (product_id, reserved) values ($1, $2)`, [
        product.productId,
        product.reserved,
      ]);
    if (product.reviews)
      await opened.sql.query(`insert into product_ratings (product_id, review_count, rating_sum) values ($1, $2, $3)`, [
        product.productId,
        product.reviews.count,
        product.reviews.sum,
      ]);
  };

  beforeAll(async () => {
    opened = await open();
    await migrateReadModel(opened.sql);
    sql = {
      query: (text, params) => {
        statements.push(text);
        return opened.sql.query(text, params);
      },
    };
  });
  afterAll(() => opened.close());

  it('writes each product as JSON.stringify writes the API’s product: its fields in order, awkward texts, prices, stock and stars', async () => {
    const awkward = 'Drill "Pro" \\ 18\u2033\nchuck\ttab \u0001\u001f caf\u00e9 \u{1F527} </script> \u2028';
    const products: Stocked[] = [
      {
        productId: 'p-awkward',
        name: awkward,
        description: 'Line 1\r\nLine 2',
        priceCents: 1999,
        reserved: 3,
        reviews: { count: 20, sum: 23 },
      },
      { productId: 'p-cent', priceCents: 1, reviews: { count: 3, sum: 14 } },
      { productId: 'p-dear', priceCents: 123_456_789_012_345, stock: 2, reserved: 5 },
      { productId: 'p-thirty', priceCents: 30, reviews: { count: 0, sum: 0 } },
      {
        productId: 'p-ladder',
        priceCents: 45_00,
        packSize: 5,
        priceTiers: [
          { minQuantity: 10, unitPriceCents: 42_00 },
          { minQuantity: 50, unitPriceCents: 39_99 },
          { minQuantity: 100, unitPriceCents: 30 },
          { minQuantity: 1000, unitPriceCents: 0 },
        ],
      },
    ];
    for (const product of products) await stock(product);

    const reader = sqlCatalogueReader(sql);
    for (const { productId } of products) {
      const json = (await reader.productJson(productId))!;
      // Byte for byte what the answer made from the columns would have been.
      expect(json).toBe(JSON.stringify(toProductDto((await reader.findProduct(productId))!)));
      const product = JSON.parse(json) as Record<string, unknown>;
      expect(Object.keys(product)).toEqual(Object.keys(productDtoSchema.shape));
      productDtoSchema.strict().parse(product);
    }
    const read = async (productId: string) => JSON.parse((await reader.productJson(productId))!) as Record<string, unknown>;
    expect(await read('p-awkward')).toMatchObject({ name: awkward, price: 19.99, stock: 7, averageRating: 1.2, reviewCount: 20 });
    expect(await read('p-dear')).toMatchObject({ price: 1_234_567_890_123.45, stock: 0, averageRating: null, reviewCount: 0 });
    expect(await read('p-cent')).toMatchObject({ price: 0.01, averageRating: 4.7, reviewCount: 3 });
    expect(await read('p-thirty')).toMatchObject({ price: 0.3, priceTiers: [], packSize: 1, averageRating: null, reviewCount: 0 });
    expect(await read('p-ladder')).toMatchObject({
      price: 45,
      priceTiers: [
        { minQuantity: 10, unitPrice: 42 },
        { minQuantity: 50, unitPrice: 39.99 },
        { minQuantity: 100, unitPrice: 0.3 },
        { minQuantity: 1000, unitPrice: 0 },
      ],
      packSize: 5,
    });
    expect((await reader.findProduct('p-ladder'))?.priceTiers).toEqual(products.at(-1)!.priceTiers);
  });

  it('answers the products asked for at once in one statement; none for one deleted or unknown', async () => {
    await stock({ productId: 'p-gone', deleted: true });
    await stock({ productId: 'p-vise', reserved: 4 });
    const reader = sqlCatalogueReader(sql);
    statements.length = 0;
    const found = await Promise.all(['p-vise', 'no-such-product', 'p-gone', 'p-vise'].map((id) => reader.productJson(id)));
    expect(found.map((json) => json && (JSON.parse(json) as { productId: string; stock: number }))).toEqual([
      expect.objectContaining({ productId: 'p-vise', stock: 6 }),
      undefined,
      undefined,
      expect.objectContaining({ productId: 'p-vise', stock: 6 }),
    ]);
    expect(statements).toHaveLength(1);
  });

  it(`rounds the stars as productRating does for every sum of up to ${MOST_REVIEWS} reviews`, async () => {
    await opened.sql.query(
      `with rated as (select count, sum from generate_series(1, $1::int) count, generate_series(count, 5 * count) sum)
       insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description, added_at,
                             log_partition, log_offset)
       select 'p-rated-' || count || '-' || sum, 'Rated', 'hand-tool', 'R-1', 'https://example.test/r.png', 100, 1, 1, 'Rated.', now(), 0, 0
         from rated`,
      [MOST_REVIEWS],
    );
    await opened.sql.query(
      `insert into product_ratings (product_id, review_count, rating_sum)
       select 'p-rated-' || count || '-' || sum, count, sum from generate_series(1, $1::int) count, generate_series(count, 5 * count) sum`,
      [MOST_REVIEWS],
    );
    const ratings = Array.from({ length: MOST_REVIEWS }, (_, n) => n + 1).flatMap((count) =>
      Array.from({ length: 4 * count + 1 }, (_, n) => ({ reviewCount: count, ratingSum: count + n })),
    );
    const reader = sqlCatalogueReader(opened.sql);
    const read = await Promise.all(ratings.map(({ reviewCount, ratingSum }) => reader.productJson(`p-rated-${reviewCount}-${ratingSum}`)));
    const stars = read.map((json) => (JSON.parse(json!) as { averageRating: number | null }).averageRating);
    expect(stars).toEqual(ratings.map((rating) => productRating(rating).averageRating));
  });
});
