import { describe, expect, it } from 'vitest';
import { priceCart, toCartDto, type CartProduct } from './cart.js';

const products: Record<string, CartProduct> = {
  chisel: { name: 'Bench Chisel', priceCents: 50_00, priceTiers: [{ minQuantity: 10, unitPriceCents: 42_00 }], available: 40 },
  vise: { name: 'Bench Vise', priceCents: 129_99, priceTiers: [], available: 3 },
};

describe('priceCart', () => {
  it('prices each line at the step its quantity reaches, and the order by the formula over their sum', () => {
    const cart = priceCart(
      [
        { productId: 'chisel', quantity: 12 },
        { productId: 'vise', quantity: 1 },
      ],
      (id) => products[id],
    );
    expect(cart.lines.map(({ unitPriceCents, lineTotalCents }) => [unitPriceCents, lineTotalCents])).toEqual([
      [42_00, 504_00],
      [129_99, 129_99],
    ]);
    // 633.99 + 5 % (31.6995, half up to 31.70) + 50.
    expect(cart.totals).toEqual({ subtotalCents: 633_99, surchargeCents: 31_70, shippingCents: 50_00, totalCostCents: 715_69 });
    expect(toCartDto(cart)).toMatchObject({ subtotal: 633.99, surcharge: 31.7, shipping: 50, totalCost: 715.69 });
    expect(toCartDto(cart).lines[0]).toEqual({
      productId: 'chisel',
      productName: 'Bench Chisel',
      quantity: 12,
      unitPrice: 42,
      lineTotal: 504,
      available: 40,
    });
  });

  it('costs nothing when empty: no order, no flat fee', () => {
    expect(toCartDto(priceCart([], () => undefined))).toEqual({ lines: [], subtotal: 0, surcharge: 0, shipping: 0, totalCost: 0 });
  });

  it('shows a line whose product is gone at nothing, with nothing available', () => {
    const [line] = priceCart([{ productId: 'gone', quantity: 2 }], () => undefined).lines;
    expect(line).toMatchObject({ unitPriceCents: 0, lineTotalCents: 0, available: 0 });
  });
});
