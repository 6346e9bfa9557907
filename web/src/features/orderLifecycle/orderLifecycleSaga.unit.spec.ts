import { describe, expect, it } from 'vitest';
import { READ_AFTER_HEADER, messages } from '@toolforge/contracts';
import { answerOf } from '../../test/fakeCommands';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { CommandRefused } from '../../api/commandClient';
import { catalogApi } from '../catalog/catalogApi';
import { ordersApi } from '../orders/ordersApi';
import { orderCancelledText, orderMovedText } from './orderLifecycleSaga';
import { orderCancelRequested, orderStatusRequested } from './orderLifecycleSlice';

const orderId = 'c0ffee01-0000-4000-8000-000000000000';
const toastTexts = (state: { toasts: { items: { kind: string; text: string }[] } }) =>
  state.toasts.items.map((toast) => `${toast.kind}: ${toast.text}`);

describe('order moves (docs/architecture.md#9-the-products-rules)', () => {
  it("marks an order paid (offline, with the payment's reference) under a fresh Idempotency-Key, then reads the orders again after its position", async () => {
    const server = fakeQueryServer({ '/allorders': [] });
    const shop = await signedInTestStore({ admin: true });
    const subscription = shop.store.dispatch(ordersApi.endpoints.allOrders.initiate());
    await waitForState(shop.store, () => server.requestsTo('/allorders').length === 1);

    shop.store.dispatch(orderStatusRequested({ orderId, status: 'paid', reference: 'BT-2026-0042' }));

    await waitForState(shop.store, () => server.requestsTo('/allorders').length === 2);
    expect(shop.commands.setOrderStatus).toHaveBeenCalledWith(
      shop.accessToken,
      orderId,
      { status: 'paid', reference: 'BT-2026-0042' },
      'key-1',
    );
    const { position } = await answerOf(shop.commands.setOrderStatus);
    expect(server.requestsTo('/allorders')[1]!.headers[READ_AFTER_HEADER]).toBe(position);
    expect(toastTexts(shop.store.getState())).toEqual([`success: ${orderMovedText(orderId, 'paid')}`]);
    expect(orderMovedText(orderId, 'paid')).toBe('Order c0ffee01 is now paid');
    expect(shop.store.getState().orderLifecycle.moving).toEqual([]);
    subscription.unsubscribe();

    shop.store.dispatch(orderStatusRequested({ orderId, status: 'shipped' }));
    await waitForState(shop.store, () => shop.commands.setOrderStatus.mock.calls.length === 2);
    expect(shop.commands.setOrderStatus.mock.calls[1]!.slice(2)).toEqual([{ status: 'shipped' }, 'key-2']);
  });

  it('cancels with the reason given, or an empty body without one; the product is read again after the cancel (its stock came back)', async () => {
    const server = fakeQueryServer({ '/product/p-1': { _id: 'p-1' } });
    const shop = await signedInTestStore();
    const subscription = shop.store.dispatch(catalogApi.endpoints.product.initiate('p-1'));
    await waitForState(shop.store, () => server.requestsTo('/product/p-1').length === 1);

    shop.store.dispatch(orderCancelRequested({ orderId, reason: 'Ordered the wrong size' }));

    await waitForState(shop.store, () => server.requestsTo('/product/p-1').length === 2);
    expect(shop.commands.cancelOrder).toHaveBeenCalledWith(shop.accessToken, orderId, { reason: 'Ordered the wrong size' }, 'key-1');
    const { position } = await answerOf(shop.commands.cancelOrder);
    expect(server.requestsTo('/product/p-1')[1]!.headers[READ_AFTER_HEADER]).toBe(position);
    expect(toastTexts(shop.store.getState())).toEqual([`success: ${orderCancelledText(orderId)}`]);
    subscription.unsubscribe();

    shop.store.dispatch(orderCancelRequested({ orderId, reason: '' }));
    await waitForState(shop.store, () => shop.commands.cancelOrder.mock.calls.length === 2);
    expect(shop.commands.cancelOrder.mock.calls[1]![2]).toEqual({});
  });

  it('sends the same Idempotency-Key again when the network lost the answer', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore({ admin: true });
    shop.commands.setOrderStatus.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    shop.store.dispatch(orderStatusRequested({ orderId, status: 'delivered' }));

    await waitForState(shop.store, (state) => state.toasts.items.length > 0);
    expect(shop.commands.setOrderStatus.mock.calls.map((call) => call[3])).toEqual(['key-1', 'key-1']);
    expect(toastTexts(shop.store.getState())).toEqual([`success: ${orderMovedText(orderId, 'delivered')}`]);
  });

  it("shows the server's refusal as an error toast and frees the order's buttons", async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.cancelOrder.mockRejectedValueOnce(new CommandRefused(messages.customerCancelNotPending, 409));

    shop.store.dispatch(orderCancelRequested({ orderId, reason: '' }));

    expect(await waitForState(shop.store, (state) => state.toasts.items[0]?.text)).toBe(messages.customerCancelNotPending);
    expect(shop.store.getState().toasts.items[0]!.kind).toBe('error');
    expect(shop.commands.cancelOrder).toHaveBeenCalledTimes(1);
    expect(shop.store.getState().orderLifecycle.moving).toEqual([]);
  });
});
