import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages, type OrderDto } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { config } from '../../config';
import { providerPageOf } from '../../test/fakeCommands';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderDto } from '../../test/orders';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { CONFIRM_POLL_MS, CONFIRM_WAIT_MS } from './PaymentReturnNotice';
import { payNowRequested } from './paymentsSlice';
import {
  PAYMENT_PAGE_OPENING,
  confirmingPaymentText,
  paidAfterCancelText,
  paymentConfirmedText,
  paymentNotConfirmedYetText,
} from './paymentTexts';

const pending = orderDto(1);
const rowOf = async (address: string) => (await screen.findByText(address)).closest('tr')!;
const toasts = (shop: Awaited<ReturnType<typeof signedInTestStore>>) =>
  shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }));

describe('Pay now (My Orders)', () => {
  it("opens a new payment page for the pending order, with the customer's bearer, and sends the browser there; keyboard reachable", async () => {
    fakeQueryServer({ '/orders/u-7': [pending, orderDto(2, { status: 'paid', payment: true })] });
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });

    const payNow = await screen.findByRole('button', { name: 'Pay now for order 00000001' });
    expect(within(await rowOf('2 Forge Lane, Sheffield')).queryByRole('button', { name: /^Pay now/ })).toBeNull();
    payNow.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(shop.navigateAway).toHaveBeenCalledWith(providerPageOf(pending._id)));
    expect(shop.commands.payOrder).toHaveBeenCalledWith(shop.accessToken, pending._id);
    expect(toasts(shop)).toEqual([{ kind: 'info', text: PAYMENT_PAGE_OPENING }]);
    expect(shop.store.getState().payments.opening).toEqual([]);
  });

  it('is not offered by a shop without card payments (the host’s /config.js says so): its orders are paid offline', async () => {
    fakeQueryServer({ '/orders/u-7': [pending] });
    config.cardPayments = false;
    try {
      renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });
      const row = await rowOf('1 Forge Lane, Sheffield');
      expect(within(row).getByRole('button', { name: /^Cancel/ })).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /^Pay now/ })).toBeNull();
    } finally {
      config.cardPayments = true;
    }
  });

  it('says the 409 of an order no longer awaiting payment, goes nowhere, and reads the orders again', async () => {
    let orders: OrderDto[] = [pending];
    const server = fakeQueryServer({ '/orders/u-7': () => orders });
    const shop = await signedInTestStore();
    shop.commands.payOrder.mockImplementationOnce(() => {
      orders = [orderDto(1, { status: 'paid', payment: true, paidWith: 'card' })];
      return Promise.reject(new CommandRefused(paymentMessages.notAwaitingPayment, 409));
    });
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });

    await user.click(await screen.findByRole('button', { name: 'Pay now for order 00000001' }));

    expect(await screen.findByText(paymentMessages.notAwaitingPayment)).toBeTruthy();
    expect(toasts(shop)).toEqual([{ kind: 'error', text: paymentMessages.notAwaitingPayment }]);
    // Read again: the row shows the order paid, without Pay now.
    expect(await within(await rowOf('1 Forge Lane, Sheffield')).findByText('By card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay now/ })).toBeNull();
    expect(server.requestsTo('/orders/u-7').length).toBe(2);
    expect(shop.navigateAway).not.toHaveBeenCalled();
  });

  it('says the 503 of an unreachable provider, and a page address that is no web address is never followed', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    shop.commands.payOrder.mockRejectedValueOnce(new CommandRefused(paymentMessages.providerUnavailable, 503));
    shop.store.dispatch(payNowRequested({ orderId: pending._id }));
    await waitForState(shop.store, (state) => state.toasts.items.length === 1);

    shop.commands.payOrder.mockResolvedValueOnce({ acknowledged: true, payment: { url: 'javascript:alert(1)' } });
    shop.store.dispatch(payNowRequested({ orderId: pending._id }));
    await waitForState(shop.store, (state) => state.toasts.items.length === 2);

    expect(toasts(shop)).toEqual([
      { kind: 'error', text: paymentMessages.providerUnavailable },
      { kind: 'error', text: paymentMessages.providerUnavailable },
    ]);
    expect(shop.navigateAway).not.toHaveBeenCalled();
  });
});

