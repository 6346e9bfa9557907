import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { formatCents, type Cents } from '../money.js';

/** The most steps a product's quantity ladder may have. */
export const MAX_PRICE_TIERS = 10;

/** One step of a product's quantity ladder: from `minQuantity` units on, each costs `unitPriceCents`. */
export interface PriceTier {
  readonly minQuantity: number;
  readonly unitPriceCents: Cents;
}

/** What a product's price for a quantity is decided from: its base price, its ladder and its pack size. */
export interface Priced {
  readonly priceCents: Cents;
  readonly priceTiers: readonly PriceTier[];
}

/**
 * The texts of the ladder's and the pack's rules, beside the rules (the admin form's refusals and
 * the command side's are the same words).
 */
export const pricingMessages = {
  packSize: `Pack size should be a whole number from 1 to ${LIMITS.maxQuantity}`,
  packSizeMultiple: (n: number) => `Order quantity must be a multiple of ${n}`,
  tiersTooMany: `A product has at most ${MAX_PRICE_TIERS} price tiers`,
  tierQuantity: 'Tier quantity should be a whole number',
  tierPrice: 'Tier price should be positive integer or decimal number',
  tiersRising: 'Tier quantities must rise from tier to tier',
  tierAboveMinOrder: (minOrder: number) => `Each tier's quantity must be above the minimum order quantity (${minOrder})`,
  tiersFalling: 'Tier prices must fall from tier to tier, each below the price',
  tierPackMultiple: (n: number) => `Each tier's quantity must be a multiple of the pack size (${n})`,
  minOrderPackMultiple: (n: number) => `Minimum order quantity must be a multiple of the pack size (${n})`,
} as const;

/** A tier as the log and the write model keep it (cents). */
export const priceTierSchema = z.strictObject({
  minQuantity: z.number().int().min(2).max(LIMITS.maxQuantity),
  unitPriceCents: z.number().int().min(0).max(LIMITS.maxPriceCents),
});

/**
 * The unit price `quantity` units of the product cost each: the ladder's highest step the quantity
 * reaches, or the base price below its first step.
 */
export function unitPriceCentsFor(product: Priced, quantity: number): Cents {
  let unit = product.priceCents;
  for (const tier of product.priceTiers) if (quantity >= tier.minQuantity) unit = tier.unitPriceCents;
  return unit;
}

/** The ladder's step `quantity` units reach (for the "10+ $42.00 each" hint), or undefined below the first. */
export function tierReached(product: Priced, quantity: number): PriceTier | undefined {
  return product.priceTiers.findLast((tier) => quantity >= tier.minQuantity);
}

/** "10+ $42.00 each": one step of the ladder as the shop shows it. */
export function formatTier(tier: PriceTier): string {
  return `${tier.minQuantity}+ $${formatCents(tier.unitPriceCents)} each`;
}

/** The fields a product's ladder and pack rules are checked against. */
export interface LadderRules {
  readonly priceCents: Cents;
  readonly minOrder: number;
  readonly packSize: number;
  readonly priceTiers: readonly PriceTier[];
}

/**
 * Why a product's ladder breaks its rules, with the field a form shows it under; undefined when it
 * keeps them. The minimum order is a whole number of packs; each step starts above the minimum order
 * at a whole number of packs, at a quantity above the step before, at a price below the step before
 * (the base price before the first). Checked on the form, and on the command side against the
 * product as it stands when an edit changes only some of these fields.
 */
export function ladderRuleBroken(product: LadderRules): { field: 'minOrder' | 'priceTiers'; message: string } | undefined {
  const { priceCents, minOrder, packSize, priceTiers } = product;
  if (minOrder % packSize !== 0) return { field: 'minOrder', message: pricingMessages.minOrderPackMultiple(packSize) };
  let previous: PriceTier = { minQuantity: minOrder, unitPriceCents: priceCents };
  for (const [index, tier] of priceTiers.entries()) {
    if (tier.minQuantity <= minOrder) return { field: 'priceTiers', message: pricingMessages.tierAboveMinOrder(minOrder) };
    if (index > 0 && tier.minQuantity <= previous.minQuantity) return { field: 'priceTiers', message: pricingMessages.tiersRising };
    if (tier.minQuantity % packSize !== 0) return { field: 'priceTiers', message: pricingMessages.tierPackMultiple(packSize) };
    if (tier.unitPriceCents >= previous.unitPriceCents) return { field: 'priceTiers', message: pricingMessages.tiersFalling };
    previous = tier;
  }
  return undefined;
}
