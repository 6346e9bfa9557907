import { describe, expect, it } from 'vitest';
import { READ_AFTER_HEADER, addProductSchema, messages } from '@toolforge/contracts';
import { answerOf } from '../../test/fakeCommands';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { CommandRefused } from '../../api/commandClient';
import { catalogApi } from '../catalog/catalogApi';
import { adminGrantedText, productAddedText, productDeletedText } from './adminSaga';
import { adminGrantRequested, productAddRequested, productDeleteRequested } from './adminSlice';

const newProduct = addProductSchema.parse({
  name: 'Cross-peen Hammer',
  category: 'hand-tool',
  model: 'XP-12',
  imageUrl: '/images/products/claw-hammer.svg',
  price: '18.90',
  stock: '60',
  minOrder: '2',
  description: 'Drop-forged head with a cross peen for starting nails and shaping metal.',
});

describe('add product (docs/architecture.md#9-the-products-rules)', () => {
  it('sends the product with the API token, re-reads the catalogue and opens Manage Products', async () => {
    const server = fakeQueryServer({ '/productscount': { count: 24 } });
    const shop = await signedInTestStore({ admin: true });
    const count = shop.store.dispatch(catalogApi.endpoints.productsCount.initiate());
    await waitForState(shop.store, () => server.requestsTo('/productscount').length === 1);

    shop.store.dispatch(productAddRequested(newProduct));

    await waitForState(shop.store, () => shop.navigate.mock.calls.length === 1);
    expect(shop.commands.addProduct).toHaveBeenCalledWith(shop.accessToken, newProduct);
    expect(shop.navigate).toHaveBeenCalledWith('/admindashboard/manageproducts');
    expect(shop.store.getState().admin.addProduct).toEqual({ pending: false, error: null, fieldErrors: {} });
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toContain(productAddedText('Cross-peen Hammer'));
    await waitForState(shop.store, () => server.requestsTo('/productscount').length === 2);
    const { position } = await answerOf(shop.commands.addProduct);
    expect(server.requestsTo('/productscount')[1]!.headers[READ_AFTER_HEADER]).toBe(position);
    count.unsubscribe();
  });

  it("says 'Product was not added successfully!! Try again later.' when not acknowledged", async () => {
    const shop = await signedInTestStore({ admin: true });
    shop.commands.addProduct.mockResolvedValueOnce({ acknowledged: false } as never);

    shop.store.dispatch(productAddRequested(newProduct));

    expect(await waitForState(shop.store, (state) => state.admin.addProduct.error)).toBe(messages.productNotAdded);
    expect(shop.navigate).not.toHaveBeenCalled();
  });

  it("shows a refused request's message and its field messages", async () => {
    const shop = await signedInTestStore({ admin: true });
    shop.commands.addProduct.mockRejectedValueOnce(new CommandRefused(messages.productNameMax, 400, { name: messages.productNameMax }));

    shop.store.dispatch(productAddRequested(newProduct));

    const failed = await waitForState(shop.store, (state) => state.admin.addProduct.error && state.admin.addProduct);
    expect(failed).toEqual({ pending: false, error: 'Max length is 100 chars', fieldErrors: { name: 'Max length is 100 chars' } });
  });
});

describe('delete product (docs/architecture.md#9-the-products-rules)', () => {
  it('deletes with the API token and reloads the list on acknowledged', async () => {
    const server = fakeQueryServer({ '/products?page=0&size=10': [] });
    const shop = await signedInTestStore({ admin: true });
    const page = shop.store.dispatch(catalogApi.endpoints.productsPage.initiate({ page: 0, size: 10 }));
    await waitForState(shop.store, () => server.requestsTo('/products?page=0&size=10').length === 1);

    shop.store.dispatch(productDeleteRequested({ productId: 'p-3', name: 'Hand Saw' }));

    await waitForState(shop.store, () => server.requestsTo('/products?page=0&size=10').length === 2);
    expect(shop.commands.deleteProduct).toHaveBeenCalledWith(shop.accessToken, 'p-3');
    await waitForState(shop.store, (state) => state.toasts.items.some((toast) => toast.text === productDeletedText('Hand Saw')));
    expect(shop.store.getState().admin.deleting).toEqual([]);
    page.unsubscribe();
  });

  it("says 'Error occured!! Not Deleted.' when not acknowledged, and a request error's own message", async () => {
    const shop = await signedInTestStore({ admin: true });
    shop.commands.deleteProduct
      .mockResolvedValueOnce({ acknowledged: false } as never)
      .mockRejectedValueOnce(new CommandRefused(messages.productNotFound, 404));

    shop.store.dispatch(productDeleteRequested({ productId: 'p-3', name: 'Hand Saw' }));
    await waitForState(shop.store, (state) => state.toasts.items.some((toast) => toast.text === messages.productNotDeleted));
    shop.store.dispatch(productDeleteRequested({ productId: 'p-4', name: 'Jigsaw' }));
    await waitForState(shop.store, (state) => state.toasts.items.some((toast) => toast.text === 'Product not found'));
    expect(shop.store.getState().toasts.items.every((toast) => toast.kind === 'error')).toBe(true);
  });
});

describe('make admin', () => {
  it('grants the role by email and says so', async () => {
    const shop = await signedInTestStore({ admin: true });

    shop.store.dispatch(adminGrantRequested({ email: 'grace@toolforge.test' }));

    expect(await waitForState(shop.store, (state) => state.admin.makeAdmin.granted)).toBe('grace@toolforge.test');
    expect(shop.commands.makeAdmin).toHaveBeenCalledWith(shop.accessToken, { email: 'grace@toolforge.test' });
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toContain(adminGrantedText('grace@toolforge.test'));
  });

  it("shows the server's message under the form", async () => {
    const shop = await signedInTestStore({ admin: true });
    shop.commands.makeAdmin.mockRejectedValueOnce(new CommandRefused(messages.userNotFound, 404));

    shop.store.dispatch(adminGrantRequested({ email: 'nobody@toolforge.test' }));

    expect(await waitForState(shop.store, (state) => state.admin.makeAdmin.error)).toBe('No account uses that email');
  });
});
