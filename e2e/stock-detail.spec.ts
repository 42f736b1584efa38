import { expect, test } from '@playwright/test';
import { freshAccount, inviteCode, shot, signIn } from './screens.ts';

// Issue 7: the stock detail — a moving price, the chart switching periods, depth, and the watchlist star.
const account = freshAccount();
const password = 'detail2026';

test('a member opens Toyota, sees the price move, switches chart periods and stars it', async ({ page, request }) => {
  const registered = await request.post('/api/vue/user/register', { data: { account, password, confirmPassword: password, inviteCode: inviteCode(), agree: true } });
  expect(((await registered.json()) as { status: number }).status).toBe(1);
  await signIn(page, account, password);

  await page.goto('/#/market/marketDetail?symbol=7203');
  const detail = page.getByTestId('stock-detail');
  await expect(detail.locator('h1')).toContainText('トヨタ自動車');
  await expect(page.getByTestId('stock-source')).toContainText('シミュレーション');
  await expect(page.getByTestId('depth-ask')).toHaveCount(5);
  await expect(page.getByTestId('depth-bid')).toHaveCount(5);

  // The chart library arrives after the figures and draws the default five-minute candles.
  const chartArea = page.getByTestId('chart-area');
  await expect(chartArea.locator('canvas').first()).toBeVisible();
  await expect(chartArea).toHaveAttribute('data-period', '5m');
  expect(Number(await chartArea.getAttribute('data-candles'))).toBeGreaterThan(10);
  // lightweight-charts' attribution stays (its licence asks for it).
  await expect(chartArea.locator('a[href*="tradingview"]')).toHaveCount(1);

  // Live over the stream: the simulated market trades the stock within seconds, without a reload.
  const last = page.getByTestId('stock-last');
  const volume = page.getByTestId('stock-volume');
  const before = `${(await last.textContent()) ?? ''}|${(await volume.textContent()) ?? ''}`;
  await expect.poll(async () => `${(await last.textContent()) ?? ''}|${(await volume.textContent()) ?? ''}`, { timeout: 30_000 }).not.toBe(before);
  await shot(page, 'stock-detail', { fullPage: false });

  await page.getByTestId('period-1d').click();
  await expect(chartArea).toHaveAttribute('data-period', '1d');
  await expect.poll(async () => Number(await chartArea.getAttribute('data-candles'))).toBeGreaterThan(100);
  await expect(chartArea.locator('canvas').first()).toBeVisible();
  await page.getByTestId('period-1w').click();
  await expect(chartArea).toHaveAttribute('data-period', '1w');
  await expect.poll(async () => Number(await chartArea.getAttribute('data-candles'))).toBeGreaterThan(20);
  await shot(page, 'stock-detail-week', { fullPage: true });

  const star = page.getByTestId('watch-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toHaveAccessibleName('お気に入りから削除');
  await page.reload();
  await expect(page.getByTestId('watch-star')).toHaveAttribute('aria-pressed', 'true');
});

test('an unknown code shows an honest missing state with a way to search', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/market/marketDetail?symbol=ZZZZ');
  await expect(page.getByTestId('stock-missing')).toBeVisible();
  await shot(page, 'stock-missing', { fullPage: false });
});
