import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';

const AddReviewPage = lazy(() => import('./AddReviewPage'));

/** The user's own page in each dashboard (routes.tsx opens every dashboard on it) and the customer's review form. */
export const profileFeature = defineFeature({
  pages: { userDashboard: [{ path: 'addreview', element: <AddReviewPage />, link: 'Add Review' }] },
});
