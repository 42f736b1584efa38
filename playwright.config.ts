import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.ts';

// Run through `npm run test:e2e` (scripts/e2e.ts), which sets the E2E_* variables below.
const port = Number(process.env.E2E_PORT ?? 8765);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
  },
  webServer: {
    // The newcomer's own command: builds the web app when needed, migrates, seeds, serves.
    command: 'npm start',
    url: `http://127.0.0.1:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      SEED_STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? '',
      SEED_INVITE_CODE: process.env.E2E_INVITE_CODE ?? '',
      LOG_LEVEL: 'warn',
      // One browser signs in far more often than a person would; the limits themselves are API-tested.
      SIGN_IN_LIMIT_PER_MINUTE: '200',
      REGISTER_LIMIT_PER_MINUTE: '50',
    },
  },
});
