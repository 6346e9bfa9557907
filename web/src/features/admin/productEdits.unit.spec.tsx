import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { CommandRefused } from '../../api/commandClient';
import { productEditedText, productUnchangedText, restockedText } from './adminSaga';

const hammer = productDto(1, {
  name: 'Claw Hammer',
  category: 'hand-tool',
  model: 'CH-16',
  price: 24.5,
  stock: 40,
  minOrder: 5,
  description: 'Forged steel head, fibreglass handle and a rubber grip.',
});
const catalogue = { '/productscount': { count: 1 }, '/products?page=0&size=10': [hammer], '/product/p-1': hammer };

describe('edit product (docs/architecture.md#9-the-products-rules)', () => {
  it("is reached from Manage Products, starts from the product's values, has no stock field and checks the same rules", async () => {
    fakeQueryServer(catalogue);
    const { user, router } = renderShop('/admindashboard/manageproducts', { shop: await signedInTestStore({ admin: true }) });

    await user.click(await screen.findByRole('link', { name: 'Edit Claw Hammer' }));

    expect(router.state.location.pathname).toBe('/admindashboard/editproduct/p-1');
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Claw Hammer');
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('hand-tool');
    expect(screen.getByLabelText<HTMLInputElement>('Model').value).toBe('CH-16');
    expect(screen.getByLabelText<HTMLInputElement>('Price ($)').value).toBe('24.50');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum order').value).toBe('5');
    expect(screen.queryByLabelText('Stock')).toBeNull();

    await user.clear(name);
    await user.tab();
    expect(await screen.findByText(messages.required)).toBeTruthy();
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '01');
    await user.tab();
    expect(await screen.findByText(messages.price)).toBeTruthy();
  });

  it('sends the edited product, then lands on Manage Products with a toast', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    const { user, router } = renderShop('/admindashboard/editproduct/p-1', { shop });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Framing Hammer');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '29.90');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(productEditedText('Framing Hammer'))).toBeTruthy();
    expect(shop.commands.updateProduct).toHaveBeenCalledWith(shop.accessToken, 'p-1', {
      name: 'Framing Hammer',
      category: 'hand-tool',
      model: 'CH-16',
      imageUrl: '/images/products/claw-hammer.svg',
      price: '29.90',
      minOrder: 5,
      description: 'Forged steel head, fibreglass handle and a rubber grip.',
      packSize: 1,
      priceTiers: [],
    });
    expect(router.state.location.pathname).toBe('/admindashboard/manageproducts');
  });

  it('saving unchanged values is fine (the server answers without a position); a refusal stays on the form', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    shop.commands.updateProduct.mockRejectedValueOnce(new CommandRefused(messages.minOrderAboveStockOnHand(40), 409));
    shop.commands.updateProduct.mockResolvedValueOnce({ acknowledged: true });
    const { user, router } = renderShop('/admindashboard/editproduct/p-1', { shop });

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.minOrderAboveStockOnHand(40))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admindashboard/editproduct/p-1');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(productUnchangedText('Claw Hammer'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admindashboard/manageproducts');
    expect(shop.store.getState().readAfter.positions['catalog.products']).toBeUndefined();
  });
});

describe('restock', () => {
  it('asks a whole number other than 0 and an optional reason; the 409 stays in the dialog; a write-off goes through', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    shop.commands.restockProduct.mockRejectedValueOnce(new CommandRefused(messages.stockBelowReserved(12), 409));
    const { user } = renderShop('/admindashboard/manageproducts', { shop });

    const restock = await screen.findByRole('button', { name: 'Restock Claw Hammer' });
    await user.click(restock);
    const dialog = screen.getByRole('dialog', { name: 'Restock Claw Hammer' });
    expect(within(dialog).getByText('In stock: 40')).toBeTruthy();
    const quantity = within(dialog).getByLabelText('Quantity');
    expect(document.activeElement).toBe(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save stock' }));
    expect(await within(dialog).findByText(messages.restockQuantity)).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save stock' }));
    expect(await within(dialog).findByText(messages.stockBelowReserved(12))).toBeTruthy();
    expect(shop.commands.restockProduct).toHaveBeenLastCalledWith(shop.accessToken, 'p-1', { quantity: -30 });

    await user.clear(quantity);
    await user.type(quantity, '-3');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Damaged in transit');
    await user.click(within(dialog).getByRole('button', { name: 'Save stock' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shop.commands.restockProduct).toHaveBeenLastCalledWith(shop.accessToken, 'p-1', { quantity: -3, reason: 'Damaged in transit' });
    expect(await screen.findByText(restockedText('Claw Hammer', -3))).toBeTruthy();
    expect(restockedText('Claw Hammer', -3)).toBe('3 written off the stock of Claw Hammer');
  });

  it('Cancel closes the dialog without sending anything', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageproducts', { shop });
    await user.click(await screen.findByRole('button', { name: 'Restock Claw Hammer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shop.commands.restockProduct).not.toHaveBeenCalled();
  });
});
