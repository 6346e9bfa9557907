import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlQueryable } from '@toolforge/platform/sql';
import { migrateReadModel } from '../readModel.js';
import { sqlCatalogueReader } from './productReads.js';

describe('products read by id', () => {
  let db: Awaited<ReturnType<typeof openEmbeddedPostgres>>;
  const statements: string[] = [];
  let sql: SqlQueryable;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    const executor = pgliteSql(db);
    await migrateReadModel(executor);
    for (const [n, id] of ['p-drill', 'p-vise', 'p-saw'].entries()) {
      await executor.query(
        `insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description, added_at,
                               log_partition, log_offset, deleted_at)
         values ($1, $1, 'Hand Tools', 'M-1', 'https://example.test/tool.png', 1000, 10, 1, 'A tool.', now(), 0, $2, $3)`,
        [id, n, id === 'p-saw' ? new Date() : null],
      );
    }
    await executor.query(`insert into product_reservations (product_id, reserved) values ('p-vise', 4)`);
    sql = {
      query: (text, params) => {
        statements.push(text);
        return executor.query(text, params);
      },
    };
  });
  afterAll(() => db.close());

  it('looks up the products asked for at once in one statement, and answers each its own', async () => {
    const reader = sqlCatalogueReader(sql);
    statements.length = 0;
    const found = await Promise.all(['p-vise', 'no-such-product', 'p-drill', 'p-saw', 'p-vise'].map((id) => reader.findProduct(id)));
    expect(found.map((product) => product && [product.productId, product.availableStock])).toEqual([
      ['p-vise', 6],
      undefined,
      ['p-drill', 10],
      // Deleted.
      undefined,
      ['p-vise', 6],
    ]);
    expect(statements).toHaveLength(1);
  });

  it('looks up again for products asked for later: nothing is kept between lookups', async () => {
    const reader = sqlCatalogueReader(sql);
    statements.length = 0;
    expect((await reader.findProduct('p-drill'))?.availableStock).toBe(10);
    await db.query(`insert into product_reservations (product_id, reserved) values ('p-drill', 3)`);
    expect((await reader.findProduct('p-drill'))?.availableStock).toBe(7);
    expect(statements).toHaveLength(2);
  });
});
