import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pricingMessages } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';

const catalogue = { '/productscount': { count: 0 }, '/products?page=0&size=10': [] };

/** Add Product's fields but the ladder, for a vise at 50.00 sold from 5, in packs of 5. */
async function fillVise(user: UserEvent) {
  await user.type(await screen.findByLabelText('Name'), 'Bench Vise');
  await user.selectOptions(screen.getByLabelText('Category'), 'hand-tool');
  await user.type(screen.getByLabelText('Model'), 'BV-5');
  await user.type(screen.getByLabelText('Image URL'), '/images/products/bench-vise.svg');
  await user.type(screen.getByLabelText('Price ($)'), '50');
  await user.type(screen.getByLabelText('Stock'), '100');
  await user.type(screen.getByLabelText('Minimum order'), '5');
  await user.clear(screen.getByLabelText('Pack size'));
  await user.type(screen.getByLabelText('Pack size'), '5');
  await user.type(screen.getByLabelText('Description'), 'Cast iron jaws that hold a workpiece square and still.');
}

/** Adds a row to the ladder by keyboard: the focus moves into the new row's first field. */
async function addTier(user: UserEvent, minQuantity: string, unitPrice: string) {
  screen.getByRole('button', { name: 'Add price tier' }).focus();
  await user.keyboard('{Enter}');
  const rows = screen.getAllByLabelText(/^Tier \d+ minimum quantity$/);
  expect(document.activeElement).toBe(rows.at(-1));
  await user.keyboard(minQuantity);
  await user.tab();
  await user.keyboard(unitPrice);
}

describe('the ladder editor of Add Product and Edit Product', () => {
  it('adds a product with its pack size and ladder, each step’s price sent as the two decimals of its cents', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/addproduct', { shop });
    await fillVise(user);
    await addTier(user, '10', '42.5');
    await addTier(user, '20', '39.99');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(shop.commands.addProduct).toHaveBeenCalledTimes(1));
    expect(shop.commands.addProduct.mock.calls[0]![1]).toMatchObject({
      price: '50',
      minOrder: 5,
      packSize: 5,
      priceTiers: [
        { minQuantity: 10, unitPrice: '42.50' },
        { minQuantity: 20, unitPrice: '39.99' },
      ],
    });
  });

  it('says under the ladder which of its rules a step breaks, and a removed step is gone from what is sent', async () => {
    fakeQueryServer(catalogue);
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/addproduct', { shop });
    await fillVise(user);
    await addTier(user, '10', '55');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(pricingMessages.tiersFalling)).toBeTruthy();

    await user.clear(screen.getByLabelText('Tier 1 price each ($)'));
    await user.type(screen.getByLabelText('Tier 1 price each ($)'), '45');
    await addTier(user, '12', '40');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(pricingMessages.tierPackMultiple(5))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add price tier' }));
    await user.type(screen.getByLabelText('Tier 1 minimum quantity'), 'x');
    await user.tab();
    expect(await screen.findByText(pricingMessages.tierQuantity)).toBeTruthy();
    await user.clear(screen.getByLabelText('Tier 1 minimum quantity'));
    await user.type(screen.getByLabelText('Tier 1 minimum quantity'), '10');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(shop.commands.addProduct).toHaveBeenCalledTimes(1));
    expect(shop.commands.addProduct.mock.calls[0]![1]).toMatchObject({ priceTiers: [{ minQuantity: 10, unitPrice: '45.00' }] });
  });

  it('Edit Product starts from the product’s pack size and ladder, and sends them back as they stand', async () => {
    const vise = productDto(2, {
      name: 'Bench Vise',
      price: 50,
      minOrder: 5,
      packSize: 5,
      priceTiers: [{ minQuantity: 10, unitPrice: 42 }],
    });
    fakeQueryServer({ ...catalogue, '/product/p-2': vise });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/editproduct/p-2', { shop });
    expect((await screen.findByLabelText<HTMLInputElement>('Pack size')).value).toBe('5');
    expect(screen.getByLabelText<HTMLInputElement>('Tier 1 minimum quantity').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Tier 1 price each ($)').value).toBe('42.00');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(shop.commands.updateProduct).toHaveBeenCalledTimes(1));
    expect(shop.commands.updateProduct.mock.calls[0]![2]).toMatchObject({
      packSize: 5,
      priceTiers: [{ minQuantity: 10, unitPrice: '42.00' }],
    });
  });
});
