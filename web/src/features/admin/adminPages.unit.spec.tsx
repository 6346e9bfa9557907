import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';

const product = (n: number) =>
  productDto(n, {
    name: `Tool ${n}`,
    category: 'power-tool',
    imageUrl: '/images/products/jigsaw.svg',
    description: 'A sturdy tool for the workshop, tested before it ships.',
  });

describe('add product form (docs/architecture.md#9-the-products-rules)', () => {
  it('shows each rule’s message on blur', async () => {
    fakeQueryServer({});
    const { user } = renderShop('/admindashboard/addproduct', { shop: await signedInTestStore({ admin: true }) });
    const blurWith = async (label: string, text: string) => {
      const field = await screen.findByLabelText(label);
      await user.clear(field);
      if (text) await user.type(field, text);
      await user.tab();
    };

    await blurWith('Name', '');
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await blurWith('Name', 'n'.repeat(101));
    expect(await screen.findByText('Max length is 100 chars')).toBeTruthy();
    await blurWith('Model', 'm'.repeat(51));
    expect(await screen.findByText('Max length is 50 chars')).toBeTruthy();
    await blurWith('Price ($)', '01');
    expect(await screen.findByText('price should be positive integer or decimal number')).toBeTruthy();
    await blurWith('Stock', '0');
    expect(await screen.findByText('Quantity should not be negative')).toBeTruthy();
    await blurWith('Minimum order', '-2');
    expect(await screen.findByText('Minimum order quantity should not be negative')).toBeTruthy();
    await blurWith('Description', 'Too short');
    expect(await screen.findByText('Must be at least 30 chars. long')).toBeTruthy();
  });

  it("sends a valid product, shows 'Please wait. Loading...' and lands on Manage Products", async () => {
    fakeQueryServer({ '/productscount': { count: 1 }, '/products?page=0&size=10': [product(1)] });
    const shop = await signedInTestStore({ admin: true });
    let acknowledge: () => void = () => {};
    shop.commands.addProduct.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          acknowledge = () => resolve({ acknowledged: true, position: 'catalog.products/0/30', productId: 'p-new' });
        }),
    );
    const { user, router } = renderShop('/admindashboard/addproduct', { shop });
    await user.type(await screen.findByLabelText('Name'), 'Cross-peen Hammer');
    await user.selectOptions(screen.getByLabelText('Category'), 'hand-tool');
    await user.type(screen.getByLabelText('Model'), 'XP-12');
    await user.type(screen.getByLabelText('Image URL'), '/images/products/claw-hammer.svg');
    await user.type(screen.getByLabelText('Price ($)'), '18.90');
    await user.type(screen.getByLabelText('Stock'), '60');
    await user.type(screen.getByLabelText('Minimum order'), '2');
    await user.type(screen.getByLabelText('Description'), 'Drop-forged head with a cross peen for shaping metal.');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(messages.addProductInProgress)).toBeTruthy();
    expect(shop.commands.addProduct.mock.calls[0]![1]).toEqual({
      name: 'Cross-peen Hammer',
      category: 'hand-tool',
      model: 'XP-12',
      imageUrl: '/images/products/claw-hammer.svg',
      price: '18.90',
      stock: 60,
      minOrder: 2,
      description: 'Drop-forged head with a cross peen for shaping metal.',
      // Sold one at a time, at its price, unless the admin says otherwise.
      packSize: 1,
      priceTiers: [],
    });
    acknowledge();
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admindashboard/manageproducts');
  });
});

describe('manage products', () => {
  it("asks 'Are you sure to delete item?' and deletes only when confirmed", async () => {
    fakeQueryServer({ '/productscount': { count: 2 }, '/products?page=0&size=10': [product(1), product(2)] });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageproducts', { shop });

    await user.click(await screen.findByRole('button', { name: 'Delete Tool 2' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(messages.confirmDelete)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(shop.commands.deleteProduct).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Tool 2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shop.commands.deleteProduct).toHaveBeenCalledWith(shop.accessToken, 'p-2'));
  });

  it('paginates: first, previous, the window of pages, next, last; a new page size goes back to page 1', async () => {
    const routes: Record<string, unknown> = { '/productscount': { count: 200 } };
    for (let page = 0; page < 40; page += 1) routes[`/products?page=${page}&size=10`] = [product(page * 10 + 1)];
    routes['/products?page=0&size=5'] = [product(1)];
    fakeQueryServer(routes);
    const { user } = renderShop('/admindashboard/manageproducts', { shop: await signedInTestStore({ admin: true }) });

    const bar = await screen.findByRole('navigation', { name: 'Product pages' });
    await user.click(within(bar).getByRole('button', { name: 'Page 5' }));
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    const pages = within(bar)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(pages).toEqual(['First', 'Previous', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Next', 'Last']);
    expect(within(bar).getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Tool 51')).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Last' }));
    expect(within(bar).getByRole('button', { name: 'Page 20' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Products per page'), '5');
    expect(within(bar).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    expect(within(bar).getByRole('button', { name: 'Page 5' })).toBeTruthy();
  });

  it('shows the count error on the list', async () => {
    fakeQueryServer({ '/products?page=0&size=10': [] });
    renderShop('/admindashboard/manageproducts', { shop: await signedInTestStore({ admin: true }) });
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });
});

describe('make admin', () => {
  it('checks the email and grants the role', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/makeadmin', { shop });
    await user.type(await screen.findByLabelText('Email of the account'), 'grace');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();

    await user.clear(screen.getByLabelText('Email of the account'));
    await user.type(screen.getByLabelText('Email of the account'), 'grace@toolforge.test');
    await user.click(screen.getByRole('button', { name: 'Make Admin' }));

    expect((await screen.findAllByText('grace@toolforge.test is now an admin')).length).toBeGreaterThan(0);
    expect(shop.commands.makeAdmin).toHaveBeenCalledWith(shop.accessToken, { email: 'grace@toolforge.test' });
  });

  it('keeps a customer out of the admin dashboard', async () => {
    fakeQueryServer({});
    renderShop('/admindashboard/makeadmin', { shop: await signedInTestStore({ admin: false }) });
    expect(await screen.findByText(messages.forbiddenAdmin)).toBeTruthy();
    expect(screen.queryByLabelText('Email of the account')).toBeNull();
  });
});
