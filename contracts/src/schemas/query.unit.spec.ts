import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './query.js';

describe('page query', () => {
  it('defaults to page 0 of 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 0, size: 10 });
  });

  it('reads page and size from the query string', () => {
    expect(pageQuerySchema.parse({ page: '3', size: '20' })).toEqual({ page: 3, size: 20 });
  });

  it.each([
    { page: '-1' },
    { page: 'x' },
    { page: '1.5' },
    { size: '0' },
    { size: '101' },
    { size: 'ten' },
    { other: '1' },
  ])('refuses %j', (query) => {
    expect(pageQuerySchema.safeParse(query).success).toBe(false);
  });
});
