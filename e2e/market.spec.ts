import { expect, test } from '@playwright/test';
import { shot, signIn, staffAccount, staffPassword, registerMember } from './screens.ts';

// Issue 7: news staff publish (seeded demo articles here), read as text; the simulated indices, live.
const account = `050${String(Date.now()).slice(-7)}`;
const password = 'news2026x';

test('a member opens the news from the member centre and reads a demo article in Japanese', async ({
  page,
  request,
}) => {
  await registerMember(request, account, password);
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();

  await page.getByTestId('uc-menu-news').click();
  await expect(page).toHaveURL(/#\/home\/moreNews/);
  const items = page.getByTestId('news-item');
  // Other specs may have published articles since (newest first): the three demo articles are among them.
  await expect(items.filter({ hasText: '【デモ】' })).toHaveCount(3);
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  await shot(page, 'news-list');

  await items.filter({ hasText: '東証の取引時間' }).click();
  await expect(page).toHaveURL(/#\/home\/DetailsPage\?id=\d+/);
  const article = page.getByTestId('news-article');
  await expect(article.locator('h1')).toHaveText('【デモ】東証の取引時間');
  await expect(article).toContainText('クロージング・オークション');
  await expect(article).toContainText('JST');
  await shot(page, 'news-article');

  await page.goto('/#/home/DetailsPage?id=999999999');
  await expect(page.getByTestId('news-missing')).toBeVisible();
  await page.getByRole('button', { name: 'ニュース一覧' }).click();
  await expect(page).toHaveURL(/#\/home\/moreNews/);
});

test('the member opens the indices, sees them move, and lists a price-weighted index’s constituents', async ({
  page,
}) => {
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();

  await page.getByTestId('uc-menu-indices').click();
  await expect(page).toHaveURL(/#\/gdindex\/gdindex/);
  const cards = page.getByTestId('index-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('index-source')).toContainText('シミュレーション');
  // Live over the stream: the simulated market moves every second, so a value changes without a reload.
  const first = page.getByTestId('index-value').first();
  const before = await first.textContent();
  await expect(first).not.toHaveText(before ?? '', { timeout: 20_000 });
  await shot(page, 'indices');

  await cards.filter({ hasText: '株価平均型' }).click();
  await expect(page).toHaveURL(/#\/gdindex\/gdList\?code=/);
  await expect(page.getByTestId('index-summary')).toContainText('株価平均型');
  expect(await page.getByTestId('constituent').count()).toBeGreaterThan(100);
  await expect(page.getByTestId('constituents')).toContainText('トヨタ自動車');
  await shot(page, 'index-constituents', { fullPage: false });
});

test('staff publish an article in the back office, and the member reads it as plain text', async ({ page }) => {
  const title = `【お知らせ】メンテナンスのご案内 ${String(Date.now()).slice(-5)}`;
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId('admin-nav-news').click();
  await page.getByTestId('admin-news-title').fill(title);
  await page
    .getByTestId('admin-news-body')
    .fill('本日 23 時から 23 時 30 分まで、システムのメンテナンスを行います。\n\n<b>タグは文字のまま表示されます</b>');
  await page.getByTestId('admin-news-publish').click();
  const row = page.getByTestId('admin-news-row').filter({ hasText: title });
  await expect(row).toContainText('公開中');
  await shot(page, 'admin-news-published');

  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  await page.getByTestId('uc-menu-news').click();
  await page.getByTestId('news-item').filter({ hasText: title }).click();
  const article = page.getByTestId('news-article');
  // Plain text: markup a staff member typed is shown as characters, never rendered.
  await expect(article).toContainText('<b>タグは文字のまま表示されます</b>');
  await expect(article.locator('b')).toHaveCount(0);
});
