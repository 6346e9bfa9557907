import { describe, expect, it } from 'vitest';
import { allOrdersQuerySchema, pageQuerySchema } from './query.js';

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
