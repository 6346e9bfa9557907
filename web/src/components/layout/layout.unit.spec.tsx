import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPYRIGHT_LINE, TOAST_AUTO_CLOSE_MS } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { createTestStore, signedInTestStore, waitForState } from '../../test/testStore';
import { identityChanged, sessionStarted } from '../../features/auth/authSlice';
import { toastShown } from '../toasts/toastSlice';

afterEach(() => {
  vi.useRealTimers();
});

const products = Array.from({ length: 6 }, (_, index) =>
  productDto(index, {
    category: 'machine-tool',
    imageUrl: '/images/products/metal-lathe.svg',
    price: 1000 + index,
    stock: 5,
    description: 'A machine tool built to order in our machine tool works.',
  }),
);

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('navigation bar and footer (docs/architecture.md#9-the-products-rules)', () => {
  it('shows About, Blog and Login to a visitor, and the footer with the copyright line', async () => {
    fakeQueryServer({ '/homeproducts': products });
    const shop = createTestStore();
    renderShop('/', { shop });
    await waitForState(shop.store, (state) => state.auth.status === 'signedOut');

    const links = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['ToolForge', 'About', 'Blog', 'Login']);
    expect(screen.getByText(COPYRIGHT_LINE)).toBeTruthy();
    expect(COPYRIGHT_LINE).toBe('Copyright © 2022 ToolForge Inc.');
    for (const column of ['About', 'Support', 'Social']) expect(screen.getByRole('heading', { name: column })).toBeTruthy();
    expect(screen.getByText('Payment support')).toBeTruthy();
  });

  it('leads an admin to the admin dashboard and a named customer to the user dashboard', async () => {
    fakeQueryServer({ '/homeproducts': products });
    const admin = renderShop('/about', { shop: await signedInTestStore({ admin: true }) });
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admindashboard');
    admin.unmount();

    // The customer has a display name: the spec's display-name rule would have made them admin.
    renderShop('/about', { shop: await signedInTestStore({ admin: false }) });
    expect(within(mainNav()).getByText('Ada')).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/userdashboard');
  });

  it('shows Dashboard only once the shop acknowledged the sign-in, so an admin is never sent to the user dashboard', async () => {
    fakeQueryServer({ '/homeproducts': products });
    const shop = createTestStore();
    renderShop('/about', { shop });
    await waitForState(shop.store, (state) => state.auth.status === 'signedOut');

    // The identity provider has signed the admin in; the shop's sync is still on its way.
    act(() => {
      shop.store.dispatch(
        identityChanged({
          uid: 'u-1',
          displayName: 'Grace',
          email: 'admin@toolforge.test',
          photoURL: null,
          emailVerified: true,
          providerIds: ['password'],
        }),
      );
    });
    expect(within(mainNav()).getByText('Grace')).toBeTruthy();
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();

    act(() => {
      shop.store.dispatch(
        sessionStarted({ accessToken: 'token', user: { uid: 'u-1', name: 'Grace', email: 'admin@toolforge.test', admin: true } }),
      );
    });
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admindashboard');
  });

  it('logs out from the bar, from a signed-in page to the home page', async () => {
    fakeQueryServer({ '/homeproducts': products });
    const shop = renderShop('/userdashboard/profile', { shop: await signedInTestStore() });
    await screen.findByRole('heading', { name: 'My Profile' });
    await shop.user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(shop.commands.logout).toHaveBeenCalledTimes(1);
    expect(shop.router.state.location.pathname).toBe('/');
  });

  it('opens and closes the menu on small screens', async () => {
    fakeQueryServer({ '/homeproducts': products });
    const { user } = renderShop('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('main-menu')!.className).toContain('open');
    await user.click(within(mainNav()).getByRole('link', { name: 'Blog' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});

describe('pages', () => {
  it('home: banner, company and culture, three units, six products with All Products, the statistics', async () => {
    fakeQueryServer({ '/homeproducts': products });
    renderShop('/home');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our company' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our culture' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3);
    expect(await screen.findAllByRole('link', { name: /^Order Now/ })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/allproducts');
    const statistics = screen.getByRole('region', { name: 'ToolForge in numbers' });
    expect(statistics.textContent).toContain('45');
    expect(statistics.textContent).toContain('15M');
    expect(statistics.textContent).toContain('450M');
    expect(statistics.textContent).toContain('1M');
  });

  it("home: a failed product load shows the error's message", async () => {
    fakeQueryServer({});
    renderShop('/');
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });

  it('blog: five questions and answers', async () => {
    renderShop('/blog');
    expect(await screen.findByRole('heading', { name: 'Blog' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it("404: 'Not Found' on any other path", async () => {
    renderShop('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
  });

  it('spinner: the loading screen', async () => {
    renderShop('/spinner');
    // The page's own loading screen, not the one shown while the page loads: its label is the page's heading.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Loading...' });
    expect(screen.getByRole('status').contains(heading)).toBe(true);
  });
});

describe('focus after a move to another page', () => {
  it('stays put on the first load, then goes to the new page’s heading, or a dashboard panel’s', async () => {
    fakeQueryServer({ '/homeproducts': products, '/orders/u-7': [] });
    const { user } = renderShop('/about', { shop: await signedInTestStore() });
    await screen.findByRole('heading', { level: 1, name: /We make the tools/ });
    expect(document.activeElement).toBe(document.body);

    await user.click(within(mainNav()).getByRole('link', { name: 'Blog' }));
    const blog = await screen.findByRole('heading', { level: 1, name: 'Blog' });
    await waitFor(() => expect(document.activeElement).toBe(blog));

    await user.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));
    const profile = await screen.findByRole('heading', { level: 2, name: 'My Profile' });
    await waitFor(() => expect(document.activeElement).toBe(profile));
    await user.click(screen.getByRole('link', { name: 'My Orders' }));
    const orders = await screen.findByRole('heading', { level: 2, name: 'My Orders' });
    await waitFor(() => expect(document.activeElement).toBe(orders));
  });
});

describe('toasts', () => {
  it('close by themselves after 5 seconds', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const shop = renderShop('/blog');
    act(() => {
      shop.store.dispatch(toastShown({ kind: 'info', text: 'Sending password reset link to your email' }));
    });
    const toasts = screen.getByRole('list', { name: 'Notifications' });
    expect(within(toasts).getByText('Sending password reset link to your email')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 100);
    });
    expect(within(toasts).queryByText('Sending password reset link to your email')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(within(toasts).queryByText('Sending password reset link to your email')).toBeNull();
  });
});
