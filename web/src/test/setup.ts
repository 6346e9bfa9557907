import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy…/waitFor give up after 1 s by default: on a 2-core machine running the services' tests
// beside these, a render and a saga round can take longer. The limit is for what never shows.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
