import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';

const BlogPage = lazy(() => import('./BlogPage'));

export const blogFeature = defineFeature({ pages: { public: [{ path: '/blog', element: <BlogPage /> }] } });
