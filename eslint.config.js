import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { kabutoPlugin } from './eslint-rules/kabuto-boundaries.js';

// STYLE §6: package directions are lint rules. DESIGN "Layout" gives the allowed edges.
const forbid = (names, message) => ({
  'no-restricted-imports': ['error', { patterns: names.map((group) => ({ group: [group, `${group}/*`], message })) }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // STYLE §3: focused and skipped tests are rejected.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No .only or .skip: every test runs.',
        },
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(only|skip)$/]',
          message: 'No .only or .skip: every test runs.',
        },
        {
          // Issue 6 §6: a test that depends on a service says so through describeScaled or describeEachDatabase.
          selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(runIf|skipIf|todo)$/]',
          message:
            'No conditional skips: use describeScaled / describeEachDatabase, which fail when CI requires the service.',
        },
      ],
    },
  },
  {
    // The one place a suite may be skipped on purpose: describeScaled, which CI turns into a failure.
    files: ['apps/server/src/test/scaled.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { kabuto: kabutoPlugin },
    rules: { 'kabuto/boundaries': 'error' },
  },
  {
    files: ['packages/domain/**'],
    rules: forbid(
      [
        '@kabuto/contracts',
        '@kabuto/db',
        '@kabuto/market',
        '@kabuto/server',
        '@kabuto/web',
        'zod',
        'pg',
        '@electric-sql/pglite',
        'fastify',
        'react',
      ],
      'domain depends on nothing but a decimal type',
    ),
  },
  {
    files: ['packages/contracts/**'],
    rules: forbid(
      [
        '@kabuto/db',
        '@kabuto/market',
        '@kabuto/server',
        '@kabuto/web',
        'pg',
        '@electric-sql/pglite',
        'fastify',
        'react',
      ],
      'contracts depend on zod and domain types only',
    ),
  },
  {
    files: ['packages/db/**'],
    rules: forbid(
      ['@kabuto/contracts', '@kabuto/market', '@kabuto/server', '@kabuto/web', 'fastify', 'react', 'zod'],
      'db depends only on domain',
    ),
  },
  {
    files: ['packages/market/**'],
    rules: forbid(
      [
        '@kabuto/contracts',
        '@kabuto/db',
        '@kabuto/server',
        '@kabuto/web',
        'zod',
        'pg',
        '@electric-sql/pglite',
        'fastify',
        'react',
        'ioredis',
        'redis',
      ],
      'market depends only on domain (and its decimal type)',
    ),
  },
  {
    files: ['apps/web/**'],
    rules: forbid(
      ['@kabuto/db', '@kabuto/market', '@kabuto/server', 'pg', '@electric-sql/pglite', 'fastify'],
      'web may use contracts and domain only',
    ),
  },
  {
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
);
