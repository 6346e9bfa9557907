import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPIRED_REASON,
  READ_AFTER_SATISFIED_HEADER,
  TOPICS,
  formatPosition,
  messages,
  type ApiError,
  type OrderHistoryResponse,
  type OrderPlaced,
  type ProductAdded,
  type ShopEvent,
} from '@toolforge/contracts';
import {
  adminGranted,
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderEmailResendRequested,
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
import type { StoredEvent } from '@toolforge/platform';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** GET /orders/:id/history on a stack (embedded, or the servers): the order's events read from the log. */
export function describeOrderHistory(stack: QueryStack): void {
  describe(`order history on ${stack.name}`, () => {
    let shop: QueryHarness;
    let vise: ProductAdded['data'];
    const ada = { uid: 'u-ada' };
    const bo = { uid: 'u-bo' };
    const admin = () => shop.token({ uid: 'u-admin', admin: true });

    /** Places an order of the vise for `userId`: the event as the log stored it. */
    const place = async (userId: string, quantity = 2) =>
      (await shop.append(orderPlaced(vise, { userId, userName: userId, quantity })))[0]!.stored[0] as StoredEvent<OrderPlaced>;
    /** Appends an order's later events: each as the log stored it. */
    const follow = async (...events: ShopEvent[]) => (await shop.append(...events)).map((result) => result.stored[0]!);
    const history = (orderId: string, token?: string, headers: Record<string, string> = {}) =>
      shop.get(`/orders/${encodeURIComponent(orderId)}/history`, { token, headers });
    const entriesOf = async (orderId: string, token = admin()) => {
      const response = await history(orderId, token);
      expect(response.statusCode).toBe(200);
      return response.json<OrderHistoryResponse>().entries;
    };

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      const added = productAdded({ name: 'Bench Vise 6"', priceCents: 89_50, stock: 100, minOrder: 1 });
      vise = added.data;
      await shop.append(added, userSignedIn({ uid: 'u-granted' }), adminGranted('u-granted'));
      await shop.project();
    });
    afterAll(() => shop.close());

    it('answers the customer every event of their order from the log, in log order: when, by whom, the status after it, what it recorded', async () => {
      const placed = await place('u-ada', 4);
      // Another order's events in between: the history holds this order's only.
      const other = await place('u-bo');
      const [paid, , shipped, delivered] = await follow(
        orderMoved(placed.data, 'OrderPaid'),
        orderMoved(other.data, 'OrderPaid'),
        orderMoved(placed.data, 'OrderShipped'),
        orderMoved(placed.data, 'OrderDelivered'),
      );
      await shop.project();

      const response = await history(placed.data.orderId, shop.token(ada));
      expect(response.statusCode).toBe(200);
      const byAdmin = (event: StoredEvent, status: string, details = {}) => ({
        position: formatPosition(event.position),
        type: event.type,
        occurredAt: event.meta.occurredAt,
        // Its customer is told an admin did it, never which admin's uid (issue 34, row 10).
        actor: null,
        by: 'admin',
        status,
        details,
      });
      expect(response.json()).toEqual({
        orderId: placed.data.orderId,
        entries: [
          {
            position: formatPosition(placed.position),
            type: 'OrderPlaced',
            occurredAt: placed.meta.occurredAt,
            actor: 'u-ada',
            by: 'customer',
            status: 'pending',
            // 89.50 x 4 = 358.00, + 5 % = 375.90, + 50 = 425.90
            details: {
              lines: '4 × Bench Vise 6" at 89.50',
              subtotal: 358,
              totalCost: 425.9,
              shippingAddress: '12 Forge Lane, Sheffield',
              fromCart: false,
            },
          },
          // Marked paid by an admin: offline, by the bank transfer's reference, for the order's total.
          byAdmin(paid!, 'paid', { payment: true, method: 'offline', reference: `TRANSFER-${placed.data.orderId}`, amount: 425.9 }),
          byAdmin(shipped!, 'shipped'),
          byAdmin(delivered!, 'delivered'),
        ],
      });
      const asAdmin = await history(placed.data.orderId, admin());
      expect(asAdmin.json<OrderHistoryResponse>().entries.map((entry) => entry.actor)).toEqual([
        'u-ada',
        'admin-uid',
        'admin-uid',
        'admin-uid',
      ]);
    });

    it('shows who cancelled and why, and the stock given back: the customer, an admin, the shop for an expired reservation', async () => {
      const byCustomer = await place('u-ada', 3);
      const byAdmin = await place('u-bo', 5);
      const expired = await place('u-bo', 1);
      await follow(
        orderCancelled(byCustomer.data, { reason: 'Ordered the wrong size' }),
        orderMoved(byAdmin.data, 'OrderPaid'),
        orderCancelled(byAdmin.data, { by: 'admin' }),
        orderCancelled(expired.data, { reason: EXPIRED_REASON, by: null }),
      );
      await shop.project();

      const last = async (orderId: string) => (await entriesOf(orderId)).at(-1);
      expect(await last(byCustomer.data.orderId)).toMatchObject({
        type: 'OrderCancelled',
        actor: 'u-ada',
        by: 'customer',
        status: 'cancelled',
        details: { reason: 'Ordered the wrong size', returned: '3 × Bench Vise 6"', returnedStock: 3 },
      });
      expect((await entriesOf(byAdmin.data.orderId)).map(({ type, by, status }) => [type, by, status])).toEqual([
        ['OrderPlaced', 'customer', 'pending'],
        ['OrderPaid', 'admin', 'paid'],
        ['OrderCancelled', 'admin', 'cancelled'],
      ]);
      expect(await last(byAdmin.data.orderId)).toMatchObject({ details: { reason: '', returned: '5 × Bench Vise 6"', returnedStock: 5 } });
      expect(await last(expired.data.orderId)).toMatchObject({
        actor: null,
        by: 'shop',
        status: 'cancelled',
        details: { reason: EXPIRED_REASON, returned: '1 × Bench Vise 6"', returnedStock: 1 },
      });
    });

    it('shows what the payment provider said of the order’s money as the shop’s, each leaving the status where it was', async () => {
      const placed = await place('u-ada');
      const late = await place('u-ada');
      await follow(
        orderPaymentFailed(placed.data, { paymentId: 'pi_declined', reason: 'Your card was declined.' }),
        orderPaidByCard(placed.data, { paymentId: 'pi_paid' }),
        orderCancelled(late.data, { reason: 'Changed my mind' }),
        paymentNotApplied(late.data, { paymentId: 'pi_late' }),
        orderRefunded(late.data, { paymentId: 'pi_late', amountCents: late.data.totalCostCents, refundId: 're_late' }),
      );
      await shop.project();

      const shown = async (orderId: string) =>
        (await entriesOf(orderId, shop.token(ada))).map(({ type, by, actor, status, details }) => [type, by, actor, status, details]);
      // 89.50 x 2 = 179.00, + 5 % = 187.95, + 50 = 237.95
      expect((await shown(placed.data.orderId)).slice(1)).toEqual([
        ['OrderPaymentFailed', 'shop', null, 'pending', { reason: 'Your card was declined.', paymentId: 'pi_declined' }],
        ['OrderPaid', 'shop', null, 'paid', { payment: true, method: 'card', paymentId: 'pi_paid', amount: 237.95 }],
      ]);
      expect((await shown(late.data.orderId)).slice(2)).toEqual([
        ['PaymentNotApplied', 'shop', null, 'cancelled', { amount: 237.95, because: 'order-cancelled', paymentId: 'pi_late' }],
        ['OrderRefunded', 'shop', null, 'cancelled', { amount: 237.95, refundId: 're_late', paymentId: 'pi_late' }],
      ]);
    });

    it('shows the order’s invoice and credit note as the shop’s, and an e-mail an admin sent again, read from the log like the rest', async () => {
      const placed = await place('u-ada');
      const invoice = invoiceIssued(placed.data, { sequence: 5, issuedAt: '2026-06-01T10:00:00.000Z' });
      await follow(
        orderMoved(placed.data, 'OrderPaid'),
        invoice,
        orderEmailResendRequested(placed.data.orderId, 'paid'),
        orderCancelled(placed.data, { by: 'admin' }),
        creditNoteIssued(invoice.data, { sequence: 2, issuedAt: '2026-06-02T10:00:00.000Z', reason: 'Damaged' }),
      );
      await shop.project();

      const shown = (await entriesOf(placed.data.orderId, shop.token(ada))).map(({ type, by, actor, status, details }) => [
        type,
        by,
        actor,
        status,
        details,
      ]);
      // 89.50 x 2 = 179.00, + 5 % = 187.95, + 50 = 237.95
      expect(shown.slice(2)).toEqual([
        ['InvoiceIssued', 'shop', null, 'paid', { invoiceNumber: 'INV-2026-000005', total: 237.95 }],
        ['OrderEmailResendRequested', 'admin', null, 'paid', { email: 'paid' }],
        ['OrderCancelled', 'admin', null, 'cancelled', expect.objectContaining({ returnedStock: 2 })],
        [
          'CreditNoteIssued',
          'shop',
          null,
          'cancelled',
          { creditNoteNumber: 'CN-2026-000002', invoiceNumber: 'INV-2026-000005', total: 237.95, reason: 'Damaged' },
        ],
      ]);
    });

    it('describes every line of an order checked out from a cart, at the price its quantity reached, and every line its cancellation gave back', async () => {
      const clamps = productAdded({
        name: 'F-Clamp 300 mm',
        priceCents: 12_40,
        stock: 100,
        minOrder: 1,
        priceTiers: [{ minQuantity: 10, unitPriceCents: 10_90 }],
      });
      await shop.append(clamps);
      const cart = orderPlacedOf([orderLine(clamps.data, 10), orderLine(vise, 2)], { userId: 'u-ada', cartVersion: 1 });
      const placed = (await shop.append(cart))[0]!.stored[0]!;
      await follow(orderCancelled(cart.data, { reason: 'Bought locally' }));
      await shop.project();

      const entries = await entriesOf(cart.data.orderId, shop.token(ada));
      expect(entries.map(({ position, type, details }) => [position, type, details])).toEqual([
        [
          formatPosition(placed.position),
          'OrderPlaced',
          {
            // 10 × 10.90 = 109.00, + 2 × 89.50 = 288.00; + 5 % = 14.40, + 50 = 352.40
            lines: '10 × F-Clamp 300 mm at 10.90; 2 × Bench Vise 6" at 89.50',
            subtotal: 288,
            totalCost: 352.4,
            shippingAddress: '12 Forge Lane, Sheffield',
            fromCart: true,
          },
        ],
        [
          expect.any(String),
          'OrderCancelled',
          { reason: 'Bought locally', returned: '10 × F-Clamp 300 mm; 2 × Bench Vise 6"', returnedStock: 12 },
        ],
      ]);
    });

    it('shows an admin anyone’s order, whether the token says admin or a later grant does', async () => {
      const placed = await place('u-bo');
      await shop.project();
      for (const token of [admin(), shop.token({ uid: 'u-granted' })]) {
        expect((await entriesOf(placed.data.orderId, token)).map((entry) => entry.type)).toEqual(['OrderPlaced']);
      }
    });

    it('refuses another customer with 403, an unknown order with 404, a caller without a token with 401, a hostile id with 4xx', async () => {
      const placed = await place('u-ada');
      await shop.project();
      const { orderId } = placed.data;

      const other = await history(orderId, shop.token(bo));
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: messages.forbiddenOtherOrder });
      for (const token of [shop.token(ada), admin()]) {
        const unknown = await history('order-never-placed', token);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.orderNotFound });
      }
      expect((await history(orderId)).statusCode).toBe(401);
      expect((await history(orderId, 'not-a-token')).statusCode).toBe(401);
      for (const hidden of [`${orderId}\u0000`, `${orderId}\u202e`]) {
        const response = await history(hidden, shop.token(ada));
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().message).toMatch(/must not contain control or invisible characters/);
      }
      // Longer than any id: the router refuses a path parameter of more than 100 characters itself.
      expect((await history('x'.repeat(101), shop.token(ada))).statusCode).toBe(414);
    });

    it('leaves out what the order’s offsets hold that is not its event or cannot be read, and offsets the log does not hold', async () => {
      // Orders spread over the partitions (Kafka has three): of four, two share one.
      const orders = [await place('u-ada'), await place('u-ada'), await place('u-ada'), await place('u-ada')];
      const sharing = (one: StoredEvent, other: StoredEvent) => one !== other && one.position.partition === other.position.partition;
      const order = orders.find((one) => orders.some((other) => sharing(one, other)))!;
      const neighbour = orders.find((other) => sharing(order, other))!;
      const [paid] = await follow(orderMoved(order.data, 'OrderPaid'));
      // An event of the order's stream that a newer ToolForge wrote: unreadable to this build.
      const shipped = orderMoved(order.data, 'OrderShipped');
      const future = { ...shipped, meta: { ...shipped.meta, schemaVersion: 99 } };
      const { stored } = await shop.log.append({
        topic: TOPICS.orders,
        streamId: order.data.orderId,
        expectedVersion: 2,
        events: [future],
      });
      await shop.project();
      // The read model pointing elsewhere too: another order's event, and an offset past the log's end.
      const offsets = [order.position.offset, neighbour.position.offset, paid!.position.offset, stored[0]!.position.offset, 1e9];
      await shop.sql.query('update orders set event_offsets = $2::bigint[] where order_id = $1', [order.data.orderId, offsets]);

      const response = await history(order.data.orderId, shop.token(ada));
      expect(response.statusCode).toBe(200);
      expect(response.json<OrderHistoryResponse>().entries.map(({ position, type }) => [position, type])).toEqual([
        [formatPosition(order.position), 'OrderPlaced'],
        [formatPosition(paid!.position), 'OrderPaid'],
      ]);
    });

    describe('with X-Read-After', () => {
      afterEach(async () => {
        await shop.projector.stop();
        await shop.project();
      });

      it('waits until the projector has passed the position, then shows the event', async () => {
        const placed = await place('u-ada');
        await shop.project();
        const [, shipped] = await follow(orderMoved(placed.data, 'OrderPaid'), orderMoved(placed.data, 'OrderShipped'));

        // Nothing projects yet: the read model does not know the order's later events.
        expect((await entriesOf(placed.data.orderId, shop.token(ada))).map((entry) => entry.type)).toEqual(['OrderPlaced']);
        const reading = history(placed.data.orderId, shop.token(ada), { 'x-read-after': formatPosition(shipped!.position) });
        setTimeout(() => shop.projector.start(), 100);
        const response = await reading;
        expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
        expect(response.json<OrderHistoryResponse>().entries.map(({ type, status }) => [type, status])).toEqual([
          ['OrderPlaced', 'pending'],
          ['OrderPaid', 'paid'],
          ['OrderShipped', 'shipped'],
        ]);
      });

      it('refuses a position the log has not reached with 400', async () => {
        const placed = await place('u-ada');
        await shop.project();
        const beyond = formatPosition({ ...placed.position, offset: placed.position.offset + 1_000_000 });
        const response = await history(placed.data.orderId, shop.token(ada), { 'x-read-after': beyond });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().message).toBe(messages.readAfterBeyondLog);
      });
    });
  });
}
