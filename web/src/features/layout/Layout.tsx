import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toasts } from '../toasts/Toasts';
import { Footer } from './Footer';
import { LoadingScreen } from './LoadingScreen';
import { NavBar } from './NavBar';

/** Every page: the navigation bar, the page (loaded on demand), the footer and the toasts. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <NavBar />
      <main id="content" className="page">
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
