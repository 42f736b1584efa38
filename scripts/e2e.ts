// Browser tests: Debian's Chromium, or a clear skip (a failure when E2E_REQUIRED=1).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumInstallLine, findChromium } from './chromium.ts';

const chromium = findChromium();
if (!chromium) {
  if (process.env.E2E_REQUIRED === '1') {
    process.stderr.write(
      `E2E_REQUIRED=1 but no Chromium was found (CHROME_PATH or /usr/bin/chromium). Install it: ${chromiumInstallLine}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`browser tests: skipped — no Chromium found. Install it with: ${chromiumInstallLine}\n`);
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-e2e-'));
const env = {
  ...process.env,
  CHROME_PATH: chromium,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  E2E_DATA_DIR: dataDir,
  E2E_PORT: process.env.E2E_PORT ?? String(20000 + (process.pid % 20000)),
  E2E_STAFF_PASSWORD: `Staff${randomBytes(8).toString('hex')}7`,
  E2E_INVITE_CODE: `E2E${randomBytes(3).toString('hex').toUpperCase()}`,
};
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
