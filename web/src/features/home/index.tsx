import { defineFeature } from '../../app/shopFeature';
import HomePage from './HomePage';

/** The shop's front page. Where most visits start: it comes with the app itself, so its first paint waits for no second request. */
export const homeFeature = defineFeature({
  pages: {
    public: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
    ],
  },
});
