import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartMessages, type CartDto, type OrderDto } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { cartChanged, cartDto } from '../../test/carts';
import { providerPageOf } from '../../test/fakeCommands';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderDto, orderLineDto } from '../../test/orders';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { addedToCartText, removedFromCartText } from './cartTexts';

const hammer = productDto(1, { name: 'Claw Hammer', price: 24.5, stock: 40 });
const vise = productDto(2, {
  name: 'Bench Vise',
  price: 50,
  minOrder: 5,
  packSize: 5,
  stock: 60,
  priceTiers: [
    { minQuantity: 10, unitPrice: 42 },
    { minQuantity: 20, unitPrice: 39.5 },
  ],
});
const products = { '/product/p-1': hammer, '/product/p-2': vise };
// 5 x 50.00 + 2 x 24.50 = 299.00, + 5 % = 14.95, + 50.00 shipping = 363.95
const twoLines = cartDto([
  [vise, 5],
  [hammer, 2],
]);

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const lineOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
const totals = () => within(screen.getByRole('table', { name: 'Cart totals' }));

describe('the cart page', () => {
  it('shows each line at the price the server gave it, where it stands on the ladder, and the order it comes to', async () => {
    fakeQueryServer({ '/cart': twoLines, ...products });
    renderShop('/cart', { shop: await signedInTestStore() });

    const viseLine = within(await lineOf('Bench Vise'));
    expect(viseLine.getByText('$50.00')).toBeTruthy();
    expect(viseLine.getByText('$250.00')).toBeTruthy();
    expect(await viseLine.findByText('Order 5 more for $42.00 each')).toBeTruthy();
    expect(viseLine.getByLabelText<HTMLInputElement>('Quantity of Bench Vise').value).toBe('5');
    expect(within(await lineOf('Claw Hammer')).getByText('$49.00')).toBeTruthy();

    expect(totals().getByText('$299.00')).toBeTruthy();
    expect(totals().getByText('$14.95')).toBeTruthy();
    expect(totals().getByText('$50.00')).toBeTruthy();
    expect(totals().getByText('$363.95')).toBeTruthy();
  });

  it('changes a quantity in whole packs from the minimum order, and shows the cart the server answered', async () => {
    fakeQueryServer({ '/cart': twoLines, ...products });
    const shop = await signedInTestStore();
    // 10 x 42.00 + 2 x 24.50 = 469.00, + 23.45, + 50.00 = 542.45
    const answer = cartDto([
      [vise, 10],
      [hammer, 2],
    ]);
    shop.commands.setCartLine.mockResolvedValueOnce(cartChanged(answer, 'sales.carts/0/4'));
    const { user } = renderShop('/cart', { shop });
    const quantity = await screen.findByLabelText('Quantity of Bench Vise');
    const update = screen.getByRole('button', { name: 'Update quantity of Bench Vise' });

    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(update);
    expect(await screen.findByText('Order quantity must be a multiple of 5')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(update);
    expect(await screen.findByText('Minimum order quantity is 5')).toBeTruthy();
    expect(shop.commands.setCartLine).not.toHaveBeenCalled();

    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(update);
    expect(await totals().findByText('$542.45')).toBeTruthy();
    expect(shop.commands.setCartLine).toHaveBeenCalledWith(shop.accessToken, 'p-2', { quantity: 10 });
    const viseLine = within(await lineOf('Bench Vise'));
    expect(viseLine.getByText('$42.00')).toBeTruthy();
    expect(viseLine.getByText('$420.00')).toBeTruthy();
    expect(viseLine.getByText('Order 10 more for $39.50 each')).toBeTruthy();
    expect(shop.store.getState().readAfter.positions['sales.carts']).toBe('sales.carts/0/4');
  });

  it('removes a line; without lines it says the cart is empty and leads to the products', async () => {
    fakeQueryServer({ '/cart': cartDto([[hammer, 2]]), ...products });
    const shop = await signedInTestStore();
    const { user } = renderShop('/cart', { shop });
    expect(await within(mainNav()).findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Remove Claw Hammer from your cart' }));

    expect(await screen.findByText(`${cartMessages.cartEmpty}.`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/allproducts');
    expect(shop.commands.removeCartLine).toHaveBeenCalledWith(shop.accessToken, 'p-1');
    expect(screen.getByText(removedFromCartText('Claw Hammer'))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your Cart' }));
    expect(within(mainNav()).getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
  });

  it('says which lines cannot be ordered as they stand', async () => {
    const scarce = cartDto([
      [{ ...vise, stock: 5 }, 10],
      [{ ...hammer, stock: 0 }, 2],
    ]);
    fakeQueryServer({ '/cart': scarce, ...products });
    renderShop('/cart', { shop: await signedInTestStore() });
    expect(within(await lineOf('Bench Vise')).getByText('Only 5 can be ordered now')).toBeTruthy();
    expect(within(await lineOf('Claw Hammer')).getByText('Not available now')).toBeTruthy();
  });

  it('Checkout asks where to ship, places one order of every line, opens My Orders, where the order already shows, and leaves to pay it', async () => {
    let cart: CartDto = twoLines;
    const placed: OrderDto[] = [];
    const server = fakeQueryServer({ '/cart': () => cart, '/orders/u-7': () => placed, ...products });
    const shop = await signedInTestStore();
    shop.commands.checkout.mockImplementationOnce((_token, body) => {
      cart = cartDto([]);
      placed.push(
        orderDto(1, {
          _id: 'order-2',
          shippingAddress: body.shippingAddress,
          orderQuantity: 7,
          totalCost: 363.95,
          lines: [orderLineDto('p-2', 'Bench Vise', 5, 50), orderLineDto('p-1', 'Claw Hammer', 2, 24.5)],
        }),
      );
      return Promise.resolve({
        acknowledged: true,
        position: 'sales.orders/0/9',
        orderId: 'order-2',
        totalCost: 363.95,
        payment: { url: providerPageOf('order-2') },
      });
    });
    const { user, router } = renderShop('/cart', { shop });

    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const address = screen.getByLabelText('Shipping address');
    expect(document.activeElement).toBe(address);
    await user.type(address, '1 Forge Lane, Sheffield');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/userdashboard/orders/u-7');
    expect(shop.commands.checkout).toHaveBeenCalledWith(shop.accessToken, { shippingAddress: '1 Forge Lane, Sheffield' }, 'key-1');
    const row = (await screen.findByText('1 Forge Lane, Sheffield')).closest('tr')!;
    expect(within(row).getByText('5 × Bench Vise, 2 × Claw Hammer')).toBeTruthy();
    expect(within(row).getByText('$363.95')).toBeTruthy();
    // The order emptied the cart: it is read again once the order's position is in.
    expect(await within(mainNav()).findByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(server.requestsTo('/cart').at(-1)!.headers['x-read-after']).toBe('sales.orders/0/9');
    // My Orders is where the browser's Back from the provider's page comes back to.
    expect(shop.navigateAway).toHaveBeenCalledWith(providerPageOf('order-2'));
  });

  it("a refused checkout shows the server's message, naming the line, and stays on the cart", async () => {
    fakeQueryServer({ '/cart': twoLines, ...products });
    const shop = await signedInTestStore();
    shop.commands.checkout.mockRejectedValueOnce(new CommandRefused('Bench Vise: Maximum order quantity is 3', 409));
    const { user, router } = renderShop('/cart', { shop });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await user.type(screen.getByLabelText('Shipping address'), '1 Forge Lane');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByText('Bench Vise: Maximum order quantity is 3')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
  });
});

describe('the navigation bar’s cart', () => {
  it('counts the lines of a customer’s cart, and is not there for an admin', async () => {
    fakeQueryServer({ '/cart': twoLines, '/homeproducts': [] });
    const customer = renderShop('/about', { shop: await signedInTestStore() });
    const link = await within(mainNav()).findByRole('link', { name: 'Cart, 2 items' });
    expect(link.getAttribute('href')).toBe('/cart');
    customer.unmount();

    renderShop('/about', { shop: await signedInTestStore({ admin: true }) });
    await within(mainNav()).findByRole('link', { name: 'Dashboard' });
    expect(within(mainNav()).queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});

describe('Add to cart on a product card', () => {
  it('shows the ladder and the pack, puts the first orderable quantity in the cart, and as much again on a second click', async () => {
    fakeQueryServer({ '/cart': cartDto([]), '/homeproducts': [vise] });
    const shop = await signedInTestStore();
    const { user } = renderShop('/', { shop });
    const card = within(await screen.findByRole('article', { name: 'Bench Vise' }));
    expect(card.getByRole('list', { name: 'Volume prices of Bench Vise' }).textContent).toBe('10+ $42.00 each20+ $39.50 each');
    expect(card.getByText('Sold in packs of 5')).toBeTruthy();
    await within(mainNav()).findByRole('link', { name: 'Cart, 0 items' });

    await user.click(card.getByRole('button', { name: 'Add to cart: Bench Vise' }));
    expect(await screen.findByText(addedToCartText('Bench Vise', 5))).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();

    await waitFor(() => expect(card.getByRole<HTMLButtonElement>('button', { name: 'Add to cart: Bench Vise' }).disabled).toBe(false));
    await user.click(card.getByRole('button', { name: 'Add to cart: Bench Vise' }));
    expect(await screen.findByText(addedToCartText('Bench Vise', 10))).toBeTruthy();
    expect(shop.commands.setCartLine.mock.calls.map((call) => call.slice(1))).toEqual([
      ['p-2', { quantity: 5 }],
      ['p-2', { quantity: 10 }],
    ]);
  });

  it('is not offered to a visitor', async () => {
    fakeQueryServer({ '/homeproducts': [vise] });
    renderShop('/');
    expect(await screen.findByRole('link', { name: 'Order Now: Bench Vise' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
  });
});
