import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiCall,
  freshAccount,
  registerFundedMember,
  shot,
  signIn,
  staffAccount,
  staffPassword,
  verifyRealName,
} from './screens.ts';

// Issue 27 "Accessibility and comfort": axe-core (WCAG 2.0–2.2 A and AA rules) on every registered screen, as a
// signed-in funded member and as staff in the back office, in jp, en and tw, in the light and the dark scheme; any
// serious or critical finding fails. The routes are read from apps/web/src/app/routes.tsx, so a screen added there is
// covered without touching this file. The dark scheme comes from the system setting (emulated), which also tests
// that the app follows it.
test.describe.configure({ timeout: 900_000 });

const langs = ['jp', 'en', 'tw'] as const;
const schemes = ['light', 'dark'] as const;
type Lang = (typeof langs)[number];
type Scheme = (typeof schemes)[number];

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const password = 'a11y2026xy';
const account = freshAccount();

/** Every address routes.tsx registers, in its order. */
function registeredPaths(): string[] {
  const source = readFileSync('apps/web/src/app/routes.tsx', 'utf8');
  return [...source.matchAll(/^\s*path: '([^']+)',$/gm)].map((m) => m[1] ?? '').filter((p) => p !== '');
}

/** The sign-in and start screens are a visitor's; they are walked signed out. */
const visitorPaths = (paths: readonly string[]) => paths.filter((p) => p.startsWith('/login/'));

/** Query strings for screens that show one thing, filled in beforeAll from the seeded data and the member's order. */
const queries = new Map<string, string>([
  ['/market/marketDetail', 'symbol=7203'],
  ['/market/marketBuy', 'symbol=7203&side=long'],
  ['/gdindex/gdList', 'code=KSPW'],
]);

function firstId(data: unknown): string | null {
  if (Array.isArray(data)) {
    for (const item of data) {
      const id = firstId(item);
      if (id) return id;
    }
    return null;
  }
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (typeof record.id === 'string' || typeof record.id === 'number') return String(record.id);
    for (const value of Object.values(record)) {
      const id = firstId(value);
      if (id) return id;
    }
  }
  return null;
}

async function idFrom(
  request: APIRequestContext,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<string | null> {
  return firstId(await apiCall<unknown>(request, path, body, headers));
}

test.beforeAll(async ({ request }) => {
  const member = await registerFundedMember(request, account, password, '900000');
  await verifyRealName(request, member);
  const order = await apiCall<{ orderNo: string }>(
    request,
    'trade/place',
    { symbol: '7203', side: 'long', type: 'market', quantity: '100', leverage: 2 },
    { ...member, 'Idempotency-Key': `e2e-a11y-order-${account}` },
  );
  queries.set('/position/positionDetail', `orderNo=${order.orderNo}`);
  const ids: [string, string, unknown][] = [
    ['/home/DetailsPage', 'news/list', { lang: 'jp' }],
    ['/market/subscribeDetail', 'market/ipo/list', {}],
    ['/common/dividend2', 'market/block/list', {}],
    ['/follow/detail', 'follow/strategies', {}],
  ];
  for (const [screen, call, body] of ids) {
    const id = await idFrom(request, call, body, member);
    if (id) queries.set(screen, `id=${id}`);
  }
});

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Waits for a screen to finish loading: no loading block, skeleton or busy region, then the kit's transitions. */
async function settle(page: Page): Promise<void> {
  const started = Date.now();
  const settled = await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.screen-loading, .adm-skeleton, [aria-busy="true"], .boot-shell')].some((el) =>
          el.checkVisibility(),
        ),
      undefined,
      { timeout: 5_000 },
    )
    .then(() => true)
    .catch(() => false);
  // A screen still loading after 5 s is audited as it is (its loading state is a screen too), and said so.
  if (!settled) process.stdout.write(`  still loading after ${Date.now() - started} ms: ${page.url()}\n`);
  await page.waitForTimeout(300);
}

async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  await settle(page);
  const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
    });
  }
}

function report(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.rule} — ${f.help}\n${f.nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n');
}

/** Opens an address inside the running app (no reload), as a link would. */
async function open(page: Page, path: string): Promise<void> {
  const query = queries.get(path);
  await page.evaluate(
    (hash) => {
      window.location.hash = hash;
    },
    `#${path}${query ? `?${query}` : ''}`,
  );
}

