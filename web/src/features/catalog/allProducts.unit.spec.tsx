import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { catalogueViewParams, filterOf, readCatalogueView } from './catalogueView';

const drill = productDto(1, { name: 'Cordless Drill', category: 'power-tool' });
const hammerDrill = productDto(2, { name: 'Hammer Drill', category: 'power-tool' });
const lathe = productDto(3, { name: 'Bench Lathe', category: 'machine-tool' });
const everything = Array.from({ length: 10 }, (_, n) => productDto(n + 10));

/** The page loads lazily and searches after a pause: on a busy machine that takes more than waitFor's second. */
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

/** Each card's name is a heading just below the page's h1. */
const cardNames = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

/** The query service of a shop with 23 products, three of which the tests search for. */
function catalogueServer() {
  return fakeQueryServer({
    '/productscount': { count: 23 },
    '/products?page=0&size=10': everything,
    '/products?page=2&size=10': [drill, hammerDrill, lathe],
    '/productscount?category=power-tool&q=drill': { count: 2 },
    '/products?page=0&size=10&category=power-tool&q=drill&sort=price-asc': [drill, hammerDrill],
    '/productscount?q=lathe': { count: 1 },
    '/products?page=0&size=10&q=lathe': [lathe],
    '/productscount?category=machine-tool&q=lathe': { count: 1 },
    '/products?page=0&size=10&category=machine-tool&q=lathe': [lathe],
    '/productscount?q=zzz': { count: 0 },
    '/products?page=0&size=10&q=zzz': [],
  });
}

describe('the All Products page’s view in the address', () => {
  it('reads a known category and order, and leaves out what it does not know', () => {
    expect(readCatalogueView(new URLSearchParams('category=power-tool&q=Drill&sort=name'))).toEqual({
      category: 'power-tool',
      text: 'Drill',
      sort: 'name',
    });
    expect(readCatalogueView(new URLSearchParams('category=garden&sort=cheapest'))).toEqual({ text: '', sort: 'newest' });
  });

  it('writes only what differs from the plain list', () => {
    expect(catalogueViewParams({ text: '', sort: 'newest' }).toString()).toBe('');
    expect(catalogueViewParams({ category: 'hand-tool', text: 'claw ', sort: 'price-desc' }).toString()).toBe(
      'category=hand-tool&q=claw+&sort=price-desc',
    );
  });

  it('asks for the text as the query service reads it', () => {
    expect(filterOf({ text: '  Hammer   DRILL ' })).toEqual({ q: 'hammer drill' });
    expect(filterOf({ text: '   ', category: 'hand-tool' })).toEqual({ category: 'hand-tool' });
  });
});

describe('All Products: search, category and sort (issue 15)', () => {
  it('shows the list a link names, its controls set, counted with the same filter', async () => {
    const server = catalogueServer();
    renderShop('/allproducts?category=power-tool&q=Drill&sort=price-asc', { shop: await signedInTestStore() });

    await eventually(() => expect(cardNames()).toEqual(['Cordless Drill', 'Hammer Drill']));
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('Drill');
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('power-tool');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('price-asc');
    expect(screen.getByText('2 matching tools')).toBeTruthy();
    expect(server.requestsTo('/productscount?category=power-tool&q=drill')).toHaveLength(1);
    expect(server.requestsTo('/productscount')).toHaveLength(0);
  });

  it('searches once the customer pauses, from the first page, and keeps the search in the address for Back', async () => {
    const server = catalogueServer();
    const { user, router } = renderShop('/allproducts', { shop: await signedInTestStore() });
    await eventually(() => expect(cardNames()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await eventually(() => expect(cardNames()).toEqual(['Cordless Drill', 'Hammer Drill', 'Bench Lathe']));

    // Two keys in one go, no pause between them: one search, for the text the customer stopped at, from page 0.
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'lat' } });
    fireEvent.change(search, { target: { value: 'lathe' } });
    await eventually(() => expect(router.state.location.search).toBe('?q=lathe'));
    await eventually(() => expect(cardNames()).toEqual(['Bench Lathe']));
    expect(server.seen.filter((request) => request.path.includes('q=l')).map((request) => request.path)).toEqual([
      '/productscount?q=lathe',
      '/products?page=0&size=10&q=lathe',
    ]);

    await user.selectOptions(screen.getByLabelText('Category'), 'machine-tool');
    await eventually(() => expect(router.state.location.search).toBe('?category=machine-tool&q=lathe'));
    expect(server.requestsTo('/products?page=0&size=10&category=machine-tool&q=lathe')).toHaveLength(1);

    await router.navigate(-1);
    await eventually(() => expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('lathe');
    await router.navigate(-1);
    await eventually(() => expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe(''));
    await eventually(() => expect(cardNames()).toHaveLength(10));
    expect(router.state.location.search).toBe('');
  });

  it('says when no product matches', async () => {
    catalogueServer();
    renderShop('/allproducts?q=%20zzz', { shop: await signedInTestStore() });
    expect(await screen.findByText('No products match “zzz”.')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryAllByRole('heading', { level: 2 })).toEqual([]);
  });
});
