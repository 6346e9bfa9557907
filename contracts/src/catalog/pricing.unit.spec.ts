import { describe, expect, it } from 'vitest';
import { formatTier, ladderRuleBroken, pricingMessages, tierReached, unitPriceCentsFor, type LadderRules } from './pricing.js';

const chisels: LadderRules = {
  priceCents: 50_00,
  minOrder: 2,
  packSize: 2,
  priceTiers: [
    { minQuantity: 10, unitPriceCents: 42_00 },
    { minQuantity: 50, unitPriceCents: 38_50 },
  ],
};

describe('unitPriceCentsFor: the ladder step a quantity reaches', () => {
  it.each([
    [2, 50_00],
    [8, 50_00],
    [10, 42_00],
    [48, 42_00],
    [50, 38_50],
    [5000, 38_50],
  ])('%i units cost %i cents each', (quantity, cents) => {
    expect(unitPriceCentsFor(chisels, quantity)).toBe(cents);
  });

  it('holds the base price for any quantity of a product without a ladder', () => {
    expect(unitPriceCentsFor({ priceCents: 24_99, priceTiers: [] }, 999_999)).toBe(24_99);
  });

  it('names the step reached, and none below the first', () => {
    expect(tierReached(chisels, 9)).toBeUndefined();
    expect(tierReached(chisels, 12)).toEqual({ minQuantity: 10, unitPriceCents: 42_00 });
    expect(formatTier({ minQuantity: 10, unitPriceCents: 42_00 })).toBe('10+ $42.00 each');
  });
});

describe('ladderRuleBroken', () => {
  it('keeps a rising, falling ladder of whole packs above the minimum order', () => {
    expect(ladderRuleBroken(chisels)).toBeUndefined();
    expect(ladderRuleBroken({ ...chisels, priceTiers: [] })).toBeUndefined();
  });

  it.each<[string, Partial<LadderRules>, { field: string; message: string }]>([
    [
      'a minimum order that is no whole number of packs',
      { minOrder: 3 },
      { field: 'minOrder', message: pricingMessages.minOrderPackMultiple(2) },
    ],
    [
      'a step at the minimum order',
      { priceTiers: [{ minQuantity: 2, unitPriceCents: 40_00 }] },
      { field: 'priceTiers', message: pricingMessages.tierAboveMinOrder(2) },
    ],
    [
      'steps out of order',
      {
        priceTiers: [
          { minQuantity: 20, unitPriceCents: 42_00 },
          { minQuantity: 10, unitPriceCents: 40_00 },
        ],
      },
      { field: 'priceTiers', message: pricingMessages.tiersRising },
    ],
    [
      'a step that is no whole number of packs',
      { priceTiers: [{ minQuantity: 11, unitPriceCents: 42_00 }] },
      { field: 'priceTiers', message: pricingMessages.tierPackMultiple(2) },
    ],
    [
      'a step no cheaper than the base price',
      { priceTiers: [{ minQuantity: 10, unitPriceCents: 50_00 }] },
      { field: 'priceTiers', message: pricingMessages.tiersFalling },
    ],
    [
      'a step no cheaper than the one before',
      {
        priceTiers: [
          { minQuantity: 10, unitPriceCents: 42_00 },
          { minQuantity: 20, unitPriceCents: 42_00 },
        ],
      },
      { field: 'priceTiers', message: pricingMessages.tiersFalling },
    ],
  ])('refuses %s', (_, change, refusal) => {
    expect(ladderRuleBroken({ ...chisels, ...change })).toEqual(refusal);
  });
});
