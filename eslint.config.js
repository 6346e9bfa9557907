import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const tsconfigRootDir = import.meta.dirname;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.run/**', 'test-artifacts/**', 'infra/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Every TypeScript file is in one of these projects: the server packages with their tests and
      // the scripts, the web client, and the web's Vite config with its browser test.
      parserOptions: {
        project: ['./tsconfig.tests.json', './web/tsconfig.json', './web/tsconfig.node.json'],
        tsconfigRootDir,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // redux-saga resumes a generator with each effect's result, so `yield` is typed `any` and the
    // sagas name the type they get on the left; `call([object, object.method])` calls the method on
    // its object, which unbound-method cannot see.
    files: ['web/src/features/**/*Saga.ts', 'web/src/api/commandFlow.ts', 'web/src/api/callWithRetry.ts', 'web/src/api/fileDownload.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching, expect.objectContaining...)
    // are typed `any` so that they fit any field of an expected value; answers and parsed JSON in
    // tests are typed (no-unsafe-member-access and no-unsafe-return still apply).
    files: ['**/*.spec.{ts,tsx}', '**/*.suite.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    // Plain JavaScript (the launch scripts, the web's runtime config) is in no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The web client runs in the browser.
    files: ['web/src/**', 'web/public/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
