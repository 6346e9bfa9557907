import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { pagesAt, type DashboardPanel, type FeaturePages } from './app/shopFeature';
import { shopFeatures } from './app/features';
import { Layout } from './components/layout/Layout';
import { RequireAdmin } from './features/auth/RequireAdmin';
import { RequireAuth } from './features/auth/RequireAuth';
import type { DashboardLink } from './features/dashboard/DashboardLayout';

// Route-level code splitting: each page is its own chunk, loaded when first visited (each feature's
// index lazily loads its pages); the home page comes with the app itself (features/home/index.tsx).
const SpinnerPage = lazy(() => import('./components/layout/SpinnerPage'));
const UserDashboard = lazy(() => import('./features/dashboard/UserDashboard'));
const AdminDashboard = lazy(() => import('./features/dashboard/AdminDashboard'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const NotFoundPage = lazy(() => import('./components/layout/NotFoundPage'));

const pages = <Place extends keyof FeaturePages>(place: Place) => pagesAt(shopFeatures, place);

/**
 * A dashboard at `path`: it opens on the panel that says it opens it, or else on the profile, which every
 * dashboard has; its side links are that panel's, the profile's, then the other panels' with a link label,
 * in the order of the features.
 */
function dashboard(path: string, Dashboard: ComponentType<{ panels: DashboardLink[] }>, panels: DashboardPanel[]): RouteObject {
  const opening = panels.find((panel) => panel.opensDashboard);
  const linkOf = (panel: DashboardPanel) => (panel.link ? [{ to: `${path}/${panel.path}`, label: panel.link }] : []);
  const links = [
    ...(opening ? linkOf(opening) : []),
    { to: `${path}/profile`, label: 'My Profile' },
    ...panels.filter((panel) => panel !== opening).flatMap(linkOf),
  ];
  return {
    path,
    element: <Dashboard panels={links} />,
    children: [
      { index: true, element: <Navigate to={opening?.path ?? 'profile'} replace /> },
      { path: 'profile', element: <ProfilePage /> },
      ...panels.map(({ link: _label, opensDashboard: _opens, ...route }): RouteObject => route),
    ],
  };
}

/** Every route of docs/architecture.md#9-the-products-rules. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...pages('public'),
      { path: '/spinner', element: <SpinnerPage /> },
      {
        element: <RequireAuth />,
        children: [
          ...pages('signedIn'),
          dashboard('/userdashboard', UserDashboard, pages('userDashboard')),
          {
            element: <RequireAdmin />,
            children: [dashboard('/admindashboard', AdminDashboard, pages('adminDashboard'))],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
