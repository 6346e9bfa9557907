import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources of sibling packages, not their build output.
    alias: [
      { find: /^@toolforge\/([a-z-]+)\/testing$/, replacement: here('./$1/src/testing/index.ts') },
      { find: /^@toolforge\/([a-z-]+)$/, replacement: here('./$1/src/index.ts') },
    ],
  },
  test: {
    // Two cores: one worker per core, no more.
    maxWorkers: 2,
    // A test that opens the embedded database several times takes seconds per open when both cores
    // are busy (PGlite starts a WebAssembly Postgres): the limit is for hangs, not for speed.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          include: ['{contracts,platform,command-service,query-service,projector,embedded}/src/**/*.spec.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.spec.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./web/src/test/setup.ts'],
          // fakeQueryServer stubs fetch: every test starts with the real globals again.
          unstubGlobals: true,
        },
      },
      {
        // The browser test: the stack of `make start` driven by Debian's Chromium (make e2e).
        extends: true,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.spec.ts'],
          globalSetup: ['./web/e2e/globalSetup.ts'],
          // Each file starts its own stack on the same two ports (E2E_API_PORT, E2E_WEB_PORT):
          // the files take turns.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