async function startIn(page: Page, lang: Lang, scheme: Scheme, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`/?lang=${lang}#${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', /./);
  if (scheme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  else await expect(page.locator('html')).not.toHaveAttribute('data-prefers-color-scheme', 'dark');
}

/**
 * Each language and each scheme is walked, though not every pairing in every run: a member walk takes about four
 * minutes, so the default run takes three walks that cover jp, en and tw and both schemes, and one back-office walk.
 * `A11Y_FULL=1` walks all six pairings of both.
 */
const full = process.env.A11Y_FULL === '1';
const pairs = (defaults: readonly [Lang, Scheme][]): readonly [Lang, Scheme][] =>
  full ? langs.flatMap((lang) => schemes.map((scheme): [Lang, Scheme] => [lang, scheme])) : defaults;
const memberPairs = pairs([
  ['jp', 'light'],
  ['en', 'dark'],
  ['tw', 'light'],
]);
const backOfficePairs = pairs([['jp', 'dark']]);

for (const [lang, scheme] of memberPairs) {
  {
    test(`${lang}, ${scheme}: every member screen and the visitor's screens have no serious or critical axe finding`, async ({
      page,
    }) => {
      const paths = registeredPaths();
      expect(paths.length).toBeGreaterThan(40);
      const findings: Finding[] = [];

      await page.emulateMedia({ colorScheme: scheme });
      for (const path of visitorPaths(paths)) {
        await page.goto(`/?lang=${lang}#${path}`);
        await audit(page, `${lang}/${scheme} visitor ${path}`, findings);
      }

      await signIn(page, account, password);
      await startIn(page, lang, scheme, '/home/index');
      for (const path of paths.filter((p) => !p.startsWith('/login/') && p !== '/admin')) {
        await open(page, path);
        await audit(page, `${lang}/${scheme} ${path}`, findings);
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }
}

for (const [lang, scheme] of backOfficePairs) {
  {
    test(`${lang}, ${scheme}: every back-office section has no serious or critical axe finding`, async ({ page }) => {
      const findings: Finding[] = [];
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, staffAccount, staffPassword(), /#\/admin/);
      await startIn(page, lang, scheme, '/admin');
      await expect(page.locator('[data-testid^="admin-nav-"]').first()).toBeVisible();
      const sections = await page
        .locator('[data-testid^="admin-nav-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
      expect(sections.length).toBeGreaterThan(5);
      for (const section of sections) {
        await page.getByTestId(section).click();
        await audit(page, `${lang}/${scheme} back office ${section}`, findings);
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }
}

// UX: light and dark at 390 px for the screens a member judges Kabuto by, in Japanese — looked at by a person.
test('jp: the main screens in light and dark, and the settings that choose them', async ({ page }) => {
  await signIn(page, account, password);
  const screens: [string, string][] = [
    ['home', '/home/index'],
    ['market-list', '/market/market'],
    ['stock-detail', '/market/marketDetail'],
    ['order-ticket', '/market/marketBuy'],
    ['positions', '/position/position'],
    ['member-centre', '/user/usercenter'],
    ['settings', '/user/setting'],
  ];
  for (const scheme of schemes) {
    await startIn(page, 'jp', scheme, '/home/index');
    for (const [name, path] of screens) {
      await open(page, path);
      await settle(page);
      await shot(page, `a11y-${name}-${scheme}`, { fullPage: false });
    }
  }

  // The settings override the system: dark chosen in a light system, stored, and kept after a reload.
  await startIn(page, 'jp', 'light', '/user/setting');
  await page.getByTestId('setting-theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await expect(page.getByTestId('setting-theme-dark').locator('input')).toBeChecked();

  // Green-up swaps the price pair: a rise on the market list is now drawn in the green.
  const riseColour = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--price-up').trim());
  const redUp = await riseColour();
  await page.getByTestId('setting-up-colour-green').click();
  await expect(page.locator('html')).toHaveAttribute('data-up-colour', 'green');
  const greenUp = await riseColour();
  expect(greenUp).not.toBe(redUp);
  expect(await page.evaluate(() => localStorage.getItem('upColour'))).toBe('green');
  await shot(page, 'a11y-settings-dark-green-up', { fullPage: false });

  // Back to the system's setting: the stored override goes and the light system shows again.
  await page.getByTestId('setting-theme-system').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-prefers-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.getByTestId('setting-up-colour-red').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-up-colour', 'green');
});
