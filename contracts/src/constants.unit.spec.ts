import { describe, expect, it } from 'vitest';
import { unverifiedReservationLimit } from './constants.js';

describe('what unverified accounts may hold of a product together', () => {
  it.each([
    [{ stock: 420, minOrder: 5 }, 84],
    [{ stock: 30, minOrder: 5 }, 6],
    // A fifth is less than one minimum order: one minimum order.
    [{ stock: 3, minOrder: 1 }, 1],
    // Never more than half: such accounts can never empty a product between them.
    [{ stock: 10, minOrder: 8 }, 5],
    [{ stock: 1, minOrder: 1 }, 0],
  ])('%o: %i', (product, limit) => {
    expect(unverifiedReservationLimit(product)).toBe(limit);
  });
});
