import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { kabutoPlugin } from './kabuto-boundaries.js';

// Each invalid case below slipped past lint before issue 6 (the edges were words in a README).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p: string) => path.join(root, p);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

tester.run('kabuto/boundaries', kabutoPlugin.rules.boundaries, {
  valid: [
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "import { recordAudit } from '../audit/public.ts';",
    },
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "import { orderNumber } from './order-number.ts';",
    },
    { filename: at('apps/server/src/funds/deposit.service.ts'), code: "import type { Clock } from '../clock.ts';" },
    { filename: at('apps/server/src/app.ts'), code: "import { fundRoutes } from './funds/public.ts';" },
    {
      filename: at('apps/server/src/funds/deposit-review.test.ts'),
      code: "import { uploadImage } from '../uploads/image-fixtures.ts';",
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "import { Page } from '../../../shared/components/page.tsx';",
    },
    {
      filename: at('apps/web/src/app/routes.tsx'),
      code: "import { DepositScreen } from '../features/funds/screens/deposit.screen.tsx';",
    },
    { filename: at('packages/domain/src/money.ts'), code: "import BaseDecimal from 'decimal.js';" },
    { filename: at('packages/db/src/ledger.ts'), code: "import { Decimal } from '@kabuto/domain/money';" },
  ],
  invalid: [
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "import { recordAudit } from '../audit/audit.service.ts';",
      errors: [{ messageId: 'moduleInternal' }],
    },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { depositService } from './funds/deposit.service.ts';",
      errors: [{ messageId: 'moduleInternal' }],
    },
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "import { buildApp } from '../app.ts';",
      errors: [{ messageId: 'rootFromModule' }],
    },
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "import { postEntry } from '../../../../packages/db/src/ledger.ts';",
      errors: [{ messageId: 'leavesPackage' }],
    },
    {
      filename: at('apps/web/src/shared/api/api.ts'),
      code: "import { errorKeys } from '../../../../../packages/contracts/src/errors.ts';",
      errors: [{ messageId: 'leavesPackage' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/member-centre.screen.tsx'),
      code: "import { RestrictionNotice } from '../../settings/components/restriction-notice.tsx';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "import { randomInt } from 'node:crypto';",
      errors: [{ messageId: 'domainBuiltin' }],
    },
    {
      filename: at('packages/domain/src/calendar/jst.ts'),
      code: "import fs from 'fs';",
      errors: [{ messageId: 'domainBuiltin' }],
    },
    {
      filename: at('packages/domain/src/calendar/jst.ts'),
      code: "export { x } from 'node:path';",
      errors: [{ messageId: 'domainBuiltin' }],
    },
    {
      filename: at('apps/server/src/funds/deposit.service.ts'),
      code: "const m = await import('../audit/audit.service.ts');",
      errors: [{ messageId: 'moduleInternal' }],
    },
  ],
});
