import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { kabutoPlugin } from './eslint-rules/kabuto-boundaries.js';

// STYLE §6: package directions are lint rules. DESIGN "Layout" gives the allowed edges; kabuto/boundaries holds them
// (packageDirections), for static imports and dynamic import() alike.

// STYLE §3: focused and skipped tests are rejected.
const noFocusedOrSkippedTests = [
  {
    selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
    message: 'No .only or .skip: every test runs.',
  },
  {
    selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(only|skip)$/]',
    message: 'No .only or .skip: every test runs.',
  },
];
// Issue 6 §6: a test that depends on a service says so through describeScaled or describeEachDatabase.
const noConditionalSkips = {
  selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(runIf|skipIf|todo)$/]',
  message: 'No conditional skips: use describeScaled / describeEachDatabase, which fail when CI requires the service.',
};

export default tseslint.config(
  {
    ignores: [
      ...['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
      // Deliberately wrong code that eslint-rules/lint-config.test.ts lints through this config (with ignore: false).
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...noFocusedOrSkippedTests, noConditionalSkips],
    },
  },
  {
    // The one place a suite may be skipped on purpose: describeScaled, which CI turns into a failure.
    files: ['apps/server/src/test/scaled.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // PostgreSQL-only suite (packages/db cannot use describeScaled): skipIf with its reason when TEST_DATABASE_URL is
    // unset, so the file still defines a suite (issue 24 defect 8); testDatabaseKinds fails it when CI requires one.
    files: ['packages/db/src/postgres.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noFocusedOrSkippedTests] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { kabuto: kabutoPlugin, 'import-x': importX },
    // Type-aware rules: every linted TypeScript file is in tsconfig.json (the project service finds it there).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'kabuto/boundaries': 'error',
      // Workspace packages resolve to their sources, so a cycle through another package is found too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // STYLE §1: a domain rule takes what it needs as arguments; it never reads the process (env, argv, clock).
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'packages/domain is pure: take the value as an argument.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'globalThis',
          property: 'process',
          message: 'packages/domain is pure: take the value as an argument.',
        },
      ],
    },
  },
  {
    // (Dynamic import() of these is refused by kabuto/boundaries, whose webContractEntries must list the same entries.)
    // DESIGN "Front end" → Delivery: zod never reaches a phone. Screens take contract types through `import type`,
    // paths through `callRef`, and formats, policies and keys from the contracts' zod-free modules.
    files: ['apps/web/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '@kabuto/contracts/*',
                '!@kabuto/contracts/errors',
                '!@kabuto/contracts/formats',
                '!@kabuto/contracts/policy',
                '!@kabuto/contracts/admin',
                '@kabuto/contracts/admin/*',
                '!@kabuto/contracts/admin/policies',
                '!@kabuto/contracts/admin/audit-actions',
                '!@kabuto/contracts/trade',
                '@kabuto/contracts/trade/*',
                '!@kabuto/contracts/trade/order-refusals',
                '!@kabuto/contracts/ipo',
                '@kabuto/contracts/ipo/*',
                '!@kabuto/contracts/ipo/refusals',
                '!@kabuto/contracts/block',
                '@kabuto/contracts/block/*',
                '!@kabuto/contracts/block/refusals',
                '!@kabuto/contracts/loans',
                '@kabuto/contracts/loans/*',
                '!@kabuto/contracts/loans/refusals',
                '!@kabuto/contracts/daytrade',
                '@kabuto/contracts/daytrade/*',
                '!@kabuto/contracts/daytrade/refusals',
                '!@kabuto/contracts/copy',
                '@kabuto/contracts/copy/*',
                '!@kabuto/contracts/copy/refusals',
                '!@kabuto/contracts/support',
                '@kabuto/contracts/support/*',
                '!@kabuto/contracts/support/refusals',
                '!@kabuto/contracts/support/policies',
                '!@kabuto/contracts/notices',
                '@kabuto/contracts/notices/*',
                '!@kabuto/contracts/notices/refusals',
              ],
              allowTypeImports: true,
              message:
                'the web app loads no zod: import contract types with `import type`, call through `callRef`, validate with @kabuto/contracts/formats',
            },
            {
              group: ['antd-mobile-icons', 'antd-mobile-icons/*'],
              message:
                'icons come from lucide-react (a tenth of the size per icon; docs/architecture.md "Delivery and budgets")',
            },
          ],
        },
      ],
    },
  },
  {
    // antd-mobile 5 renders its imperative parts through ReactDOM.render, which React 19 removed: they come from the
    // one module that sets the adapter before them, so no toast or dialog can render nothing.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/shared/kit/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd-mobile',
              importNames: ['Toast', 'Dialog', 'ImageViewer', 'Modal', 'ActionSheet', 'Picker', 'unstableSetRender'],
              message:
                "take the kit's imperative parts from shared/kit/imperative.ts, which sets the React 19 render adapter first",
            },
          ],
        },
      ],
    },
  },
);
