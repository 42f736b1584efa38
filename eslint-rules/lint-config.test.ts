import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 16 §4: what the real eslint.config.js refuses, linted through it (type-aware, so one ESLint for the file).
// The fixtures in eslint-rules/fixtures/ are ignored by `eslint .`; `ignore: false` lints them here.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, ignore: false });

const rulesOf = (results: ESLint.LintResult[]) =>
  results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${String(m.ruleId)}`));
/** Lints `code` as if it were the (existing) file `file`, so the project service knows its program. */
const lintAs = async (file: string, code: string) => rulesOf(await eslint.lintText(code, { filePath: at(file) }));
const at = (p: string) => path.join(root, p);

describe('the lint configuration', { timeout: 120_000 }, () => {
  it('refuses an import cycle (import-x/no-cycle)', async () => {
    expect(rulesOf(await eslint.lintFiles([at('eslint-rules/fixtures/cycle/price.ts')]))).toEqual([
      'eslint-rules/fixtures/cycle/price.ts: import-x/no-cycle',
    ]);
  });

  it('refuses a floating promise and a promise where a void callback is expected (type-aware)', async () => {
    expect(rulesOf(await eslint.lintFiles([at('eslint-rules/fixtures/promises.ts')]))).toEqual([
      'eslint-rules/fixtures/promises.ts: @typescript-eslint/no-floating-promises',
      'eslint-rules/fixtures/promises.ts: @typescript-eslint/no-misused-promises',
    ]);
  });

  it('refuses packages/domain reading the process, or importing a package off its list', async () => {
    expect(
      await lintAs(
        'packages/domain/src/money.ts',
        [
          "import { Redis } from 'ioredis';",
          'export const level = process.env.LOG_LEVEL;',
          'export const args = globalThis.process.argv;',
          'export const redis = Redis;',
        ].join('\n'),
      ),
    ).toEqual([
      'packages/domain/src/money.ts: kabuto/boundaries',
      'packages/domain/src/money.ts: no-restricted-globals',
      'packages/domain/src/money.ts: no-restricted-properties',
    ]);
  });

  // (The first also closes a cycle — the deposit screen imports notice.ts — which import-x/no-cycle reports too.)
  it('refuses a dynamic import() across an edge: shared → feature, feature → app, package → server', async () => {
    expect(
      await lintAs(
        'apps/web/src/shared/api/notice.ts',
        "export const load = () => import('../../features/funds/screens/deposit.screen.tsx');\n",
      ),
    ).toContain('apps/web/src/shared/api/notice.ts: kabuto/boundaries');
    expect(
      await lintAs(
        'apps/web/src/features/funds/screens/deposit.screen.tsx',
        "export const load = () => import('../../../app/routes.tsx');\n",
      ),
    ).toContain('apps/web/src/features/funds/screens/deposit.screen.tsx: kabuto/boundaries');
    expect(
      await lintAs('packages/market/src/feed.ts', "export const load = () => import('@kabuto/server/app');\n"),
    ).toContain('packages/market/src/feed.ts: kabuto/boundaries');
  });

  it("refuses the kit's imperative parts taken from antd-mobile instead of shared/kit (the React 19 adapter)", async () => {
    const code = "import { Button, Toast } from 'antd-mobile';\nexport const parts = [Button, Toast];\n";
    expect(await lintAs('apps/web/src/features/funds/components/copy-button.tsx', code)).toContain(
      'apps/web/src/features/funds/components/copy-button.tsx: no-restricted-imports',
    );
    expect(await lintAs('apps/web/src/shared/kit/imperative.ts', code)).not.toContain(
      'apps/web/src/shared/kit/imperative.ts: no-restricted-imports',
    );
  });
});
