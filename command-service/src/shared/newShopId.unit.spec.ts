import { describe, expect, it } from 'vitest';
import { newShopId } from './newShopId.js';

describe('newShopId', () => {
  it('makes UUIDs of version 7, each one new', () => {
    const ids = Array.from({ length: 10_000 }, newShopId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts the ids in the order they were made, as the read model compares text, so that indexes on them grow at their end', () => {
    // Many within one millisecond, and across several: the order must hold within one as well.
    const ids = Array.from({ length: 50_000 }, newShopId);
    const bytewise = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(bytewise).toEqual(ids);
  });
});
