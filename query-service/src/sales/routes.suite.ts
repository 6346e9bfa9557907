import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_PATH, SALES_TOP, messages, salesPath, type ApiError, type SalesReport } from '@toolforge/contracts';
import { auditOrders, ledgerAsOf } from '@toolforge/projector';
import { SALES_PERIOD, salesHistory } from '@toolforge/read-model/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** GET SALES_PATH on a stack (embedded, or the servers), held to `toolforge audit orders` on the same log. */
export function describeSalesQueries(stack: QueryStack): void {
  describe(`the sales report on ${stack.name}`, () => {
    let shop: QueryHarness;
    const admin = () => shop.token({ uid: 'u-admin', admin: true });
    const report = async (from: string, to: string) => {
      const response = await shop.get(salesPath(from, to), { token: admin() });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SalesReport>();
    };

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      await shop.append(...salesHistory());
      await shop.project();
    });
    afterAll(() => shop.close());

    // The test: the report's figures are the audit's for the same period, to the cent.
    it.each([
      ['the three days of the history', SALES_PERIOD.from, SALES_PERIOD.to],
      ['a period from the last millisecond before them, in another offset', '2026-03-02T00:59:59.999+01:00', '2026-03-04T23:59:59.999Z'],
      ['every order of the history', '2026-02-01', '2026-04-01'],
    ])('equals toolforge audit orders over %s: totals, days, products and customers', async (_, from, to) => {
      const answered = await report(from, to);
      const audit = auditOrders(await ledgerAsOf(shop.log), { from: new Date(from), to: new Date(to) });
      expect(audit.totals.orders).toBeGreaterThan(0);
      expect(answered.totals).toEqual(audit.totals);
      // The audit lists the days with a sale; the report every day, the others at zero.
      const sold = answered.byDay.filter((day) => day.orders > 0);
      expect(new Map(sold.map(({ day, orders, quantity, revenueCents }) => [day, { orders, quantity, revenueCents }]))).toEqual(
        audit.byDay,
      );
      for (const day of answered.byDay.filter((day) => day.orders === 0)) expect(day).toMatchObject({ quantity: 0, revenueCents: 0 });
      // Every product and customer of the history is within the report's top ones, so all are compared.
      expect(audit.byProduct.size).toBeLessThanOrEqual(SALES_TOP);
      const products = new Map(
        answered.topProducts.map(({ productId, orders, quantity, revenueCents }) => [productId, { orders, quantity, revenueCents }]),
      );
      expect(products).toEqual(audit.byProduct);
      const customers = new Map(answered.topCustomers.map(({ userId, orders, revenueCents }) => [userId, { orders, revenueCents }]));
      expect(customers).toEqual(new Map([...audit.byUser].map(([userId, { orders, revenueCents }]) => [userId, { orders, revenueCents }])));
      expect(answered.refundedCents).toBe(audit.orders.reduce((sum, order) => sum + order.refundedCents, 0));
      expect(answered.byStatus.reduce((sum, status) => sum + status.orders, 0)).toBe(audit.orders.length);
    });

    it('answers the names as the catalogue and the accounts hold them, by revenue', async () => {
      const answered = await report(SALES_PERIOD.from, SALES_PERIOD.to);
      expect(answered.topCustomers.map((customer) => customer.name)).toEqual(['Bo Builder', 'Ada Lovelace', 'Cy Carpenter']);
      expect(answered.topProducts[0]).toMatchObject({ productId: 'p-lathe', name: 'Wood Lathe', orders: 1, quantity: 1 });
      expect(answered.byCategory.map((category) => category.category)).toEqual(['machine-tool', 'hand-tool', 'power-tool']);
      expect(answered.lowStock.map((product) => [product.productId, product.available])).toEqual([
        ['p-lathe', 2],
        ['p-vise', 4],
      ]);
    });

    it('refuses no token with 401, a customer with 403, and a period that is not one with 400', async () => {
      const refused = async (path: string, token: string | undefined, statusCode: number, message?: string) => {
        const response = await shop.get(path, { token });
        expect(response.statusCode, path).toBe(statusCode);
        if (message) expect(response.json<ApiError>().message, path).toBe(message);
      };
      const period = salesPath(SALES_PERIOD.from, SALES_PERIOD.to);
      await refused(period, undefined, 401);
      await refused(period, 'not-a-token', 401);
      await refused(period, shop.token({ uid: 'u-ada' }), 403, messages.forbiddenAdmin);
      await refused(SALES_PATH, admin(), 400, messages.salesInstant('from'));
      await refused(`${SALES_PATH}?from=2026-03-02`, admin(), 400, messages.salesInstant('to'));
      await refused(salesPath('2026-03-02T10:00', '2026-03-05'), admin(), 400, messages.salesInstant('from'));
      await refused(salesPath('2026-03-02', 'tomorrow'), admin(), 400, messages.salesInstant('to'));
      await refused(salesPath('2026-02-30', '2026-03-05'), admin(), 400, messages.salesInstant('from'));
      await refused(salesPath('2026-03-05', '2026-03-05'), admin(), 400, messages.salesPeriodOrder);
      await refused(salesPath('2026-03-05', '2026-03-02'), admin(), 400, messages.salesPeriodOrder);
      await refused(salesPath('2025-03-01', '2026-03-03'), admin(), 400, messages.salesPeriodTooLong);
      await refused(`${period}&page=1`, admin(), 400);
    });
  });
}
