import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries of the web app (tested in web/src/lint-boundaries.test.ts):
// (a) a feature (web/src/features/X) reaches another feature only through its public entry, `@/features/Y`
//     (features/Y/index.ts): not `@/features/Y/…`, nor a relative path out of its own folder;
// (b) web/ imports nothing from functions/ but the domain (`@domain`, `@domain/…`), the Firestore shapes and
//     query plans the Firebase build shares with the function (`@firestore/…`) and the endpoint table (`@api/…`:
//     types only from `@api/endpoints`, checked by web/src/lib/endpoints.test.ts);
// (c) the e2e suite reaches the server's test helpers (functions/test/support) only through
//     web/e2e/support/serverTestHelpers.ts.
const SERVER_TEST_HELPERS_ENTRY = 'web/e2e/support/serverTestHelpers.ts';
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const notFromFunctions = {
  regex: '^(\\.\\./)+functions(/|$)|^@voltshop/functions(/|$)',
  message: 'web/ may import nothing from functions/ but the domain: use @domain (e2e: support/serverTestHelpers.ts).',
};

/** The patterns for a file `depth` folders below web/src/features/<feature>/. */
function featurePatterns(feature, depth) {
  return [
    notFromFunctions,
    {
      group: ['@/features/*/**', `!@/features/${feature}/**`],
      message: 'Import another feature through its public entry, @/features/<name> (its index.ts).',
    },
    {
      // One `../` more than the file's depth reaches web/src/features/: only the own feature's folder is allowed.
      regex: `^(\\.\\./){${depth + 1}}(?!${feature}(/|$))`,
      message: 'Import another feature through its public entry, @/features/<name> (its index.ts).',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-emulators/**',
      'functions/lib/**',
      'test-results/**',
      'artifacts/**',
      '.data/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', '**/e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The domain is pure: shared by the API and the web, so no Node, Express, Firebase or React in it.
    files: ['functions/src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'express', 'firebase*', 'react*', '@libsql/*'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: [SERVER_TEST_HELPERS_ENTRY],
    rules: { 'no-restricted-imports': ['error', { patterns: [notFromFunctions] }] },
  },
  {
    // The domain's index also exports the zod schemas: a value imported from it pulls zod into whatever bundle the
    // importer lands in (the first one, for the storefront). Values come from their module; types from anywhere.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@domain',
              allowTypeImports: true,
              message:
                "Import values from their module ('@domain/limits', '@domain/schemas', ...): the index pulls in zod.",
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.flatMap((feature) =>
    [0, 1, 2, 3].map((depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(feature, depth) }] },
    })),
  ),
  {
    files: [SERVER_TEST_HELPERS_ENTRY],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+functions/(?!test/support/)',
              message: 'Only the server test helpers (functions/test/support).',
            },
          ],
        },
      ],
    },
  },
);
