import { lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { pagesAt, type FeaturePages } from './app/feature';
import { shopFeatures } from './app/features';
import { Layout } from './components/layout/Layout';
import { RequireAdmin } from './features/auth/RequireAdmin';
import { RequireAuth } from './features/auth/RequireAuth';

// Route-level code splitting: each page is its own chunk, loaded when first visited (each feature's
// index lazily loads its pages); the home page comes with the app itself (features/home/index.tsx).
const SpinnerPage = lazy(() => import('./components/layout/SpinnerPage'));
const UserDashboard = lazy(() => import('./features/dashboard/UserDashboard'));
const AdminDashboard = lazy(() => import('./features/dashboard/AdminDashboard'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const NotFoundPage = lazy(() => import('./components/layout/NotFoundPage'));

const pages = (place: keyof FeaturePages) => pagesAt(shopFeatures, place);

/** A dashboard at `path`: it opens on the profile, which every dashboard has, then its own `pages`. */
function dashboard(path: string, element: ReactElement, pages: RouteObject[]): RouteObject {
  return {
    path,
    element,
    children: [{ index: true, element: <Navigate to="profile" replace /> }, { path: 'profile', element: <ProfilePage /> }, ...pages],
  };
}

/** Every route of docs/architecture.md §9: the features' pages, each in its place. */
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
          dashboard('/userdashboard', <UserDashboard />, pages('userDashboard')),
          {
            element: <RequireAdmin />,
            children: [dashboard('/admindashboard', <AdminDashboard />, pages('adminDashboard'))],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
