import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { operatorEventsSaga } from './eventsSaga';
import { operatorEventsReducer } from './eventsSlice';
import { operatorApi } from './operatorApi';

// Lazily loaded, as every page is: the console's sections are no part of the shop's first load.
const OperatorConsolePage = lazy(() => import('./OperatorConsolePage'));

/** The operator console, for admins: a panel of the admin dashboard on the console's API (docs/operators.md#the-operator-console). */
export const operatorConsoleFeature = defineFeature({
  reads: operatorApi,
  reducers: { operatorEvents: operatorEventsReducer },
  saga: () => operatorEventsSaga(),
  pages: { adminDashboard: [{ path: 'console', link: 'Operator console', element: <OperatorConsolePage /> }] },
});
