import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// Import rules of the API (functions/src), tested in functions/test/lintBoundaries.test.ts; the map is
// docs/architecture.md "Import rules". Zones name folders from the repository root. Each backend's index.ts
// (adapters/embedded/index.ts, adapters/firebase/index.ts) is its composition root: it may pick the payment gateway,
// the mailer and the live hub; every other adapter file stays inside its backend.
const S = 'functions/src';
const ADAPTER_FILES = [`${S}/adapters/*.ts`, `${S}/adapters/*/!(index).ts`, `${S}/adapters/*/*/**`];
const ENTRIES = [`${S}/app.ts`, `${S}/server.ts`, `${S}/index.ts`, `${S}/devRoots`, `${S}/seed`];
const API_ZONES = [
  {
    target: `${S}/domain`,
    from: S,
    except: ['./domain'],
    message:
      'The domain is pure and stands alone (shared with the web as @domain): it imports nothing outside domain/.',
  },
  {
    target: `${S}/orders`,
    from: [`${S}/adapters`, `${S}/http`, `${S}/features`, `${S}/live`, `${S}/cache`, ...ENTRIES],
    message: 'The order use cases import the domain, ports.ts and events/, never an adapter, HTTP or an entry.',
  },
  {
    // The order messages' builders (what to record, pure) are the one part of mail/ the use cases name.
    target: `${S}/orders`,
    from: `${S}/mail`,
    except: ['./orderMails.ts'],
    message: 'The order use cases record mail through the MailQueue port (ports.ts), never mail/ itself.',
  },
  {
    target: [`${S}/features`, `${S}/http`],
    from: `${S}/adapters`,
    message: 'Routes and HTTP glue use the ports (ports.ts), never an adapter.',
  },
  {
    // A capability module's store is written over the generic ModelStore port (modules/module.ts); the backends
    // build it (docs/architecture.md "Capability modules").
    target: `${S}/modules`,
    from: `${S}/adapters`,
    message: 'A capability module persists through the generic ModelStore port (modules/module.ts), never an adapter.',
  },
  {
    target: `${S}/adapters/embedded`,
    from: `${S}/adapters/firebase`,
    message: 'Adapters never import each other.',
  },
  {
    target: `${S}/adapters/firebase`,
    from: `${S}/adapters/embedded`,
    message:
      'The deployed function must not reach the embedded adapter: the offline emulator mode is composed in devRoots/.',
  },
  {
    target: `${S}/adapters/payments`,
    from: [`${S}/adapters/embedded`, `${S}/adapters/firebase`],
    message: 'Adapters never import each other.',
  },
  {
    target: [`${S}/adapters/embedded/!(index).ts`, `${S}/adapters/embedded/*/**`],
    from: `${S}/adapters/payments`,
    message: 'Adapters never import each other (only a backend’s index.ts, its composition root, picks the payments).',
  },
  {
    target: [`${S}/adapters/firebase/!(index).ts`, `${S}/adapters/firebase/*/**`],
    from: `${S}/adapters/payments`,
    message: 'Adapters never import each other (only a backend’s index.ts, its composition root, picks the payments).',
  },
  {
    target: `${S}/adapters/*.ts`,
    from: [`${S}/adapters/embedded`, `${S}/adapters/firebase`, `${S}/adapters/payments`],
    message: 'The adapters’ shared helpers (adapters/*.ts) import no backend.',
  },
  {
    target: ADAPTER_FILES,
    from: [`${S}/mail`, `${S}/live`, `${S}/http`],
    message: 'Adapters reach mail and live updates through their ports (ports.ts), never mail/, live/ or http/.',
  },
  {
    target: `${S}/adapters`,
    from: [`${S}/features`, ...ENTRIES],
    message: 'Adapters never import routes or an entry.',
  },
  {
    target: [`${S}/!(adapters|devRoots|seed|server.ts)`, `${S}/!(adapters|devRoots|seed)/**`],
    from: `${S}/adapters/embedded`,
    message:
      'Only the embedded server, the seed and the dev-only roots compose the embedded adapter (the deployed function must not reach it).',
  },
];
const REPO_ROOT = fileURLToPath(new URL('.', import.meta.url));
const importResolver = createTypeScriptImportResolver({
  project: ['functions/tsconfig.test.json', 'web/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

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
    // No import cycles in the API or the web (value imports; `import type` is erased). The web's features are also
    // kept from depending on each other both ways: web/src/featureCycles.test.ts.
    files: ['functions/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [importResolver],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['functions/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: API_ZONES }] },
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
  {
    // The production build runs the app on Preact (web/scripts/aliases.ts): what React does and Preact does not.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='autoFocus']",
          message:
            "Preact only writes the autofocus attribute, which browsers honour at page load: focus from a ref (an effect or a callback such as a Modal's onEntered).",
        },
        {
          selector: 'JSXOpeningElement[name.name=/^(title|meta|link)$/]',
          message:
            'Preact renders <title>, <meta> and <link> where they stand, not in <head> as React 19 hoists them: use <Meta> (components/ui/Meta.tsx).',
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
