import { describe, expect, it } from 'vitest';
import { placeOrderSchema, roundToCents, toCents, totalCostCents } from '@toolforge/contracts';
import { DEMO_CATALOGUE } from './catalogue.js';

/**
 * The spec's own client computes an order's total in floating point, price × quantity + 5 % + 50,
 * and sends it as a number (4725.000000000001, say). Every (product, quantity) of the demo catalogue
 * it can send must pass the body's rules and agree with the server's total within a cent.
 */
describe("the spec client's floating-point totals", () => {
  const pairs = DEMO_CATALOGUE.flatMap((product) => {
    const price = Number(product.price);
    const priceCents = toCents(product.price)!;
    const quantities = Array.from(
      { length: Number(product.stock) - Number(product.minOrder) + 1 },
      (_, index) => Number(product.minOrder) + index,
    );
    return quantities.map((quantity) => ({
      name: product.name,
      priceCents,
      quantity,
      clientTotal: price * quantity + (price * quantity * 5) / 100 + 50,
    }));
  });

  it('are read and agree with the server’s within a cent, for every quantity of every product', () => {
    const refused = pairs.filter(({ priceCents, quantity, clientTotal }) => {
      const body = placeOrderSchema.safeParse({
        productId: 'p-1',
        userId: 'u-1',
        userName: null,
        productName: 'any',
        totalCost: clientTotal,
        status: 'pending',
        payment: false,
        shippingAddress: '1 Forge Lane',
        orderQuantity: String(quantity),
      });
      if (!body.success) return true;
      const cents = roundToCents(body.data.totalCost);
      return cents === null || Math.abs(cents - totalCostCents(priceCents, quantity)) > 1;
    });
    expect(pairs.length).toBeGreaterThan(1000);
    expect(refused).toEqual([]);
  });
});
