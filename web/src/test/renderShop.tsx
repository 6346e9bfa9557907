import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router-dom';
import { routes } from '../routes';
import { createTestStore } from './testStore';

type TestShop = ReturnType<typeof createTestStore>;

/**
 * The whole app (routes, layout, lazy pages) in a memory router at `path` (with its query, if any), on a test store whose
 * sagas navigate that router.
 */
export function renderShop(path: string, { shop = createTestStore(), state }: { shop?: TestShop; state?: unknown } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  shop.navigate.mockImplementation((to, options) => router.navigate(to, options));
  const user = userEvent.setup();
  const view = render(
    <Provider store={shop.store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...shop, ...view, router, user };
}
