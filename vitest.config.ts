import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser test's files and limits, the same on both stacks. Each file starts its own stack on
 * its stack's fixed ports, so the files take turns (fileParallelism off). That also keeps the two
 * browser projects apart when one `npx vitest run` has both: vitest runs every file of a project
 * without file parallelism (and the default sequence.groupOrder) in one sequential group, one file
 * at a time, after the other projects' files; the two stacks' ports differ all the same. Every
 * file runs on both stacks: none is about the embedded host alone (apiDocs reads each service's
 * own /docs in services mode).
 */
const browserTest = {
  include: ['web/e2e/**/*.e2e.spec.ts'],
  fileParallelism: false,
  testTimeout: 180_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources of sibling packages, not their build output.
    alias: [
      { find: /^@toolforge\/([a-z-]+)\/testing$/, replacement: here('./$1/src/testing/index.ts') },
      // platform's subpaths (its package.json exports): each is a folder with its own index.
      { find: /^@toolforge\/platform\/([a-zA-Z]+)$/, replacement: here('./platform/src/$1/index.ts') },
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
          include: ['{contracts,platform,documents,read-model,command-service,query-service,projector,embedded}/src/**/*.spec.ts'],
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
        test: { ...browserTest, name: 'e2e', globalSetup: ['./web/e2e/globalSetup.ts'] },
      },
      {
        // The same browser test on services mode (web/e2e/stack.ts): Kafka, PostgreSQL, Redis and
        // each service its own process; the servers come from the services project's global setup.
        extends: true,
        test: {
          ...browserTest,
          name: 'e2e-services',
          globalSetup: ['./scripts/test-global-setup.ts'],
          env: { E2E_STACK: 'services' },
        },
      },
    ],
  },
});
