import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumArgs, findChromium } from '../scripts/chromium.ts';
import { shot } from './screens.ts';

// Issue 27, installable app: the manifest, the service worker that controls the page, Chromium's own installability
// check, and a start without a network that ends in the translated offline state (never a blank page, never an API
// answer from a cache), which continues by itself when the connection is back.

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function manifestOf(request: APIRequestContext): Promise<WebManifest> {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  return (await res.json()) as WebManifest;
}

/** Opens the app and waits until the service worker has installed (precache written) and controls the page. */
async function openControlled(page: Page, address: string): Promise<string> {
  await page.goto(address);
  // The first visit downloads the app (and the server may still be back-filling charts on a busy machine).
  await expect(page.getByTestId('start-register')).toBeVisible({ timeout: 60_000 });
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(scriptUrl);
  return scriptUrl;
}

test('the manifest is served and names the app, its start screen and its icons', async ({ page, request }) => {
  const manifest = await manifestOf(request);
  expect(manifest).toMatchObject({
    name: 'Kabuto',
    short_name: 'Kabuto',
    start_url: './#/login/start',
    scope: './',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${String(size)}x${String(size)}` && i.purpose !== 'maskable');
    expect(icon, `${String(size)} px icon`).toBeDefined();
    const res = await request.get(`/${icon?.src ?? ''}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(pngSize(await res.body())).toEqual({ width: size, height: size });
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

  await page.goto('/#/login/start');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', './manifest.webmanifest');
  // The worker is looked for on every load, so a new version is found on the next visit.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('the service worker registers and controls the page', async ({ page }) => {
  const scriptUrl = await openControlled(page, '/#/login/start');
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
});

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito profile (Playwright's usual context): a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'kabuto-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, '/#/login/start');
    const cdp = await context.newCDPSession(page);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

for (const { lang, title } of [
  { lang: 'jp', title: 'オフラインです' },
  { lang: 'en', title: 'You are offline' },
] as const) {
  test(`started offline, the app shows the offline state in ${lang} and continues when the network is back`, async ({
    page,
    context,
  }) => {
    await openControlled(page, `/#/login/start?lang=${lang}`);
    await shot(page, `pwa-${lang}-online`);

    await context.setOffline(true);
    const apiAnswers: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(response.url());
    });
    await page.reload();
    const offline = page.getByTestId('offline-state');
    await expect(offline).toBeVisible({ timeout: 30_000 });
    await expect(offline.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('offline-state-retry')).toBeVisible();
    await expect(page.getByTestId('start-register')).toHaveCount(0);
    // No API call was answered at all (not from a cache either), and no cache holds one.
    expect(apiAnswers).toEqual([]);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);
    // The failed call's own notice (SPEC §8, 2 s) is the kit's toast, from the precache too; the shot is taken after it.
    expect(cached.some((u) => /\/assets\/notice-toast-[\w-]+\.js$/.test(u))).toBe(true);
    await expect(page.locator('.plain-notice')).toHaveCount(0);
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
    await shot(page, `pwa-${lang}-offline`);
    if (lang === 'jp') {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(offline).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
      await shot(page, 'pwa-jp-offline-dark');
    }

    // The connection comes back: the app goes on to the start screen by itself.
    await context.setOffline(false);
    await expect(page.getByTestId('start-register')).toBeVisible({ timeout: 30_000 });
    await expect(offline).toHaveCount(0);
  });
}
