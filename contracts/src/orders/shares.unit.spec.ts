import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.js';
import type { OrderLine } from './events.js';
import { totalShares } from './shares.js';

/** Lines of these totals (one of each product, at a price of the total). */
const linesOf = (...totals: number[]): OrderLine[] =>
  totals.map((total, index) => ({
    productId: `p-${index}`,
    productName: `P ${index}`,
    quantity: 1,
    unitPriceCents: total,
    lineTotalCents: total,
  }));

describe('an order’s total split over its lines', () => {
  it('gives a one-line order’s line the whole total', () => {
    expect(totalShares({ lines: linesOf(258_00), totalCostCents: 320_90 })).toEqual([320_90]);
  });

  it('splits in whole cents that add up to the total, the cents left over to the largest remainders, the earlier line first', () => {
    expect(totalShares({ lines: linesOf(1, 1, 1), totalCostCents: 100 })).toEqual([34, 33, 33]);
    // 101 × 2/3 = 67.33…, 101 × 1/3 = 33.66…: the second line's remainder is the larger.
    expect(totalShares({ lines: linesOf(2, 1), totalCostCents: 101 })).toEqual([67, 34]);
  });

  it('splits by quantity when every line was free', () => {
    const free = [
      { ...linesOf(0)[0]!, quantity: 3 },
      { ...linesOf(0)[0]!, productId: 'p-1', quantity: 1 },
    ];
    expect(totalShares({ lines: free, totalCostCents: 50_00 })).toEqual([37_50, 12_50]);
  });

  it('stays exact for the largest order the shop takes', () => {
    const half = LIMITS.maxOrderSubtotalCents / 2;
    const lines = linesOf(Math.floor(half), Math.ceil(half));
    const totalCostCents = LIMITS.maxOrderSubtotalCents + Math.floor((LIMITS.maxOrderSubtotalCents * 5 + 50) / 100) + 50_00;
    const shares = totalShares({ lines, totalCostCents });
    expect(shares.reduce((a, b) => a + b, 0)).toBe(totalCostCents);
    expect(shares.every(Number.isSafeInteger)).toBe(true);
  });
});
