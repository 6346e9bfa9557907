import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, paymentMessages, type OrderDto } from '@toolforge/contracts';
import { cartDto } from '../../test/carts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderLineDto } from '../../test/orders';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { addedToCartText } from '../cart/cartTexts';
import { OUT_OF_STOCK } from './orderTexts';

const hammer = productDto(1, {
  name: 'Claw Hammer',
  model: 'CH-16',
  price: 24.5,
  stock: 40,
  minOrder: 5,
  description: 'Forged steel head, fibreglass handle and a rubber grip.',
});

const vise = productDto(2, {
  name: 'Bench Vise',
  price: 50,
  stock: 60,
  minOrder: 5,
  packSize: 5,
  priceTiers: [
    { minQuantity: 10, unitPrice: 42 },
    { minQuantity: 20, unitPrice: 39.5 },
  ],
});

describe('order page (docs/architecture.md#9-the-products-rules)', () => {
  it('checks the quantity against minOrder and stock on blur', async () => {
    fakeQueryServer({ '/product/p-1': hammer });
    const { user } = renderShop('/order/p-1', { shop: await signedInTestStore() });
    const quantity = await screen.findByLabelText('Quantity');
    expect((quantity as HTMLInputElement).value).toBe('5');

    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.tab();
    expect(await screen.findByText('Minimum order quantity is 5')).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '41');
    await user.tab();
    expect(await screen.findByText('Maximum order quantity is 40')).toBeTruthy();
  });

  it('Proceed shows the summary; Confirm Order places it and opens my orders, where it already shows, payable later', async () => {
    const placed: OrderDto[] = [];
    const server = fakeQueryServer({ '/product/p-1': hammer, '/orders/u-7': () => placed });
    const shop = await signedInTestStore();
    shop.commands.placeOrder.mockImplementationOnce((_token, body) => {
      placed.push({
        _id: 'order-1',
        productId: 'p-1',
        productName: 'Claw Hammer',
        userId: 'u-7',
        userName: 'Ada',
        orderQuantity: Number(body.orderQuantity),
        totalCost: Number(body.totalCost),
        shippingAddress: body.shippingAddress,
        status: 'pending',
        payment: false,
        placedAt: '2022-05-01T10:00:00.000Z',
        lines: [orderLineDto('p-1', 'Claw Hammer', Number(body.orderQuantity), 24.5)],
        paidWith: null,
        paymentReference: null,
        paymentFailure: null,
        refunded: 0,
        invoiceNumber: null,
        creditNoteNumbers: [],
      });
      // The payment provider could not be reached: the order stands, payable from My Orders.
      return Promise.resolve({
        acknowledged: true,
        position: 'sales.orders/0/1',
        orderId: 'order-1',
        totalCost: Number(body.totalCost),
        payment: null,
      });
    });
    const { user, router } = renderShop('/order/p-1', { shop });
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    const summary = await screen.findByRole('table', { name: 'Order summary' });
    expect(within(summary).getByText('$307.25')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    await user.type(screen.getByLabelText('Shipping address'), 'a'.repeat(501));
    await user.tab();
    expect(await screen.findByText('Max length 500 chars')).toBeTruthy();

    await user.clear(screen.getByLabelText('Shipping address'));
    await user.type(screen.getByLabelText('Shipping address'), '1 Forge Lane, Sheffield');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/userdashboard/orders/u-7');
    expect(await screen.findByText('1 Forge Lane, Sheffield')).toBeTruthy();
    expect(screen.getByText('$307.25')).toBeTruthy();
    expect(server.requestsTo('/orders/u-7').at(-1)!.headers['x-read-after']).toBe('sales.orders/0/1');
    expect(await screen.findByText(paymentMessages.providerUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now for order order-1' })).toBeTruthy();
    expect(shop.navigateAway).not.toHaveBeenCalled();
  });

  it("shows 'Your Order Is Being generated...' while the order is on its way, and the refusal's message", async () => {
    fakeQueryServer({ '/product/p-1': hammer });
    const shop = await signedInTestStore();
    let refuse: (error: Error) => void = () => {};
    shop.commands.placeOrder.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    const { user } = renderShop('/order/p-1', { shop });
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    await user.type(screen.getByLabelText('Shipping address'), '1 Forge Lane');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByText(messages.orderInProgress)).toBeTruthy();
    const { CommandRefused } = await import('../../api/commandClient');
    refuse(new CommandRefused(messages.productUnavailable, 409));

    expect(await screen.findByText(messages.productUnavailable)).toBeTruthy();
    expect(screen.queryByText(messages.orderInProgress)).toBeNull();
  });

  it('offers no quantity when fewer than the minimum order are left', async () => {
    fakeQueryServer({ '/product/p-1': { ...hammer, stock: 3 } });
    renderShop('/order/p-1', { shop: await signedInTestStore() });
    expect(await screen.findByText(OUT_OF_STOCK)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
  });

  it("says 'Please login and try again' with the error when the product cannot be loaded", async () => {
    fakeQueryServer({});
    renderShop('/order/p-404', { shop: await signedInTestStore() });
    expect(await screen.findByText(`${messages.productLoadFailed} Not Found`)).toBeTruthy();
  });

  it('shows the ladder, checks whole packs, says where the quantity stands, and prices the order at the step it reaches', async () => {
    fakeQueryServer({ '/product/p-2': vise });
    const shop = await signedInTestStore();
    const { user } = renderShop('/order/p-2', { shop });
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.getByRole('list', { name: 'Volume prices of Bench Vise' }).textContent).toBe('10+ $42.00 each20+ $39.50 each');
    expect(screen.getByText('From 5 to 60, in packs of 5')).toBeTruthy();
    expect(screen.getByText('Order 5 more for $42.00 each')).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.tab();
    expect(await screen.findByText('Order quantity must be a multiple of 5')).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '20');
    expect(screen.getByText('Your price: 20+ $39.50 each')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    // 10 x 42.00 = 420.00, + 5 % = 21.00, + 50.00 = 491.00
    const summary = within(await screen.findByRole('table', { name: 'Order summary' }));
    expect(summary.getByText('$42.00')).toBeTruthy();
    expect(summary.getByText('$420.00')).toBeTruthy();
    expect(summary.getByText('$491.00')).toBeTruthy();
    await user.type(screen.getByLabelText('Shipping address'), '1 Forge Lane');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(shop.commands.placeOrder).toHaveBeenCalledTimes(1));
    expect(shop.commands.placeOrder.mock.calls[0]![1]).toMatchObject({ productId: 'p-2', orderQuantity: 10, totalCost: 491 });
  });

  it('Add to cart puts the checked quantity in the cart; it is for customers only', async () => {
    fakeQueryServer({ '/product/p-2': vise, '/cart': cartDto([]) });
    const shop = await signedInTestStore();
    const { user, unmount } = renderShop('/order/p-2', { shop });
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Order quantity must be a multiple of 5')).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '15');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(addedToCartText('Bench Vise', 15))).toBeTruthy();
    expect(shop.commands.setCartLine.mock.calls.map((call) => call.slice(1))).toEqual([['p-2', { quantity: 15 }]]);
    unmount();

    renderShop('/order/p-2', { shop: await signedInTestStore({ admin: true }) });
    expect(await screen.findByRole('button', { name: 'Proceed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
