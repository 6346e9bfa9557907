import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { salesApi } from './salesApi';
import { salesReducer } from './salesSlice';

// Lazily loaded: its charts' library comes with it, never with the shop's first load.
const SalesPage = lazy(() => import('./SalesPage'));

/** The admins' sales dashboard (issue 41, docs/web.md#the-sales-dashboard): the admin dashboard opens on it. */
export const salesFeature = defineFeature({
  reads: salesApi,
  reducers: { sales: salesReducer },
  pages: {
    adminDashboard: [{ path: 'sales', link: 'Sales', opensDashboard: true, element: <SalesPage /> }],
  },
});
