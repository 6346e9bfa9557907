import { describe, expect, it } from 'vitest';
import { READ_AFTER_HEADER, messages, paymentMessages } from '@toolforge/contracts';
import { answerOf, providerPageOf } from '../../test/fakeCommands';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { CommandRefused } from '../../api/commandClient';
import { config } from '../../config';
import { ordersApi } from './ordersApi';
import { ORDER_NOT_ACKNOWLEDGED } from './orderTexts';
import { PAYMENT_PAGE_OPENING } from '../payments/paymentTexts';
import { orderConfirmed, type OrderConfirmation } from './orderSlice';

const confirmation: OrderConfirmation = {
  productId: 'p-1',
  productName: 'Claw Hammer',
  unitPrice: 24.5,
  orderQuantity: 10,
  shippingAddress: '1 Forge Lane, Sheffield',
};

describe('order placement (docs/architecture.md#9-the-products-rules)', () => {
  it('sends the order with the total of docs/architecture.md#9-the-products-rules and a fresh Idempotency-Key, then opens my orders', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();

    shop.store.dispatch(orderConfirmed(confirmation));

    // Placed: the saga opens my orders last.
    await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    // 24.50 x 10 = 245.00, + 5 % = 12.25, + 50 = 307.25
    expect(shop.commands.placeOrder).toHaveBeenCalledWith(
      shop.accessToken,
      {
        productId: 'p-1',
        userId: 'u-7',
        userName: 'Ada',
        productName: 'Claw Hammer',
        totalCost: 307.25,
        status: 'pending',
        payment: false,
        shippingAddress: '1 Forge Lane, Sheffield',
        orderQuantity: 10,
      },
      'key-1',
    );
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');

    shop.store.dispatch(orderConfirmed(confirmation));
    await waitForState(shop.store, () => shop.commands.placeOrder.mock.calls.length === 2);
    expect(shop.commands.placeOrder.mock.calls[1]![2]).toBe('key-2');
  });

  it("sends the browser to the provider's page to pay the order, after My Orders (where Back from there returns)", async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();

    shop.store.dispatch(orderConfirmed(confirmation));

    await waitForState(shop.store, () => shop.navigateAway.mock.calls.length > 0);
    expect(shop.navigateAway).toHaveBeenCalledWith(providerPageOf('order-1'));
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');
    expect(shop.navigate.mock.invocationCallOrder[0]).toBeLessThan(shop.navigateAway.mock.invocationCallOrder[0]!);
    expect(shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: 'info', text: PAYMENT_PAGE_OPENING },
    ]);
  });

  it('without a payment page (the provider could not be reached), opens My Orders and says the order can be paid there', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockResolvedValueOnce({
      acknowledged: true,
      position: 'sales.orders/0/5',
      orderId: 'order-1',
      totalCost: 1,
      payment: null,
    });

    shop.store.dispatch(orderConfirmed(confirmation));

    await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');
    expect(shop.navigateAway).not.toHaveBeenCalled();
    expect(shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: 'info', text: paymentMessages.providerUnavailable },
    ]);
  });

  it('says nothing of paying in a shop without card payments: its orders are paid offline', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockResolvedValueOnce({
      acknowledged: true,
      position: 'sales.orders/0/5',
      orderId: 'order-1',
      totalCost: 1,
      payment: null,
    });
    config.cardPayments = false;
    try {
      shop.store.dispatch(orderConfirmed(confirmation));
      await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    } finally {
      config.cardPayments = true;
    }
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');
    expect(shop.navigateAway).not.toHaveBeenCalled();
    expect(shop.store.getState().toasts.items.map(({ text }) => text)).not.toContain(paymentMessages.providerUnavailable);
  });

  it('never follows a payment address that is not a web address (a javascript: one would run in the shop)', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'not a url']) {
      shop.commands.placeOrder.mockResolvedValueOnce({
        acknowledged: true,
        position: 'sales.orders/0/6',
        orderId: 'order-1',
        totalCost: 1,
        payment: { url },
      });
      const navigated = shop.navigate.mock.calls.length;
      shop.store.dispatch(orderConfirmed(confirmation));
      await waitForState(shop.store, () => shop.navigate.mock.calls.length > navigated);
    }
    expect(shop.navigateAway).not.toHaveBeenCalled();
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toEqual(Array(3).fill(paymentMessages.providerUnavailable));
  });

  it("re-reads the user's orders after the order, waiting for the order's position (read-your-writes)", async () => {
    const server = fakeQueryServer({ '/orders/u-7': [] });
    const shop = await signedInTestStore();
    const subscription = shop.store.dispatch(ordersApi.endpoints.userOrders.initiate('u-7'));
    await waitForState(shop.store, () => server.requestsTo('/orders/u-7').length === 1);
    expect(server.requestsTo('/orders/u-7')[0]!.headers[READ_AFTER_HEADER]).toBeUndefined();

    shop.store.dispatch(orderConfirmed(confirmation));

    await waitForState(shop.store, () => server.requestsTo('/orders/u-7').length === 2);
    const { position } = await answerOf(shop.commands.placeOrder);
    const reread = server.requestsTo('/orders/u-7')[1]!;
    expect(reread.headers[READ_AFTER_HEADER]).toBe(position);
    expect(reread.headers.authorization).toBe(`Bearer ${shop.accessToken}`);
    subscription.unsubscribe();
  });

  it('sends the same Idempotency-Key again when the network lost the answer', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    shop.store.dispatch(orderConfirmed(confirmation));

    await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    expect(shop.navigate).toHaveBeenCalledTimes(1);
    expect(shop.commands.placeOrder.mock.calls.map((call) => call[2])).toEqual(['key-1', 'key-1']);
  });

  it("clears the progress text and shows the server's message when the order is refused", async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockRejectedValueOnce(new CommandRefused(messages.maxOrderQuantity(40), 409));

    shop.store.dispatch(orderConfirmed(confirmation));

    const placement = await waitForState(shop.store, (state) => state.orderPlacement.status === 'failed' && state.orderPlacement);
    expect(placement.error).toBe('Maximum order quantity is 40');
    expect(shop.commands.placeOrder).toHaveBeenCalledTimes(1);
    expect(shop.navigate).not.toHaveBeenCalled();
  });

  it('does not navigate when the order is not acknowledged', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockResolvedValueOnce({ acknowledged: false } as never);

    shop.store.dispatch(orderConfirmed(confirmation));

    expect(await waitForState(shop.store, (state) => state.orderPlacement.error)).toBe(ORDER_NOT_ACKNOWLEDGED);
    expect(shop.navigate).not.toHaveBeenCalled();
  });
});
