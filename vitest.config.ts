import { fileURLToPath } from 'node:url';
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
    include: ['{contracts,platform,command-service,query-service,projector,embedded,web}/src/**/*.spec.ts'],
    // Two cores: one worker per core, no more.
    maxWorkers: 2,
    globalSetup: ['./scripts/test-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