describe("an order's money in the lists", () => {
  it('shows why the last attempt failed while the order is pending, and what was refunded', async () => {
    fakeQueryServer({
      '/orders/u-7': [
        orderDto(1, { paymentFailure: 'Your card was declined.' }),
        orderDto(2, { status: 'cancelled', paymentFailure: 'Your card has insufficient funds.' }),
        orderDto(3, { status: 'cancelled', payment: true, paidWith: 'card', paymentReference: 'pi_1', refunded: 1234.5 }),
      ],
    });
    renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });

    expect(within(await rowOf('1 Forge Lane, Sheffield')).getByText('Payment failed: Your card was declined.')).toBeTruthy();
    expect(within(await rowOf('2 Forge Lane, Sheffield')).queryByText(/^Payment failed/)).toBeNull();
    expect(within(await rowOf('3 Forge Lane, Sheffield')).getByText('Refunded $1234.50')).toBeTruthy();
  });
});

describe('back from the payment page (/myorders?paid=<orderId>)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the payment is being confirmed, reads the orders again until the order shows paid, then says so and drops the parameter', async () => {
    let reads = 0;
    const server = fakeQueryServer({
      // The provider's webhook is late: the order shows paid from the third read on.
      '/orders/u-7': () => [(reads += 1) < 3 ? pending : orderDto(1, { status: 'paid', payment: true, paidWith: 'card' })],
    });
    const { router } = renderShop(`/myorders?paid=${pending._id}`, { shop: await signedInTestStore() });

    expect(await screen.findByText(confirmingPaymentText(pending._id))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/userdashboard/orders/u-7');
    expect(router.state.location.search).toBe(`?paid=${pending._id}`);

    expect(await screen.findByText(paymentConfirmedText(pending._id), {}, { timeout: 5 * CONFIRM_POLL_MS })).toBeTruthy();
    expect(screen.queryByText(confirmingPaymentText(pending._id))).toBeNull();
    expect(router.state.location.search).toBe('');
    // Polling stopped once the order showed paid.
    const readsWhenPaid = server.requestsTo('/orders/u-7').length;
    await new Promise((resolve) => setTimeout(resolve, 1.5 * CONFIRM_POLL_MS));
    expect(server.requestsTo('/orders/u-7').length).toBe(readsWhenPaid);
  });

  it('stops after half a minute with a quieter notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeQueryServer({ '/orders/u-7': [pending] });
    const { router } = renderShop(`/userdashboard/orders/u-7?paid=${pending._id}`, { shop: await signedInTestStore() });
    expect(await screen.findByText(confirmingPaymentText(pending._id))).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_WAIT_MS));

    expect(await screen.findByText(paymentNotConfirmedYetText(pending._id))).toBeTruthy();
    expect(screen.queryByText(confirmingPaymentText(pending._id))).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const reads = server.requestsTo('/orders/u-7').length;
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThanOrEqual(CONFIRM_WAIT_MS / CONFIRM_POLL_MS + 1);
    await act(() => vi.advanceTimersByTimeAsync(5 * CONFIRM_POLL_MS));
    expect(server.requestsTo('/orders/u-7').length).toBe(reads);
  });

  it('says a payment for an order cancelled meanwhile will be refunded; names no order that is not one of the customer’s', async () => {
    fakeQueryServer({ '/orders/u-7': [orderDto(1, { status: 'cancelled' })] });
    const first = renderShop(`/myorders?paid=${pending._id}`, { shop: await signedInTestStore() });
    expect(await screen.findByText(paidAfterCancelText(pending._id))).toBeTruthy();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();

    const madeUp = '<img src=x onerror=alert(1)>';
    const second = renderShop(`/myorders?paid=${encodeURIComponent(madeUp)}`, { shop: await signedInTestStore() });
    await screen.findByText('1 Forge Lane, Sheffield');
    await waitFor(() => expect(second.router.state.location.search).toBe(''));
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
