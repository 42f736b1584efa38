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
    {
      filename: at('packages/domain/src/calendar/trading-day.ts'),
      code: "import holidayJp from '@holiday-jp/holiday_jp';",
    },
    {
      filename: at('packages/domain/src/money.test.ts'),
      code: "import { it } from 'vitest';\nimport fc from 'fast-check';",
    },
    { filename: at('packages/market/src/feed.ts'), code: "import { Decimal } from '@kabuto/domain/money';" },
    {
      filename: at('apps/web/src/shared/api/notice.ts'),
      code: "const m = await import('./notice-toast.ts');",
    },
    {
      filename: at('apps/web/src/app/routes.tsx'),
      code: "const m = await import('../features/funds/screens/deposit.screen.tsx');",
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "import { formatYen } from '@kabuto/contracts/formats';\nimport type { Call } from '@kabuto/contracts/funds/deposit';",
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.test.tsx'),
      code: "const contract = await import('@kabuto/contracts/funds/deposit');",
    },
    {
      filename: at('apps/server/src/main.ts'),
      code: "import { migrate } from '@kabuto/db/migrate';\nconst feed = await import('@kabuto/market/feed');",
    },
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
    // Issue 16 §4: edges that still got through.
    {
      filename: at('apps/web/src/shared/components/page.tsx'),
      code: "import { RestrictionNotice } from '../../features/settings/components/restriction-notice.tsx';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: at('apps/web/src/shared/api/notice.ts'),
      code: "const m = await import('../../features/funds/screens/deposit.screen.tsx');",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: at('apps/web/src/i18n/i18n.ts'),
      code: "import { routes } from '../app/routes.tsx';",
      errors: [{ messageId: 'sharedToApp' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "import { AppShell } from '../../../app/app-shell.tsx';",
      errors: [{ messageId: 'featureToApp' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "const routes = await import('../../../app/routes.tsx');",
      errors: [{ messageId: 'featureToApp' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "export { SettingsScreen } from '../../settings/screens/settings.screen.tsx';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "const m = await import('../../settings/screens/settings.screen.tsx');",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('packages/market/src/feed.ts'),
      code: "const server = await import('@kabuto/server/app');",
      errors: [{ messageId: 'packageDirection' }],
    },
    {
      filename: at('packages/contracts/src/errors.ts'),
      code: "const db = await import('@kabuto/db/open');",
      errors: [{ messageId: 'packageDirection' }],
    },
    {
      filename: at('packages/db/src/ledger.ts'),
      code: "import { z } from 'zod';",
      errors: [{ messageId: 'packageDirection' }],
    },
    {
      filename: at('apps/web/src/shared/api/api.ts'),
      code: "const market = await import('@kabuto/market/feed');",
      errors: [{ messageId: 'packageDirection' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "const { z } = await import('zod');",
      errors: [{ messageId: 'webZod' }],
    },
    {
      filename: at('apps/web/src/features/funds/screens/deposit.screen.tsx'),
      code: "const contract = await import('@kabuto/contracts/funds/deposit');",
      errors: [{ messageId: 'webZod' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "import { Redis } from 'ioredis';",
      errors: [{ messageId: 'domainAllowList' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "import type { ErrorKey } from '@kabuto/contracts/errors';",
      errors: [{ messageId: 'domainAllowList' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "const big = await import('big.js');",
      errors: [{ messageId: 'domainAllowList' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "import { it } from 'vitest';",
      errors: [{ messageId: 'domainAllowList' }],
    },
    {
      filename: at('packages/domain/src/money.ts'),
      code: "const fs = await import('node:fs');",
      errors: [{ messageId: 'domainBuiltin' }],
    },
  ],
});
