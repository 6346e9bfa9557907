import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ProductDto } from '@toolforge/contracts';
import { orderPlaced, productAdded, productDeleted } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';
import { describeCatalogueSearch } from './search.suite.js';

const PRODUCT_FIELDS = [
  '_id',
  'averageRating',
  'category',
  'description',
  'imageUrl',
  'minOrder',
  'model',
  'name',
  'packSize',
  'price',
  'priceTiers',
  'productId',
  'reviewCount',
  'stock',
];

/**
 * GET /homeproducts, /productscount, /products, /product/:id on a stack (embedded, or the servers),
 * and the lists' search, filter and sort on a shop of their own (search.suite.ts).
 */
export function describeCatalogueQueries(stack: QueryStack): void {
  describe(`catalogue queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    let customer: string;
    /** The products added, in the order appended; two of them deleted. */
    const added: { id: string; n: number; partition: number; offset: number }[] = [];
    const deleted = new Set<string>();
    /**
     * Newest first. All were added in the same millisecond, so their log positions order them: on one
     * partition that is the order appended; across partitions (Kafka), partition first.
     */
    const listed = () =>
      added
        .filter((product) => !deleted.has(product.id))
        .sort((a, b) => b.partition - a.partition || b.offset - a.offset)
        .map((product) => product.id);
    const nameOf = (id: string) => `Tool ${added.find((product) => product.id === id)!.n}`;
    const priceOf = (id: string) => 1000 + added.find((product) => product.id === id)!.n * 111;
    /** Tool 5 is sold in pairs, cheaper by ten and more. */
    const LADDERED = 5;
    const ladder = { priceTiers: [{ minQuantity: 10, unitPriceCents: 9_99 }], packSize: 2 };

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      customer = shop.token({ uid: 'u-ada' });
      // Fourteen products in the same millisecond: only the log position orders them.
      const occurredAt = new Date().toISOString();
      for (let n = 0; n < 14; n += 1) {
        const event = productAdded(
          { name: `Tool ${n}`, priceCents: 1000 + n * 111, stock: 50, ...(n === LADDERED && ladder) },
          { occurredAt },
        );
        const [appended] = await shop.append(event);
        const { partition, offset } = appended!.position;
        added.push({ id: event.data.productId, n, partition, offset });
      }
      for (const id of [added[3]!.id, added[10]!.id]) {
        deleted.add(id);
        await shop.append(productDeleted(id));
      }
      await shop.project();
    });
    afterAll(() => shop.close());

    describe('GET /homeproducts', () => {
      it('answers anyone the 6 newest products, without the deleted ones', async () => {
        const response = await shop.get('/homeproducts');
        expect(response.statusCode).toBe(200);
        expect(response.json<ProductDto[]>().map((product) => product.productId)).toEqual(listed().slice(0, 6));
      });
    });

    describe('GET /productscount', () => {
      it('counts the products not deleted', async () => {
        const response = await shop.get('/productscount', { token: customer });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ count: 12 });
      });

      it.each([
        ['no token', undefined],
        ['a forged token', (token: string) => token.slice(0, -3) + 'xyz'],
      ] as const)('refuses %s with 401', async (_case, forge) => {
        const token = forge ? forge(customer) : undefined;
        const response = await shop.get('/productscount', { token });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.unauthenticated });
      });
    });

    describe('GET /products', () => {
      const page = async (query: string) => {
        const response = await shop.get(`/products${query}`, { token: customer });
        expect(response.statusCode).toBe(200);
        return response.json<ProductDto[]>().map((product) => product.productId);
      };

      it('pages from 0, newest first, each product once, and answers [] past the end', async () => {
        const pages = [await page('?page=0&size=5'), await page('?page=1&size=5'), await page('?page=2&size=5')];
        expect(pages.map((ids) => ids.length)).toEqual([5, 5, 2]);
        expect(pages.flat()).toEqual(listed());
        expect(await page('?page=3&size=5')).toEqual([]);
        expect(await page('?page=999999999&size=100')).toEqual([]);
      });

      it('defaults to page 0 of 10, and takes any size from 1 to 100', async () => {
        expect(await page('')).toEqual(listed().slice(0, 10));
        expect(await page('?size=1')).toEqual(listed().slice(0, 1));
        expect(await page('?size=100')).toEqual(listed());
        for (const size of [5, 10, 15, 20]) expect(await page(`?size=${size}`)).toEqual(listed().slice(0, size));
      });

      it.each([
        ['?page=-1', 'page should be a whole number from 0'],
        ['?page=one', 'page should be a whole number from 0'],
        ['?page=1.5', 'page should be a whole number from 0'],
        ['?size=0', 'size should be a whole number from 1 to 100'],
        ['?size=101', 'size should be a whole number from 1 to 100'],
        ['?size=', 'size should be a whole number from 1 to 100'],
        ['?sort=price', messages.productSort],
        ['?colour=red', 'Unrecognized key: "colour"'],
      ])('refuses %s with 400 and says why', async (query, message) => {
        const response = await shop.get(`/products${query}`, { token: customer });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
      });

      it('needs a token', async () => {
        expect((await shop.get('/products')).statusCode).toBe(401);
      });
    });

    describe('GET /product/:id', () => {
      it('answers the product with productId, its price with two decimals, and no other field', async () => {
        const id = listed()[0]!;
        const response = await shop.get(`/product/${id}`, { token: customer });
        expect(response.statusCode).toBe(200);
        const product = response.json<ProductDto>();
        expect(Object.keys(product).sort()).toEqual(PRODUCT_FIELDS);
        // Tool n costs 10.00 + n × 1.11.
        expect(product).toMatchObject({
          _id: id,
          productId: id,
          name: nameOf(id),
          price: priceOf(id) / 100,
          stock: 50,
          category: 'hand-tool',
        });
      });

      it('answers a product’s quantity ladder in currency units and its pack size, byte for byte as the lists do', async () => {
        const id = added[LADDERED]!.id;
        const response = await shop.get(`/product/${id}`, { token: customer });
        expect(response.json()).toMatchObject({ priceTiers: [{ minQuantity: 10, unitPrice: 9.99 }], packSize: 2 });
        const listedAs = (await shop.get('/products?size=100', { token: customer })).json<ProductDto[]>().find((p) => p.productId === id);
        expect(response.body).toBe(JSON.stringify(listedAs));
        const other = await shop.get(`/product/${added[0]!.id}`, { token: customer });
        expect(other.json()).toMatchObject({ priceTiers: [], packSize: 1 });
      });

      it('answers 404 for an unknown or deleted product', async () => {
        for (const id of ['no-such-product', added[3]!.id]) {
          const response = await shop.get(`/product/${id}`, { token: customer });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.productNotFound });
        }
      });

      it('refuses a control character in the id with 400 before any database read', async () => {
        const response = await shop.get('/product/p%00', { token: customer });
        expect(response.statusCode).toBe(400);
      });

      it('needs a token', async () => {
        expect((await shop.get(`/product/${added[0]!.id}`)).statusCode).toBe(401);
      });
    });

    it('answers a path it does not serve with 404 in the shop’s error shape', async () => {
      const response = await shop.get('/no-such-route', { token: customer });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    });

    it('shows stock less what orders have reserved, on every read, once the order is projected', async () => {
      const id = listed()[1]!;
      const before = await shop.get(`/product/${id}`, { token: customer });
      expect(before.json<ProductDto>().stock).toBe(50);
      const product = { productId: id, name: nameOf(id), priceCents: priceOf(id) };
      await shop.append(orderPlaced(product, { quantity: 7 }), orderPlaced(product, { quantity: 3 }));
      await shop.project();
      expect((await shop.get(`/product/${id}`, { token: customer })).json<ProductDto>().stock).toBe(40);
      const onPage = (await shop.get('/products?size=2', { token: customer })).json<ProductDto[]>();
      expect(onPage.find((p) => p.productId === id)?.stock).toBe(40);
      const onHome = (await shop.get('/homeproducts')).json<ProductDto[]>();
      expect(onHome.find((p) => p.productId === id)?.stock).toBe(40);
    });

    describeCatalogueSearch(stack);
  });
}
