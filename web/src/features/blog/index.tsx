import { lazy } from 'react';
import { defineFeature } from '../../app/feature';

const BlogPage = lazy(() => import('./BlogPage'));

export const blogFeature = defineFeature({ pages: { public: [{ path: '/blog', element: <BlogPage /> }] } });
