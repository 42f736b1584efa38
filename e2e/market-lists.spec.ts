import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inviteCode, shot, signIn } from './screens.ts';

// Issue 7, the list screens: home → search in Japanese → detail address → market list and its sorts → rankings → watchlist.
test.describe.configure({ mode: 'serial' });

const account = `060${String(Date.now()).slice(-7)}`;
const password = 'lists2026x';

async function call<T>(request: APIRequestContext, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.post(`/api/vue/${path}`, { data: body, headers });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 1) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** The signed-in member's headers (SPEC §7: token and account), read from the page's session. */
async function memberHeaders(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ token: localStorage.getItem('tokend') ?? '', account: localStorage.getItem('account') ?? '' }));
}

test('a member lands on home, finds Toyota in Japanese and opens it', async ({ page, request }) => {
  await call(request, 'user/register', { account, password, confirmPassword: password, inviteCode: inviteCode(), agree: true });
  await signIn(page, account, password);

  // Home: assets, indices, shortcuts, hot stocks and news, with the bottom menu.
  // The first screen after sign-in downloads its chunk: allow a slow, shared machine time for it.
  await expect(page.getByTestId('home-screen')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('market-banner')).toContainText('シミュレーション');
  await expect(page.getByTestId('home-total')).toContainText('¥');
  await expect(page.getByTestId('home-index')).toHaveCount(2);
  await expect(page.getByTestId('home-hot-list').getByTestId('quote-row')).toHaveCount(5);
  await expect(page.getByTestId('home-news-item')).toHaveCount(3);
  await expect(page.getByTestId('home-shortcuts').getByRole('button')).toHaveCount(4);
  await expect(page.getByTestId('bottom-nav-home')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await shot(page, 'home', { fullPage: false });
  await shot(page, 'home-full');

  await page.getByTestId('home-hot-turnover').click();
  await expect(page.getByTestId('home-hot-turnover')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('home-hot-list').getByTestId('quote-row').first()).toContainText('売買代金');

  // Search by a Japanese name; nothing typed or gibberish never breaks the screen.
  await page.getByTestId('home-search').click();
  await expect(page).toHaveURL(/#\/home\/search/);
  const input = page.getByTestId('search-input');
  await input.fill('zzzz no such');
  await expect(page.getByTestId('search-results-empty')).toBeVisible();
  await input.fill('   ');
  await expect(page.getByTestId('search-results-section')).toHaveCount(0);
  await input.fill('トヨタ');
  const toyota = page.getByTestId('search-results').locator('[data-symbol="7203"]');
  await expect(toyota).toContainText('トヨタ自動車');
  await shot(page, 'search-toyota', { fullPage: false });

  await toyota.click();
  await expect(page).toHaveURL(/#\/market\/marketDetail\?symbol=7203$/);

  // The search joined the member's history: a chip runs it again, and the history can be cleared.
  await page.goto('/#/home/search');
  const chip = page.getByTestId('search-history-chip').filter({ hasText: 'トヨタ' });
  await expect(chip).toBeVisible();
  await shot(page, 'search-history', { fullPage: false });
  await chip.click();
  await expect(input).toHaveValue('トヨタ');
  await expect(page.getByTestId('search-results').locator('[data-symbol="7203"]')).toBeVisible();
  await input.fill('');
  await page.getByTestId('search-history-clear').click();
  await expect(page.getByTestId('search-history')).toHaveCount(0);
});

test('the market list pages and sorts, and the rankings open on the tab the address names', async ({ page }) => {
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-market').click();
  await expect(page).toHaveURL(/#\/market\/market$/);
  await expect(page.getByTestId('bottom-nav-market')).toHaveAttribute('aria-current', 'page');

  const rows = page.getByTestId('market-list').getByTestId('quote-row');
  await expect(rows).toHaveCount(12);
  await expect(rows.first()).toHaveAttribute('data-symbol', /^\d{4}$/);
  await expect(page.getByTestId('market-list-page')).toHaveText(/^1 \/ \d+$/);
  const firstByCode = await rows.first().getAttribute('data-symbol');
  await page.getByTestId('market-list-next').click();
  await expect(page.getByTestId('market-list-page')).toHaveText(/^2 \//);
  await expect(rows.first()).not.toHaveAttribute('data-symbol', firstByCode ?? '');

  await page.getByTestId('market-sort-turnover').click();
  await expect(page.getByTestId('market-sort-turnover')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-list-page')).toHaveText(/^1 \//);
  await expect(rows.first()).toContainText('売買代金');
  await page.getByTestId('market-sort-change').click();
  await expect(page.getByTestId('market-sort-change')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-sort-change')).toContainText('▼');
  await expect(rows).toHaveCount(12);
  await shot(page, 'market-list', { fullPage: false });
  await page.getByTestId('market-sort-change').click();
  await expect(page.getByTestId('market-sort-change')).toContainText('▲');

  await page.goto('/#/market/stockHot/stockList?sort=losers');
  await expect(page.getByTestId('rankings-screen')).toBeVisible();
  await expect(page.locator('.adm-tabs-tab-active')).toContainText('値下がり率');
  const ranked = page.getByTestId('rankings-list').getByTestId('quote-row');
  await expect(ranked).toHaveCount(12);
  await expect(ranked.first().locator('.quote-row__rank')).toHaveText('1');
  await shot(page, 'rankings-losers', { fullPage: false });
  await page.getByTestId('rankings-tab-turnover').click();
  await expect(ranked.first()).toContainText('売買代金');
  await shot(page, 'rankings-turnover', { fullPage: false });
});

test('the watchlist starts empty, then shows a stock added through the API, moving live', async ({ page, request }) => {
  await signIn(page, account, password);
  await page.getByTestId('home-shortcut-watchlist').click();
  await expect(page).toHaveURL(/#\/market\/market\?tab=watchlist/);
  await expect(page.getByTestId('watchlist-empty')).toContainText('☆');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await shot(page, 'watchlist-empty', { fullPage: false });

  await call(request, 'user/Optionallist/add', { symbol: '7203' }, await memberHeaders(page));
  await page.getByTestId('market-tab-market').click();
  await page.getByTestId('market-tab-watchlist').click();
  const row = page.getByTestId('watchlist').locator('[data-symbol="7203"]');
  await expect(row).toContainText('トヨタ自動車');
  // Live over the stream: the simulated market moves, so the price changes without a reload.
  const price = row.getByTestId('quote-last');
  const before = await price.textContent();
  await expect(price).not.toHaveText(before ?? '', { timeout: 30_000 });
  await shot(page, 'watchlist', { fullPage: false });
});

test('a visitor sees the market but is asked to sign in for the watchlist', async ({ page }) => {
  await page.goto('/#/login/login');
  await page.evaluate(() => localStorage.removeItem('tokend'));
  await page.goto('/#/market/market?tab=watchlist');
  await page.reload();
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
  await page.getByTestId('market-tab-market').click();
  await expect(page.getByTestId('market-list').getByTestId('quote-row')).toHaveCount(12);
});
