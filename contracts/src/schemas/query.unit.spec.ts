import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { allOrdersQuerySchema, pageQuerySchema, productsCountQuerySchema, productsQuerySchema } from './query.js';

describe('page query', () => {
  it('defaults to page 0 of 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 0, size: 10 });
  });

  it('reads page and size from the query string', () => {
    expect(pageQuerySchema.parse({ page: '3', size: '20' })).toEqual({ page: 3, size: 20 });
  });

  it.each([{ page: '-1' }, { page: 'x' }, { page: '1.5' }, { size: '0' }, { size: '101' }, { size: 'ten' }, { other: '1' }])(
    'refuses %j',
    (query) => {
      expect(pageQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe('products query (GET /products, /productscount)', () => {
  it('defaults to page 0 of 10, newest first, unfiltered', () => {
    expect(productsQuerySchema.parse({})).toEqual({ page: 0, size: 10, sort: 'newest', filter: {} });
  });

  it('reads the filter as one normalised text: trimmed, single spaces, lower case; blank is no filter', () => {
    expect(productsQuerySchema.parse({ category: 'power-tool', q: '  Hammer \u00a0  DRILL ', sort: 'price-asc' })).toEqual({
      page: 0,
      size: 10,
      sort: 'price-asc',
      filter: { category: 'power-tool', q: 'hammer drill' },
    });
    expect(productsQuerySchema.parse({ q: '   ' }).filter).toEqual({});
    expect(productsCountQuerySchema.parse({ q: ' Lathe', page: '2', other: 'x' })).toEqual({ q: 'lathe' });
  });

  it.each([
    [{ category: 'garden-tool' }, messages.categoryFilter],
    [{ sort: 'cheapest' }, messages.productSort],
    [{ q: 'x'.repeat(101) }, messages.searchTextMax],
    [{ q: 'drill\u0000' }, messages.searchTextPlain],
    [{ q: ['a', 'b'] }, messages.searchTextPlain],
  ])('refuses %j: %s', (query, message) => {
    const result = productsQuerySchema.safeParse(query);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('measures the text once trimmed', () => {
    expect(productsQuerySchema.parse({ q: ` ${'x'.repeat(100)} ` }).filter.q).toHaveLength(100);
  });
});

describe('all orders query (GET /allorders)', () => {
  it('means the whole list without page and size', () => {
    expect(allOrdersQuerySchema.parse({})).toEqual({ paging: null });
  });

  it('pages with the same defaults as /products when either is given', () => {
    expect(allOrdersQuerySchema.parse({ page: '2' })).toEqual({ paging: { page: 2, size: 10 } });
    expect(allOrdersQuerySchema.parse({ size: '5' })).toEqual({ paging: { page: 0, size: 5 } });
  });

  it.each([{ page: '-1' }, { size: '0' }, { size: '101' }, { other: '1' }])('refuses %j', (query) => {
    expect(allOrdersQuerySchema.safeParse(query).success).toBe(false);
  });
});
