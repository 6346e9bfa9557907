import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createShopStore } from './app/store';
import { config } from './config';
import { httpCommandClient } from './api/commandClient';
import { lazyIdentity } from './features/auth/lazyIdentity';
import { newIdempotencyKey } from './features/orders/idempotencyKey';
import { routes } from './routes';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

const router = createBrowserRouter(routes);
const store = createShopStore({
  // Firebase Auth loads only for a visitor who signs in or was signed in (lazyIdentity.ts).
  identity: lazyIdentity(
    () => import('./features/auth/firebaseIdentity').then(({ firebaseIdentity }) => firebaseIdentity(config)),
    globalThis.localStorage,
  ),
  commands: httpCommandClient(config.commandApi),
  navigate: (to, options) => router.navigate(to, options),
  navigateAway: (url) => window.location.assign(url),
  newIdempotencyKey,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
