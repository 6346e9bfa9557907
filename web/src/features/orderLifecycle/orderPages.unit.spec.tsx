import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS, PAYMENT_LIMITS, messages, paymentMessages, type OrderDto } from '@toolforge/contracts';
import { Refused, fakeQueryServer } from '../../test/fakeQueryServer';
import { historyEntry, orderDto } from '../../test/orders';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { CommandRefused } from '../../api/commandClient';

/** The names of the buttons and links in the row of the order with that shipping address. */
async function rowActions(address: string): Promise<string[]> {
  const row = (await screen.findByText(address)).closest('tr')!;
  return Array.from(row.querySelectorAll('button, a'), (control) => control.textContent ?? '');
}

const ordersOfEveryStatus: OrderDto[] = [
  orderDto(1, { status: 'pending' }),
  orderDto(2, { status: 'paid', payment: true }),
  orderDto(3, { status: 'shipped', payment: true }),
  orderDto(4, { status: 'delivered', payment: true }),
  orderDto(5, { status: 'cancelled' }),
];

describe('Manage Orders: the moves each status allows (docs/architecture.md#9-the-products-rules)', () => {
  it('offers Mark paid/shipped/delivered and Cancel as ORDER_TRANSITIONS allows, and the timeline for every order', async () => {
    fakeQueryServer({ '/allorders': ordersOfEveryStatus });
    renderShop('/admindashboard/manageorders', { shop: await signedInTestStore({ admin: true }) });

    expect(await rowActions('1 Forge Lane, Sheffield')).toEqual(['Mark paid', 'Cancel', 'History', 'Resend e-mail']);
    expect(await rowActions('2 Forge Lane, Sheffield')).toEqual(['Mark shipped', 'Cancel', 'History', 'Resend e-mail']);
    expect(await rowActions('3 Forge Lane, Sheffield')).toEqual(['Mark delivered', 'History', 'Resend e-mail']);
    expect(await rowActions('4 Forge Lane, Sheffield')).toEqual(['History', 'Resend e-mail']);
    expect(await rowActions('5 Forge Lane, Sheffield')).toEqual(['History', 'Resend e-mail']);
    const paidRow = screen.getByText('2 Forge Lane, Sheffield').closest('tr')!;
    expect(within(paidRow).getByText('paid', { selector: '[data-label="Payment"] *' })).toBeTruthy();
  });

  it('marks an order shipped, and the list shows it once read again after the move', async () => {
    let orders = [orderDto(2, { status: 'paid', payment: true })];
    fakeQueryServer({ '/allorders': () => orders });
    const shop = await signedInTestStore({ admin: true });
    shop.commands.setOrderStatus.mockImplementationOnce((_token, _id, body) => {
      orders = [orderDto(2, { status: 'shipped', payment: true })];
      return Promise.resolve({ acknowledged: true, position: 'sales.orders/0/60', status: body.status });
    });
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    await user.click(await screen.findByRole('button', { name: 'Mark shipped order 00000002' }));

    expect(await screen.findByRole('button', { name: 'Mark delivered order 00000002' })).toBeTruthy();
    expect(shop.commands.setOrderStatus).toHaveBeenCalledWith(shop.accessToken, orders[0]!._id, { status: 'shipped' }, 'key-1');
    expect(await screen.findByText('Order 00000002 is now shipped')).toBeTruthy();
  });

  it("marks an order paid behind a dialog asking the offline payment's reference: required, at most 100 characters, then sent", async () => {
    fakeQueryServer({ '/allorders': [orderDto(1)] });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    const markPaid = await screen.findByRole('button', { name: 'Mark paid order 00000001' });
    await user.click(markPaid);
    const dialog = screen.getByRole('dialog', { name: 'Mark order 00000001 paid?' });
    const reference = within(dialog).getByLabelText('Payment reference');
    expect(document.activeElement).toBe(reference);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(paymentMessages.referenceRequired)).toBeTruthy();
    await user.type(reference, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(paymentMessages.referenceRequired)).toBeTruthy();

    await user.clear(reference);
    await user.click(reference);
    await user.paste('r'.repeat(PAYMENT_LIMITS.reference + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(paymentMessages.referenceMax)).toBeTruthy();
    expect(shop.commands.setOrderStatus).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep unpaid' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(markPaid);

    await user.click(markPaid);
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Payment reference'), ' BT-2026-0042 ');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(shop.commands.setOrderStatus).toHaveBeenCalledWith(
        shop.accessToken,
        orderDto(1)._id,
        { status: 'paid', reference: 'BT-2026-0042' },
        'key-1',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows how each paid order was paid, and what was refunded', async () => {
    fakeQueryServer({
      '/allorders': [
        orderDto(1, { status: 'paid', payment: true, paidWith: 'offline', paymentReference: 'BT-2026-0042' }),
        orderDto(2, { status: 'shipped', payment: true, paidWith: 'card', paymentReference: 'pi_123' }),
        orderDto(3, { status: 'cancelled', payment: true, paidWith: 'card', paymentReference: 'pi_456', refunded: 127.18 }),
        orderDto(4, { status: 'delivered', payment: true }),
      ],
    });
    renderShop('/admindashboard/manageorders', { shop: await signedInTestStore({ admin: true }) });

    const paymentOf = async (address: string) => (await screen.findByText(address)).closest('tr')!.querySelector('[data-label="Payment"]')!;
    expect((await paymentOf('1 Forge Lane, Sheffield')).textContent).toBe('paidOffline, ref. BT-2026-0042');
    expect((await paymentOf('2 Forge Lane, Sheffield')).textContent).toBe('paidBy card');
    expect((await paymentOf('3 Forge Lane, Sheffield')).textContent).toBe('paidBy cardRefunded $127.18');
    // Marked paid before the shop took payments: how is not known.
    expect((await paymentOf('4 Forge Lane, Sheffield')).textContent).toBe('paid');
  });

  it('cancels behind a dialog asking an optional reason, checked as the server checks it', async () => {
    fakeQueryServer({ '/allorders': [orderDto(1)] });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    const cancel = await screen.findByRole('button', { name: 'Cancel order 00000001' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order 00000001?' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cancel);

    await user.click(cancel);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(cancel);
    const reasonField = within(screen.getByRole('dialog')).getByLabelText('Reason (optional)');
    await user.click(reasonField);
    await user.paste('r'.repeat(LIMITS.reason + 1));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(messages.reasonMax)).toBeTruthy();
    expect(shop.commands.cancelOrder).not.toHaveBeenCalled();

    await user.clear(reasonField);
    await user.type(reasonField, 'Customer asked by phone');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(shop.commands.cancelOrder).toHaveBeenCalledWith(
        shop.accessToken,
        orderDto(1)._id,
        { reason: 'Customer asked by phone' },
        'key-1',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('My Orders: the customer cancels a pending order', () => {
  it('offers Pay now and Cancel only while pending, never a status move; the 409 of a late cancel is shown', async () => {
    fakeQueryServer({ '/orders/u-7': [orderDto(1), orderDto(2, { status: 'paid', payment: true })] });
    const shop = await signedInTestStore();
    shop.commands.cancelOrder.mockRejectedValueOnce(new CommandRefused(messages.customerCancelNotPending, 409));
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });

    expect(await rowActions('1 Forge Lane, Sheffield')).toEqual(['Pay now', 'Cancel', 'History']);
    expect(await rowActions('2 Forge Lane, Sheffield')).toEqual(['History']);

    await user.click(screen.getByRole('button', { name: 'Cancel order 00000001' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText(messages.customerCancelNotPending)).toBeTruthy();
    expect(shop.commands.cancelOrder).toHaveBeenCalledWith(shop.accessToken, orderDto(1)._id, {}, 'key-1');
  });
});

describe('order timeline', () => {
  const orderId = orderDto(1)._id;
  const history = {
    orderId,
    entries: [
      historyEntry(1, {
        type: 'OrderPlaced',
        status: 'pending',
        details: { lines: '3 × Claw Hammer at 24.99', subtotal: 74.97, totalCost: 127.18, shippingAddress: '1 Forge Lane, Sheffield' },
      }),
      historyEntry(2, { type: 'OrderPaid', status: 'paid', actor: 'u-admin', by: 'admin', details: { payment: true } }),
      historyEntry(3, {
        type: 'OrderCancelled',
        status: 'cancelled',
        actor: 'u-admin',
        by: 'admin',
        details: { reason: 'Out of paint', returnedStock: 3 },
      }),
    ],
  };

  it('lists what happened, when, by whom and the status after, oldest first, from the customer’s dashboard', async () => {
    const server = fakeQueryServer({ '/orders/u-7': [orderDto(1)], [`/orders/${orderId}/history`]: history });
    const { user } = renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });

    await user.click(await screen.findByRole('link', { name: 'History of order 00000001' }));

    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.timeline-what')!.textContent)).toEqual([
      'Placed by the customer',
      'Paid by an admin',
      'Cancelled by an admin',
    ]);
    expect(entries[0]!.textContent).toContain('3 × Claw Hammer at 24.99 for $127.18');
    expect(entries[0]!.textContent).toContain('Ship to: 1 Forge Lane, Sheffield');
    expect(entries[0]!.querySelector('time')!.getAttribute('dateTime')).toBe(history.entries[0]!.occurredAt);
    expect(entries[2]!.textContent).toContain('Reason: Out of paint');
    expect(entries[2]!.textContent).toContain('3 returned to stock');
    expect(entries.map((entry) => within(entry).getByText(/^Status:/).textContent)).toEqual([
      'Status: pending',
      'Status: paid',
      'Status: cancelled',
    ]);
    expect(server.requestsTo(`/orders/${orderId}/history`)[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe('/userdashboard/orders/u-7');
  });

  it('tells the payment events: a failed attempt, a card payment, a late payment not applied and the refunds', async () => {
    fakeQueryServer({
      [`/orders/${orderId}/history`]: {
        orderId,
        entries: [
          historyEntry(2, {
            type: 'OrderPaymentFailed',
            status: 'pending',
            actor: null,
            by: 'shop',
            details: { reason: 'Your card was declined.', paymentId: 'pi_1' },
          }),
          historyEntry(3, {
            type: 'OrderPaid',
            status: 'paid',
            actor: null,
            by: 'shop',
            details: { method: 'card', paymentId: 'pi_2', amount: 127.18 },
          }),
          historyEntry(4, {
            type: 'PaymentNotApplied',
            status: 'paid',
            actor: null,
            by: 'shop',
            details: { amount: 127.18, because: 'already-paid', paymentId: 'pi_3' },
          }),
          historyEntry(5, {
            type: 'OrderRefunded',
            status: 'paid',
            actor: null,
            by: 'shop',
            details: { amount: 127.18, refundId: 're_1', paymentId: 'pi_3' },
          }),
          historyEntry(6, {
            type: 'OrderPaid',
            status: 'paid',
            actor: 'u-admin',
            by: 'admin',
            details: { method: 'offline', reference: 'BT-2026-0042', amount: 127.18 },
          }),
        ],
      },
    });
    renderShop(`/admindashboard/orderhistory/${orderId}`, { shop: await signedInTestStore({ admin: true }) });
    const entries = within(await screen.findByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.timeline-what')!.textContent)).toEqual([
      'Payment failed via the payment provider',
      'Paid via the payment provider',
      'Late payment, to be refunded via the payment provider',
      'Refunded by the shop',
      'Paid by an admin',
    ]);
    expect(entries.map((entry) => Array.from(entry.querySelectorAll('.timeline-detail'), (line) => line.textContent))).toEqual([
      ['Reason: Your card was declined.'],
      ['By card for $127.18', 'Payment pi_2'],
      ['$127.18 received', 'The order was already paid'],
      ['$127.18 refunded', 'Refund re_1'],
      ['Offline for $127.18', 'Reference: BT-2026-0042'],
    ]);
  });

  it('names the documents issued and the e-mails sent again; an e-mail it does not know is said plainly', async () => {
    fakeQueryServer({
      [`/orders/${orderId}/history`]: {
        orderId,
        entries: [
          historyEntry(3, {
            type: 'InvoiceIssued',
            status: 'paid',
            actor: 'u-admin',
            by: 'admin',
            details: { invoiceNumber: 'INV-2026-000001', total: 127.18 },
          }),
          historyEntry(4, {
            type: 'CreditNoteIssued',
            status: 'cancelled',
            actor: 'u-admin',
            by: 'admin',
            details: { creditNoteNumber: 'CN-2026-000001', invoiceNumber: 'INV-2026-000001', total: 127.18, reason: 'Out of paint' },
          }),
          historyEntry(5, {
            type: 'OrderEmailResendRequested',
            status: 'cancelled',
            actor: 'u-admin',
            by: 'admin',
            details: { email: 'placed' },
          }),
          historyEntry(6, {
            type: 'OrderEmailResendRequested',
            status: 'cancelled',
            actor: 'u-admin',
            by: 'admin',
            details: { email: 'toString' },
          }),
          historyEntry(7, { type: 'InvoiceIssued', status: 'cancelled', actor: null, by: 'shop', details: {} }),
        ],
      },
    });
    renderShop(`/admindashboard/orderhistory/${orderId}`, { shop: await signedInTestStore({ admin: true }) });
    const entries = within(await screen.findByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.timeline-what')!.textContent)).toEqual([
      'Invoice INV-2026-000001 issued by an admin',
      'Credit note CN-2026-000001 issued by an admin',
      'Placed e-mail sent again by an admin',
      'E-mail sent again by an admin',
      'Invoice issued by the shop',
    ]);
    expect(entries.map((entry) => Array.from(entry.querySelectorAll('.timeline-detail'), (line) => line.textContent))).toEqual([
      ['Total $127.18'],
      ['Reverses invoice INV-2026-000001 for $127.18', 'Reason: Out of paint'],
      [],
      [],
      [],
    ]);
  });

  it('says the shop cancelled an order that was not paid in time', async () => {
    fakeQueryServer({
      [`/orders/${orderId}/history`]: {
        orderId,
        entries: [
          historyEntry(4, {
            type: 'OrderCancelled',
            status: 'cancelled',
            actor: null,
            by: 'shop',
            details: { reason: 'expired', returnedStock: 3 },
          }),
        ],
      },
    });
    renderShop(`/admindashboard/orderhistory/${orderId}`, { shop: await signedInTestStore({ admin: true }) });
    const entry = within(await screen.findByRole('list', { name: 'Order timeline' })).getByRole('listitem');
    expect(entry.textContent).toContain('Cancelled by the shop');
    expect(entry.textContent).toContain('Not paid in time');
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe('/admindashboard/manageorders');
  });

  it("shows the query service's refusal (another customer's order, or none)", async () => {
    fakeQueryServer({ [`/orders/${orderId}/history`]: new Refused(403, messages.forbiddenOtherOrder) });
    renderShop(`/userdashboard/orderhistory/${orderId}`, { shop: await signedInTestStore() });
    expect(await screen.findByText(messages.forbiddenOtherOrder)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
  });
});
