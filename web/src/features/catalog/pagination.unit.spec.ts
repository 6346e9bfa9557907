import { describe, expect, it } from 'vitest';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore, waitForState } from '../../test/testStore';
import { productDeleteRequested } from '../admin/adminSlice';
import { catalogApi } from './catalogApi';
import { pageWindow } from '../../components/pagination/pageWindow';
import { listViewChosen, pageChosen, pageCountOf, pageSizeChosen, paginationReducer } from './paginationSlice';

describe('page window (docs/architecture.md#9-the-products-rules)', () => {
  it('shows from 4 pages before to 4 after the current page', () => {
    expect(pageWindow(10, 30)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('is cut at the first and the last page', () => {
    expect(pageWindow(0, 30)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(2, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(28, 30)).toEqual([24, 25, 26, 27, 28, 29]);
  });

  it('is empty without pages', () => {
    expect(pageWindow(0, 0)).toEqual([]);
  });

  it('counts pages as ceil(count / size)', () => {
    expect(pageCountOf(24, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
    expect(pageCountOf(0, 10)).toBe(0);
  });
});

describe('pagination state', () => {
  it('starts at page 0 with 10 per page, and a new page size goes back to page 0', () => {
    let state = paginationReducer(undefined, { type: 'init' });
    expect(state.allProducts).toEqual({ page: 0, size: 10, filter: '', sort: 'newest' });
    state = paginationReducer(state, pageChosen({ list: 'allProducts', page: 3 }));
    state = paginationReducer(state, pageChosen({ list: 'manageProducts', page: 2 }));
    expect(state.allProducts.page).toBe(3);

    state = paginationReducer(state, pageSizeChosen({ list: 'allProducts', size: 20 }));

    expect(state.allProducts).toMatchObject({ page: 0, size: 20 });
    expect(state.manageProducts).toMatchObject({ page: 2, size: 10 });
  });

  it('starts another filter or order from page 0, keeping the size; the same one keeps its page', () => {
    let state = paginationReducer(undefined, pageSizeChosen({ list: 'allProducts', size: 20 }));
    state = paginationReducer(state, pageChosen({ list: 'allProducts', page: 3 }));
    state = paginationReducer(state, listViewChosen({ list: 'allProducts', filter: '', sort: 'newest' }));
    expect(state.allProducts.page).toBe(3);
    state = paginationReducer(state, listViewChosen({ list: 'allProducts', filter: '[null,"drill"]', sort: 'newest' }));
    expect(state.allProducts).toEqual({ page: 0, size: 20, filter: '[null,"drill"]', sort: 'newest' });
    state = paginationReducer(state, pageChosen({ list: 'allProducts', page: 2 }));
    state = paginationReducer(state, listViewChosen({ list: 'allProducts', filter: '[null,"drill"]', sort: 'name' }));
    expect(state.allProducts.page).toBe(0);
  });

  it('moves a list back to the last page when a delete leaves its page empty', async () => {
    let count = 11;
    const server = fakeQueryServer({ '/productscount': () => ({ count }) });
    const shop = await signedInTestStore({ admin: true });
    shop.store.dispatch(pageSizeChosen({ list: 'manageProducts', size: 5 }));
    shop.store.dispatch(pageChosen({ list: 'manageProducts', page: 2 }));
    shop.store.dispatch(pageChosen({ list: 'allProducts', page: 1 }));
    const subscription = shop.store.dispatch(catalogApi.endpoints.productsCount.initiate());
    await waitForState(shop.store, () => server.requestsTo('/productscount').length === 1);
    expect(shop.store.getState().pagination.manageProducts.page).toBe(2);

    count = 10;
    shop.store.dispatch(productDeleteRequested({ productId: 'p-11', name: 'Heat Gun' }));

    await waitForState(shop.store, (state) => state.pagination.manageProducts.page === 1);
    // 10 products at 10 a page: page 1 is gone too.
    expect(shop.store.getState().pagination.allProducts.page).toBe(0);
    subscription.unsubscribe();
  });

  it('moves only the lists showing the filter a count is of', async () => {
    const server = fakeQueryServer({ '/productscount?q=drill': { count: 1 } });
    const shop = await signedInTestStore();
    shop.store.dispatch(pageChosen({ list: 'manageProducts', page: 2 }));
    const subscription = shop.store.dispatch(catalogApi.endpoints.productsCount.initiate({ q: 'drill' }));
    await waitForState(shop.store, () => server.requestsTo('/productscount?q=drill').length === 1);
    await waitForState(shop.store, (state) => catalogApi.endpoints.productsCount.select({ q: 'drill' })(state).isSuccess);
    expect(shop.store.getState().pagination.manageProducts.page).toBe(2);
    subscription.unsubscribe();
  });
});
