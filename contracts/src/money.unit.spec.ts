import { describe, expect, it } from 'vitest';
import { formatCents, fromCents, roundToCents, toCents, totalCostCents } from './money.js';

describe('toCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    [' 7.99 ', 799],
    [19.99, 1999],
    [0.1, 10],
  ])('reads %j as %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each(['', '01', '1.234', '-1', 'abc', '1e3', '.5', '5.'])('refuses %j', (amount) => {
    expect(toCents(amount)).toBeNull();
  });

  it('refuses numbers that print in exponent form or are not finite', () => {
    expect(toCents(1e21)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(-3)).toBeNull();
  });
});

describe('roundToCents (a total a client computed in floating point)', () => {
  it.each([
    [4725.000000000001, 472500],
    ['4725.000000000001', 472500],
    [4724.999999999999, 472500],
    [60.5105, 6051],
    ['50.105', 5011],
    ['155', 15500],
    [0, 0],
  ])('reads %j as %i cents', (amount, cents) => {
    expect(roundToCents(amount)).toBe(cents);
  });

  it.each(['', '-1', '01.5', 'abc', '1e3', '.5', 1e21, Number.NaN, -0.5])('refuses %j', (amount) => {
    expect(roundToCents(amount)).toBeNull();
  });
});

describe('money display', () => {
  it('shows cents as a number and as two-decimal text', () => {
    expect(fromCents(1250)).toBe(12.5);
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1999)).toBe('-19.99');
  });
});

describe('totalCostCents (docs/architecture.md#9-the-products-rules: price x qty, + 5 %, + 50)', () => {
  it('adds 5 percent and the flat 50', () => {
    // 10.00 x 10 = 100.00; + 5.00; + 50.00
    expect(totalCostCents(1000, 10)).toBe(155_00);
  });

  it('rounds the percentage half up to the cent', () => {
    // 0.10 x 1 = 0.10; 5 % = 0.005 -> 0.01
    expect(totalCostCents(10, 1)).toBe(10 + 1 + 5000);
    // 0.09 x 1 = 0.09; 5 % = 0.0045 -> 0.00
    expect(totalCostCents(9, 1)).toBe(9 + 0 + 5000);
  });

  it('stays exact at the largest price and quantity', () => {
    const total = totalCostCents(9_999_999_99, 999_999);
    expect(Number.isSafeInteger(total)).toBe(true);
    expect(total).toBe(9_999_999_99 * 999_999 + Math.floor((9_999_999_99 * 999_999 * 5 + 50) / 100) + 5000);
  });
});
