import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
