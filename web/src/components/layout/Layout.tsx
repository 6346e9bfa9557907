import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toasts } from '../toasts/Toasts';
import { Footer } from './Footer';
import { LoadingScreen } from './LoadingScreen';
import { NavBar } from './NavBar';
import { useFocusOnNavigation } from './useFocusOnNavigation';

/** Every page: the navigation bar, the page (loaded on demand), the footer and the toasts. */
export function Layout() {
  useFocusOnNavigation('content');
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <NavBar />
      {/* Focusable, so that the skip link moves focus (not only the view) past the navigation. */}
      <main id="content" className="page" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toasts />
      <ScrollRestoration />
    </>
  );
}
