import { describe, expect, it } from 'vitest';
import type { CartLineSet } from '@toolforge/contracts';
import { cartLineRemoved, cartLineSet, orderLine, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { projectOrRefuse } from '../projection.js';
// The sales report follows these events too; its rows are its own spec's (read-model/src/sales).
import { projectedButSales as project } from '../testing/projectedButSales.js';

const AT = { occurredAt: '2026-06-01T10:00:00.000Z' };
const hammer = productAdded({ productId: 'p-hammer', name: 'Claw Hammer', priceCents: 24_99 }).data;
const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50 }).data;

describe('carts projection', () => {
  it('sets a line of the customer’s cart at its quantity, at its version of the customer’s cart stream', () => {
    expect(project(stored(cartLineSet('u-ada', 'p-hammer', 12, AT), 7, 4))).toEqual([
      { kind: 'setCartLine', line: { userId: 'u-ada', productId: 'p-hammer', quantity: 12, version: 4 } },
    ]);
  });

  it('takes a removed line out of the customer’s cart, at its version', () => {
    expect(project(stored(cartLineRemoved('u-ada', 'p-hammer'), 8, 5))).toEqual([
      { kind: 'removeCartLine', userId: 'u-ada', productId: 'p-hammer', version: 5 },
    ]);
  });

  it('empties the customer’s cart up to the version a checkout names, of the order’s products, after the order’s own rows', () => {
    const checkout = orderPlacedOf([orderLine(hammer, 10), orderLine(vise, 1)], { userId: 'u-ada', cartVersion: 6 }, AT);
    const writes = project(stored(checkout, 3));
    expect(writes.at(-1)).toEqual({ kind: 'emptyCart', userId: 'u-ada', productIds: ['p-hammer', 'p-vise'], cartVersion: 6 });
    // The orders feature's rows come first, as they would without the cart.
    expect(writes.slice(0, -1).map((write) => write.kind)).toEqual(
      project(stored({ ...checkout, data: { ...checkout.data, cartVersion: null } }, 3)).map((write) => write.kind),
    );
  });

  it('names a product once however many lines of the order hold it', () => {
    const checkout = orderPlacedOf([orderLine(hammer, 2), orderLine(vise, 1), orderLine(hammer, 3)], { userId: 'u-ada', cartVersion: 3 });
    expect(project(stored(checkout, 3)).filter((write) => write.kind === 'emptyCart')).toMatchObject([
      { productIds: ['p-hammer', 'p-vise'] },
    ]);
  });

  it('leaves the cart as it is for an order placed on its own', () => {
    const order = orderPlacedOf([orderLine(hammer, 2)], { userId: 'u-ada', cartVersion: null });
    expect(project(stored(order, 3)).map((write) => write.kind)).not.toContain('emptyCart');
  });

  it.each([0, 2.5, '3', true])('refuses a checkout whose cart version is %s: the rows compare it with their versions', (cartVersion) => {
    const checkout = orderPlacedOf([orderLine(hammer, 2)], { userId: 'u-ada', cartVersion: cartVersion as number });
    expect(projectOrRefuse(stored(checkout, 3))).toMatchObject({ writes: [], refused: expect.stringContaining('names no cart version') });
  });

  it.each([0, -1, 2.5, Number.NaN, 1_000_000, '3', null])(
    'refuses a line set to %s: the quantity column would round or refuse it',
    (quantity) => {
      const event = cartLineSet('u-ada', 'p-hammer', quantity as number);
      expect(projectOrRefuse(stored(event, 1))).toMatchObject({ writes: [], refused: expect.stringContaining('no whole quantity') });
    },
  );

  it('refuses a line whose ids are no text', () => {
    const hostile = {
      ...cartLineSet('u-ada', 'p-hammer', 1),
      data: { userId: 'u-ada', productId: { $ne: '' }, quantity: 1 },
    } as unknown as CartLineSet;
    expect(projectOrRefuse(stored(hostile, 1))).toMatchObject({
      writes: [],
      refused: expect.stringContaining("cart line's productId is no text"),
    });
  });
});
