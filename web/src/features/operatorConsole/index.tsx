import { defineFeature } from '../../app/shopFeature';
import { operatorEventsSaga } from './eventsSaga';
import { operatorEventsReducer } from './eventsSlice';
import { operatorApi } from './operatorApi';
import OperatorConsolePage from './OperatorConsolePage';

/** The operator console, for admins: a panel of the admin dashboard on the console's API (docs/operators.md#the-operator-console). */
export const operatorConsoleFeature = defineFeature({
  reads: operatorApi,
  reducers: { operatorEvents: operatorEventsReducer },
  saga: () => operatorEventsSaga(),
  pages: { adminDashboard: [{ path: 'console', link: 'Operator console', element: <OperatorConsolePage /> }] },
});
