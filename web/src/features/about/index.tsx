import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';

const AboutPage = lazy(() => import('./AboutPage'));

export const aboutFeature = defineFeature({ pages: { public: [{ path: '/about', element: <AboutPage /> }] } });
