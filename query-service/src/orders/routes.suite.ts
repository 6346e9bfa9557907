import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, totalCostCents, type ApiError, type OrderDto, type ShopEvent } from '@toolforge/contracts';
import {
  adminGranted,
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderPlacedOf,
  orderRefunded,
  paymentNotApplied,
  productAdded,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

const ORDER_FIELDS = [
  '_id',
  'creditNoteNumbers',
  'invoiceNumber',
  'lines',
  'orderQuantity',
  'paidWith',
  'payment',
  'paymentFailure',
  'paymentReference',
  'placedAt',
  'productId',
  'productName',
  'refunded',
  'shippingAddress',
  'status',
  'totalCost',
  'userId',
  'userName',
];

/** GET /orders/:uid and /allorders on a stack (embedded, or the servers). */
export function describeOrderQueries(stack: QueryStack): void {
  describe(`order queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    const ada = { uid: 'u-ada' };
    const bo = { uid: 'u-bo' };
    /** Order ids, oldest first. */
    const orders: { id: string; uid: string }[] = [];
    const drill = productAdded({
      name: 'Cordless Drill',
      priceCents: 129_00,
      stock: 100,
      minOrder: 1,
      priceTiers: [{ minQuantity: 10, unitPriceCents: 119_00 }],
    });
    const saw = productAdded({ name: 'Hand Saw', priceCents: 24_99, stock: 100, minOrder: 1 });

    beforeAll(async () => {
      // Seven orders, and /allorders answers at most four without paging.
      shop = await startQueryService({ stack, allOrdersLimit: 4 });
      const vise = productAdded({ name: 'Bench Vise 6"', priceCents: 89_50, stock: 100, minOrder: 1 });
      await shop.append(vise, drill, saw, userSignedIn({ uid: 'u-granted' }), adminGranted('u-granted'));
      for (const [uid, quantity] of [
        ['u-ada', 4],
        ['u-bo', 1],
        ['u-ada', 2],
        ['u-bo', 3],
        ['u-ada', 1],
      ] as const) {
        const event = orderPlaced(vise.data, { userId: uid, userName: uid, quantity });
        orders.push({ id: event.data.orderId, uid });
        await shop.append(event);
      }
      const cart = orderPlacedOf([orderLine(saw.data, 1), orderLine(drill.data, 10), orderLine(vise.data, 2)], {
        userId: 'u-cy',
        cartVersion: 1,
      });
      orders.push({ id: cart.data.orderId, uid: 'u-cy' });
      await shop.append(cart);
      // As the shop wrote orders before they had lines (schema version 1): the log's upcasters read it as one line.
      const before = orderPlaced(vise.data, { orderId: 'o-before-lines', userId: 'u-cy' });
      const { orderId, userId, userName, shippingAddress, status, payment } = before.data;
      const asWritten = {
        type: 'OrderPlaced',
        data: {
          orderId,
          productId: vise.data.productId,
          productName: vise.data.name,
          userId,
          userName,
          quantity: 3,
          unitPriceCents: 89_50,
          totalCostCents: totalCostCents(89_50, 3),
          shippingAddress,
          status,
          payment,
        },
        meta: { ...before.meta, schemaVersion: 1 },
      };
      orders.push({ id: orderId, uid: 'u-cy' });
      await shop.append(asWritten as unknown as ShopEvent);
      await shop.project();
    });
    afterAll(() => shop.close());

    const newestFirst = (uid?: string) =>
      orders
        .filter((order) => !uid || order.uid === uid)
        .map((order) => order.id)
        .reverse();

    describe('GET /orders/:uid', () => {
      it('answers the user’s own orders, newest first, totals with two decimals, and no other field', async () => {
        const response = await shop.get('/orders/u-ada', { token: shop.token(ada) });
        expect(response.statusCode).toBe(200);
        const body = response.json<OrderDto[]>();
        expect(body.map((order) => order._id)).toEqual(newestFirst('u-ada'));
        expect(Object.keys(body[2]!).sort()).toEqual(ORDER_FIELDS);
        // 89.50 x 4 = 358.00; + 17.90; + 50.00
        expect(body[2]).toMatchObject({
          productName: 'Bench Vise 6"',
          orderQuantity: 4,
          totalCost: 425.9,
          status: 'pending',
          payment: false,
          lines: [{ productId: body[2]!.productId, productName: 'Bench Vise 6"', quantity: 4, unitPrice: 89.5, lineTotal: 358 }],
          paidWith: null,
          paymentReference: null,
          paymentFailure: null,
          refunded: 0,
          invoiceNumber: null,
          creditNoteNumbers: [],
        });
      });

      it('answers an order of several lines with each line, the first line’s product and every quantity together; an order written before lines with its one line', async () => {
        const [before, cart] = (await shop.get('/orders/u-cy', { token: shop.token({ uid: 'u-cy' }) })).json<OrderDto[]>();
        // 24.99 + 1190.00 (ten drills at the ladder's 119.00) + 179.00 = 1393.99; + 69.70; + 50.00
        expect(cart).toMatchObject({ productId: saw.data.productId, productName: 'Hand Saw', orderQuantity: 13, totalCost: 1513.69 });
        expect(cart!.lines).toEqual([
          { productId: saw.data.productId, productName: 'Hand Saw', quantity: 1, unitPrice: 24.99, lineTotal: 24.99 },
          { productId: drill.data.productId, productName: 'Cordless Drill', quantity: 10, unitPrice: 119, lineTotal: 1190 },
          { productId: expect.any(String), productName: 'Bench Vise 6"', quantity: 2, unitPrice: 89.5, lineTotal: 179 },
        ]);
        expect(before).toMatchObject({
          _id: 'o-before-lines',
          productName: 'Bench Vise 6"',
          orderQuantity: 3,
          totalCost: totalCostCents(89_50, 3) / 100,
        });
        expect(before!.lines).toEqual([
          { productId: before!.productId, productName: 'Bench Vise 6"', quantity: 3, unitPrice: 89.5, lineTotal: 268.5 },
        ]);
        // Every product holds what each line reserved.
        const stock = async (id: string) =>
          (await shop.get(`/product/${id}`, { token: shop.token({ uid: 'u-cy' }) })).json<{ stock: number }>().stock;
        expect([await stock(saw.data.productId), await stock(drill.data.productId)]).toEqual([99, 90]);
      });

      it('refuses a control character in the uid with 400 before any database read', async () => {
        const response = await shop.get('/orders/u-ada%00', { token: shop.token(ada) });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().message).toMatch(/must not contain control or invisible characters/);
      });

      it('refuses another user’s orders with 403', async () => {
        const response = await shop.get('/orders/u-ada', { token: shop.token(bo) });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: messages.forbiddenOtherUser });
      });

      it('shows an admin anyone’s orders, whether the token says admin or a later grant does', async () => {
        for (const token of [shop.token({ uid: 'u-admin', admin: true }), shop.token({ uid: 'u-granted', admin: false })]) {
          const response = await shop.get('/orders/u-bo', { token });
          expect(response.statusCode).toBe(200);
          expect(response.json<OrderDto[]>().map((order) => order._id)).toEqual(newestFirst('u-bo'));
        }
      });

      it('answers [] for a user without orders, and 401 without a token', async () => {
        expect((await shop.get('/orders/u-new', { token: shop.token({ uid: 'u-new' }) })).json()).toEqual([]);
        expect((await shop.get('/orders/u-ada')).statusCode).toBe(401);
      });
    });

    describe('GET /allorders', () => {
      const admin = () => shop.token({ uid: 'u-admin', admin: true });

      it('answers an admin the newest orders, newest first, never more than its bound without paging', async () => {
        const response = await shop.get('/allorders', { token: admin() });
        expect(response.statusCode).toBe(200);
        expect(response.json<OrderDto[]>().map((order) => order._id)).toEqual(newestFirst().slice(0, 4));
      });

      it('pages when asked, with the same rules as /products', async () => {
        const ids = async (query: string) =>
          (await shop.get(`/allorders${query}`, { token: admin() })).json<OrderDto[]>().map((o) => o._id);
        expect(await ids('?page=0&size=2')).toEqual(newestFirst().slice(0, 2));
        expect(await ids('?page=2&size=2')).toEqual(newestFirst().slice(4, 6));
        expect(await ids('?page=4&size=2')).toEqual([]);
        expect(await ids('?size=3')).toEqual(newestFirst().slice(0, 3));
        const bad = await shop.get('/allorders?size=101', { token: admin() });
        expect(bad.statusCode).toBe(400);
        expect(bad.json<ApiError>().message).toBe('size should be a whole number from 1 to 100');
      });

      it('lets a user granted admin after sign-in in, with the token they already hold', async () => {
        expect((await shop.get('/allorders', { token: shop.token({ uid: 'u-granted' }) })).statusCode).toBe(200);
      });

      it('refuses a customer with 403 and no token with 401', async () => {
        const customer = await shop.get('/allorders', { token: shop.token(ada) });
        expect(customer.statusCode).toBe(403);
        expect(customer.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: messages.forbiddenAdmin });
        expect((await shop.get('/allorders')).statusCode).toBe(401);
      });
    });

    it('answers how each order was paid, the last failure while it awaits payment, and what was refunded, with two decimals', async () => {
      const vise = { productId: 'p-vise-dee', name: 'Bench Vise', priceCents: 10_00 };
      // 10.00 x 2 = 20.00, + 5 % = 21.00, + 50 = 71.00
      // A second apart, after every order before them: newest first is the same order on every log (on
      // Kafka their streams fall to different partitions, which a tie of times would be ordered by).
      const now = Date.now();
      const placed = [1, 2, 3, 4].map((second) =>
        orderPlaced(vise, { userId: 'u-dee', quantity: 2 }, { occurredAt: new Date(now + second * 1000).toISOString() }),
      );
      const [declined, byCard, offline, cancelled] = placed.map((event) => event.data);
      await shop.append(
        ...placed,
        orderPaymentFailed(declined!, { reason: 'Your card was declined.' }),
        orderPaymentFailed(declined!, { paymentId: 'pi_2', reason: 'Your card has insufficient funds.', providerEventId: 'evt_2' }),
        orderPaymentFailed(byCard!, { reason: 'Your card was declined.' }),
        orderPaidByCard(byCard!, { paymentId: 'pi_card' }),
        orderMoved(offline!, 'OrderPaid'),
        orderPaymentFailed(cancelled!, { reason: 'Your card was declined.' }),
        orderCancelled(cancelled!),
        paymentNotApplied(cancelled!, { paymentId: 'pi_late' }),
        orderRefunded(cancelled!, { paymentId: 'pi_late', amountCents: 71_00 }),
      );
      await shop.project();

      const payments = (list: OrderDto[]) =>
        list.map(({ _id, status, paidWith, paymentReference, paymentFailure, refunded }) => [
          _id,
          status,
          paidWith,
          paymentReference,
          paymentFailure,
          refunded,
        ]);
      const expected = [
        [cancelled!.orderId, 'cancelled', null, null, null, 71],
        [offline!.orderId, 'paid', 'offline', `TRANSFER-${offline!.orderId}`, null, 0],
        [byCard!.orderId, 'paid', 'card', 'pi_card', null, 0],
        [declined!.orderId, 'pending', null, null, 'Your card has insufficient funds.', 0],
      ];
      const own = await shop.get('/orders/u-dee', { token: shop.token({ uid: 'u-dee' }) });
      expect(payments(own.json<OrderDto[]>())).toEqual(expected);
      const newest = await shop.get('/allorders?page=0&size=4', { token: shop.token({ uid: 'u-admin', admin: true }) });
      expect(payments(newest.json<OrderDto[]>())).toEqual(expected);
    });

    it('answers each order’s invoice number once paid and its credit notes’ numbers in the order issued', async () => {
      const vise = { productId: 'p-vise-eve', name: 'Bench Vise', priceCents: 10_00 };
      // Seconds after the orders of the test before (placed up to four seconds ahead): newest first on every log.
      const now = Date.now() + 10_000;
      const [pending, paid, cancelled] = [1, 2, 3].map((second) =>
        orderPlaced(vise, { userId: 'u-eve', quantity: 2 }, { occurredAt: new Date(now + second * 1000).toISOString() }),
      );
      const paidInvoice = invoiceIssued(paid!.data, { sequence: 41, issuedAt: '2026-04-01T08:00:00.000Z' });
      const cancelledInvoice = invoiceIssued(cancelled!.data, { sequence: 42, issuedAt: '2026-04-01T09:00:00.000Z' });
      await shop.append(
        pending!,
        paid!,
        cancelled!,
        orderMoved(paid!.data, 'OrderPaid'),
        paidInvoice,
        orderMoved(cancelled!.data, 'OrderPaid'),
        cancelledInvoice,
        orderCancelled(cancelled!.data, { by: 'admin' }),
        creditNoteIssued(cancelledInvoice.data, { sequence: 7, issuedAt: '2026-04-02T09:00:00.000Z' }),
      );
      await shop.project();

      const documents = (list: OrderDto[]) =>
        list.map(({ _id, invoiceNumber, creditNoteNumbers }) => [_id, invoiceNumber, creditNoteNumbers]);
      const expected = [
        [cancelled!.data.orderId, 'INV-2026-000042', ['CN-2026-000007']],
        [paid!.data.orderId, 'INV-2026-000041', []],
        [pending!.data.orderId, null, []],
      ];
      const own = await shop.get('/orders/u-eve', { token: shop.token({ uid: 'u-eve' }) });
      expect(documents(own.json<OrderDto[]>())).toEqual(expected);
      const newest = await shop.get('/allorders?page=0&size=3', { token: shop.token({ uid: 'u-admin', admin: true }) });
      expect(documents(newest.json<OrderDto[]>())).toEqual(expected);
    });
  });
}
