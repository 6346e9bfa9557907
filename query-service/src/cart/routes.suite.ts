import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { READ_AFTER_SATISFIED_HEADER, formatPosition, type ApiError, type CartDto } from '@toolforge/contracts';
import {
  cartLineRemoved,
  cartLineSet,
  orderLine,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  productDeleted,
} from '@toolforge/contracts/testing';
import type { IdentifiedLog } from '@toolforge/platform/sql';
import { rebuildReadModel } from '@toolforge/projector';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** The n-th minute of the test's day. */
const minute = (n: number) => ({ occurredAt: new Date(Date.UTC(2026, 5, 1, 9, n)).toISOString() });

/** GET /cart on a stack (embedded, or the servers). */
export function describeCartQueries(stack: QueryStack): void {
  describe(`cart queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    // From 10 on, a hammer costs 21.00 instead of 24.00.
    const hammer = productAdded({
      name: 'Claw Hammer',
      priceCents: 24_00,
      priceTiers: [{ minQuantity: 10, unitPriceCents: 21_00 }],
      stock: 100,
      minOrder: 1,
    });
    const vise = productAdded({ name: 'Bench Vise', priceCents: 89_50, stock: 5, minOrder: 1 });
    const saw = productAdded({ name: 'Hack Saw', priceCents: 9_25, stock: 40, minOrder: 1 });
    const [hammerId, viseId, sawId] = [hammer.data.productId, vise.data.productId, saw.data.productId] as const;
    const cartOf = async (uid: string, headers: Record<string, string> = {}) => {
      const response = await shop.get('/cart', { token: shop.token({ uid }), headers });
      expect(response.statusCode).toBe(200);
      return { response, cart: response.json<CartDto>() };
    };
    const linesOf = async (uid: string) => (await cartOf(uid)).cart.lines.map((line) => [line.productId, line.quantity]);

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      await shop.append(
        hammer,
        vise,
        saw,
        // Bo's order on its own holds 2 of the 5 vises.
        orderPlaced(vise.data, { userId: 'u-bo', quantity: 2 }, minute(1)),
        cartLineSet('u-ada', hammerId, 12, minute(2)),
        cartLineSet('u-ada', viseId, 1, minute(3)),
        cartLineSet('u-ada', sawId, 2, minute(4)),
        cartLineSet('u-bo', hammerId, 3, minute(5)),
        productDeleted(sawId, minute(6)),
      );
      await shop.project();
    });
    afterAll(() => shop.close());
    afterEach(async () => {
      await shop.projector.stop();
      await shop.project();
    });

    it('answers the customer’s cart in the order its lines went in, each at the unit price its quantity reaches, with the order it would be', async () => {
      const { cart } = await cartOf('u-ada');
      expect(cart).toEqual({
        lines: [
          { productId: hammerId, productName: 'Claw Hammer', quantity: 12, unitPrice: 21, lineTotal: 252, available: 100 },
          { productId: viseId, productName: 'Bench Vise', quantity: 1, unitPrice: 89.5, lineTotal: 89.5, available: 3 },
          // Deleted since it went in: still named and priced, and nothing of it can be ordered.
          { productId: sawId, productName: 'Hack Saw', quantity: 2, unitPrice: 9.25, lineTotal: 18.5, available: 0 },
        ],
        // 252.00 + 89.50 + 18.50; 5 % of it; the flat 50.
        subtotal: 360,
        surcharge: 18,
        shipping: 50,
        totalCost: 428,
      });
    });

    it('shows each customer their own cart only: the uid is the token’s', async () => {
      const { cart } = await cartOf('u-bo');
      // Below the ladder's first step: the base price. 72.00 + 3.60 + 50.
      expect(cart).toEqual({
        lines: [{ productId: hammerId, productName: 'Claw Hammer', quantity: 3, unitPrice: 24, lineTotal: 72, available: 100 }],
        subtotal: 72,
        surcharge: 3.6,
        shipping: 50,
        totalCost: 125.6,
      });
      expect((await cartOf('u-bo')).response.body).not.toContain(viseId);
    });

    it('answers an empty cart with nothing to pay, not even the flat fee', async () => {
      expect((await cartOf('u-new')).cart).toEqual({ lines: [], subtotal: 0, surcharge: 0, shipping: 0, totalCost: 0 });
    });

    it('refuses a caller without a token with 401', async () => {
      const response = await shop.get('/cart');
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('shows a line set again at its place and new price, and a line taken out, once X-Read-After’s position is projected', async () => {
      shop.projector.start();
      await shop.append(cartLineSet('u-cy', hammerId, 2, minute(10)), cartLineSet('u-cy', viseId, 1, minute(11)));
      const [setAgain] = await shop.append(cartLineSet('u-cy', hammerId, 10, minute(12)));
      const { response, cart } = await cartOf('u-cy', { 'x-read-after': formatPosition(setAgain!.position) });
      expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
      expect(cart.lines.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual([
        [hammerId, 10, 21],
        [viseId, 1, 89.5],
      ]);

      const [removed] = await shop.append(cartLineRemoved('u-cy', hammerId, minute(13)));
      const after = await cartOf('u-cy', { 'x-read-after': formatPosition(removed!.position) });
      expect(after.cart.lines.map((line) => line.productId)).toEqual([viseId]);
    });

    it('empties on checkout every line set up to the cart’s version it checked out, keeps one set since, and takes a product put in again', async () => {
      // Versions 1 and 2 of Dee's cart: the checkout of version 1 (the hammer) comes after the vise went in.
      await shop.append(cartLineSet('u-dee', hammerId, 10, minute(20)), cartLineSet('u-dee', viseId, 1, minute(21)));
      await shop.project();
      const checkout = orderPlacedOf([orderLine(hammer.data, 10)], { userId: 'u-dee', cartVersion: 1 }, minute(22));
      await shop.append(checkout);
      await shop.project();
      expect(await linesOf('u-dee')).toEqual([[viseId, 1]]);
      // Another customer's line of the same product stays where it was.
      expect(await linesOf('u-ada')).toEqual([
        [hammerId, 12],
        [viseId, 1],
        [sawId, 2],
      ]);

      await shop.append(cartLineSet('u-dee', hammerId, 4, minute(23)));
      await shop.project();
      expect(await linesOf('u-dee')).toEqual([
        [viseId, 1],
        [hammerId, 4],
      ]);
    });

    it('rebuilds the carts the projector built as the events came, though a rebuild projects every order before any cart', async () => {
      const customers = ['u-ada', 'u-bo', 'u-cy', 'u-dee', 'u-new'];
      const answers = async () => Promise.all(customers.map(async (uid) => (await cartOf(uid)).response.body));
      const rows = async () => (await shop.sql.query('select * from cart_lines order by user_id, product_id')).rows;
      const [live, liveRows] = [await answers(), await rows()];
      expect(liveRows.length).toBeGreaterThan(0);

      const outcome = await rebuildReadModel({ log: shop.log as typeof shop.log & IdentifiedLog, sql: shop.sql, liveProjectors: false });
      expect(outcome.outcome).toBe('switched');
      expect(await answers()).toEqual(live);
      expect(await rows()).toEqual(liveRows);
    });
  });
}
