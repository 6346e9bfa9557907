import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { authSaga } from './authSaga';
import { authReducer } from './authSlice';

const LoginPage = lazy(() => import('./LoginPage'));
const RegisterPage = lazy(() => import('./RegisterPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));

/** Signing in, out and up: the user's session with the shop. */
export const authFeature = defineFeature({
  reducers: { auth: authReducer },
  saga: authSaga,
  pages: {
    public: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/resetpassword', element: <ResetPasswordPage /> },
    ],
  },
});
