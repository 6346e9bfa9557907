import { describe, expect, it } from 'vitest';
import { READ_AFTER_HEADER, messages, paymentMessages } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { providerPageOf } from '../../test/fakeCommands';
import { PAYMENT_PAGE_OPENING } from '../payments/paymentTexts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { cartApi } from './cartApi';
import { checkoutConfirmed } from './cartSlice';
import { CHECKOUT_NOT_ACKNOWLEDGED, checkedOutText } from './cartTexts';

const confirmed = checkoutConfirmed({ shippingAddress: '1 Forge Lane, Sheffield' });
const emptyCart = { lines: [], subtotal: 0, surcharge: 0, shipping: 0, totalCost: 0 };

describe('checkout', () => {
  it("sends the address with a fresh Idempotency-Key, says the order is placed, opens My Orders, then the provider's page to pay it", async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();

    shop.store.dispatch(confirmed);

    await waitForState(shop.store, () => shop.navigateAway.mock.calls.length > 0);
    expect(shop.commands.checkout).toHaveBeenCalledWith(shop.accessToken, { shippingAddress: '1 Forge Lane, Sheffield' }, 'key-1');
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');
    expect(shop.navigateAway).toHaveBeenCalledWith(providerPageOf('order-2'));
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toEqual([PAYMENT_PAGE_OPENING, checkedOutText('order-2')]);
    expect(shop.store.getState().cart.checkout).toEqual({ status: 'idle', error: null });

    shop.store.dispatch(confirmed);
    await waitForState(shop.store, () => shop.commands.checkout.mock.calls.length === 2);
    expect(shop.commands.checkout.mock.calls[1]![2]).toBe('key-2');
  });

  it('without a payment page, opens My Orders and says the order can be paid there', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.checkout.mockResolvedValueOnce({
      acknowledged: true,
      position: 'sales.orders/0/8',
      orderId: 'order-2',
      totalCost: 1,
      payment: null,
    });

    shop.store.dispatch(confirmed);

    await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    expect(shop.navigate).toHaveBeenCalledWith('/userdashboard/orders/u-7');
    expect(shop.navigateAway).not.toHaveBeenCalled();
    expect(shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: 'info', text: paymentMessages.providerUnavailable },
      { kind: 'success', text: checkedOutText('order-2') },
    ]);
  });

  it('sends the same Idempotency-Key again when the network lost the answer', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.checkout.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    shop.store.dispatch(confirmed);

    await waitForState(shop.store, () => shop.navigate.mock.calls.length > 0);
    expect(shop.navigate).toHaveBeenCalledTimes(1);
    expect(shop.commands.checkout.mock.calls.map((call) => call[2])).toEqual(['key-1', 'key-1']);
  });

  it('reads the cart again after the order, waiting for its position: the order emptied it', async () => {
    const server = fakeQueryServer({ '/cart': emptyCart });
    const shop = await signedInTestStore();
    const subscription = shop.store.dispatch(cartApi.endpoints.cart.initiate());
    await waitForState(shop.store, () => server.requestsTo('/cart').length === 1);

    shop.store.dispatch(confirmed);

    await waitForState(shop.store, () => server.requestsTo('/cart').length === 2);
    expect(server.requestsTo('/cart')[1]!.headers[READ_AFTER_HEADER]).toBe(shop.store.getState().readAfter.positions['sales.orders']);
    subscription.unsubscribe();
  });

  it("a refusal keeps the server's message for the cart page, goes nowhere, and reads the cart again", async () => {
    const server = fakeQueryServer({ '/cart': emptyCart });
    const shop = await signedInTestStore();
    const subscription = shop.store.dispatch(cartApi.endpoints.cart.initiate());
    await waitForState(shop.store, () => server.requestsTo('/cart').length === 1);
    shop.commands.checkout.mockRejectedValueOnce(new CommandRefused(`Bench Vise: ${messages.maxOrderQuantity(3)}`, 409));

    shop.store.dispatch(confirmed);

    const checkout = await waitForState(shop.store, (state) => state.cart.checkout.status === 'failed' && state.cart.checkout);
    expect(checkout.error).toBe('Bench Vise: Maximum order quantity is 3');
    expect(shop.commands.checkout).toHaveBeenCalledTimes(1);
    expect(shop.navigate).not.toHaveBeenCalled();
    await waitForState(shop.store, () => server.requestsTo('/cart').length === 2);
    subscription.unsubscribe();
  });

  it('is not placed when the server does not acknowledge it', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.checkout.mockResolvedValueOnce({ acknowledged: false } as never);

    shop.store.dispatch(confirmed);

    expect(await waitForState(shop.store, (state) => state.cart.checkout.error)).toBe(CHECKOUT_NOT_ACKNOWLEDGED);
    expect(shop.navigate).not.toHaveBeenCalled();
  });
});
