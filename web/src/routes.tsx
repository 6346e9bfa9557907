import { lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAdmin } from './features/auth/RequireAdmin';
import { RequireAuth } from './features/auth/RequireAuth';
import HomePage from './features/home/HomePage';
import { Layout } from './components/layout/Layout';

// Route-level code splitting: each page is its own chunk, loaded when first visited; the home page,
// where most visits start, comes with the app itself, so its first paint waits for no second request.
const BlogPage = lazy(() => import('./features/blog/BlogPage'));
const AboutPage = lazy(() => import('./features/about/AboutPage'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const RegisterPage = lazy(() => import('./features/auth/RegisterPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const SpinnerPage = lazy(() => import('./components/layout/SpinnerPage'));
const AllProductsPage = lazy(() => import('./features/catalog/AllProductsPage'));
const OrderPage = lazy(() => import('./features/orders/OrderPage'));
const UserDashboard = lazy(() => import('./features/dashboard/UserDashboard'));
const AdminDashboard = lazy(() => import('./features/dashboard/AdminDashboard'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
const AddReviewPage = lazy(() => import('./features/profile/AddReviewPage'));
const ManageOrdersPage = lazy(() => import('./features/admin/ManageOrdersPage'));
const AddProductPage = lazy(() => import('./features/admin/AddProductPage'));
const MakeAdminPage = lazy(() => import('./features/admin/MakeAdminPage'));
const ManageProductsPage = lazy(() => import('./features/admin/ManageProductsPage'));
const EditProductPage = lazy(() => import('./features/admin/EditProductPage'));
const OrderHistoryPage = lazy(() => import('./features/orderLifecycle/OrderHistoryPage'));
const NotFoundPage = lazy(() => import('./components/layout/NotFoundPage'));

/** A dashboard at `path`: it opens on the profile, which every dashboard has, then its own `pages`. */
function dashboard(path: string, element: ReactElement, pages: RouteObject[]): RouteObject {
  return {
    path,
    element,
    children: [{ index: true, element: <Navigate to="profile" replace /> }, { path: 'profile', element: <ProfilePage /> }, ...pages],
  };
}

/** Every route of docs/architecture.md §9. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/blog', element: <BlogPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/resetpassword', element: <ResetPasswordPage /> },
      { path: '/spinner', element: <SpinnerPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/allproducts', element: <AllProductsPage /> },
          { path: '/order/:id', element: <OrderPage /> },
          dashboard('/userdashboard', <UserDashboard />, [
            { path: 'orders/:uid', element: <MyOrdersPage /> },
            { path: 'orderhistory/:id', element: <OrderHistoryPage viewer="customer" /> },
            { path: 'addreview', element: <AddReviewPage /> },
          ]),
          {
            element: <RequireAdmin />,
            children: [
              dashboard('/admindashboard', <AdminDashboard />, [
                { path: 'manageorders', element: <ManageOrdersPage /> },
                { path: 'addproduct', element: <AddProductPage /> },
                { path: 'makeadmin', element: <MakeAdminPage /> },
                { path: 'manageproducts', element: <ManageProductsPage /> },
                { path: 'editproduct/:id', element: <EditProductPage /> },
                { path: 'orderhistory/:id', element: <OrderHistoryPage viewer="admin" /> },
              ]),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
