import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall as call, shot, signIn, staffAccount, staffPassword, registerMember } from './screens.ts';

// Issue 7: staff halt, resume and delist a stock with a reason (audited on the server), and withdraw news.
const account = `080${String(Date.now()).slice(-7)}`;
const password = 'desk2026x';
const halted = '5911'; // 横河ブリッジホールディングス: not used by the other browser tests
const delisted = '5741'; // UACJ

/** A member in a browser context of their own, signed in through the sign-in screen. */
async function memberPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const page = await context.newPage();
  await signIn(page, account, password);
  return page;
}

/** Waits for the success notice to go, so it does not cover the row a screenshot is about. */
async function noticeGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

async function openSection(page: Page, section: 'market' | 'news'): Promise<void> {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId(`admin-nav-${section}`).click();
}

// Each test walks two browsers through several screens; on a loaded machine that takes longer than the default.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  await registerMember(request, account, password);
});

test('staff halt a stock with a reason, a member sees it halted, staff resume it, and delist another after a final warning', async ({
  page,
  browser,
  baseURL,
}) => {
  await openSection(page, 'market');
  const rows = page.getByTestId('admin-market-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(150);
  // Read only for prices: the list has no input but the filter, and each row shows the last price.
  await expect(page.getByTestId('admin-market').locator('input')).toHaveCount(1);
  await shot(page, 'admin-market', { fullPage: false });

  // Filter by a Japanese name, halt with a reason.
  await page.getByTestId('admin-market-q').fill('横河ブリッジ');
  await expect(rows).toHaveCount(1);
  const row = page.locator(`[data-testid="admin-market-row"][data-symbol="${halted}"]`);
  await row.getByTestId('admin-market-halt').click();
  const panel = page.getByTestId('admin-market-panel');
  await expect(panel).toHaveAttribute('data-action', 'halt');
  await expect(page.getByTestId('admin-market-confirm')).toBeDisabled();
  await page.getByTestId('admin-market-reason').fill('重要事実の公表待ち');
  await page.getByTestId('admin-market-confirm').click();
  await expect(row).toHaveAttribute('data-status', 'halted');
  await expect(row).toContainText('売買停止中');
  await expect(row).toContainText('重要事実の公表待ち');
  await expect(row).toContainText(staffAccount);
  await expect(panel).toHaveCount(0);
  await noticeGone(page);
  await shot(page, 'admin-market-halted');

  // The audit log shows the halt at once and in words: it refetches after every staff action, no reload needed.
  await page.getByTestId('admin-nav-audit').click();
  await expect(page.getByTestId('admin-audit-action').first()).toHaveText('売買停止');
  await expect(page.getByTestId('admin-audit-table')).not.toContainText('market.halt');
  await shot(page, 'admin-audit-after-halt', { fullPage: false });
  await page.getByTestId('admin-nav-market').click();

  // The status filter finds it among the halted ones.
  await page.getByTestId('admin-market-q').fill('');
  await page.getByTestId('admin-market-filter-halted').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-symbol', halted);

  // A member, in a browser of their own, reads the halt and its reason from the market API.
  const member = await memberPage(browser, baseURL);
  const detail = await call<{ status: string; statusReason: string | null }>(member.request, 'market/detail', {
    symbol: halted,
  });
  expect(detail).toMatchObject({ status: 'halted', statusReason: '重要事実の公表待ち' });

  // Staff resume it: the row is trading again, without the reason.
  await row.getByTestId('admin-market-resume').click();
  await page.getByTestId('admin-market-reason').fill('公表済みのため再開');
  await page.getByTestId('admin-market-confirm').click();
  await expect(page.getByTestId('admin-market-empty')).toBeVisible();
  await page.getByTestId('admin-market-filter-all').click();
  await page.getByTestId('admin-market-q').fill(halted);
  await expect(row).toHaveAttribute('data-status', 'listed');
  expect(await call<{ status: string }>(member.request, 'market/detail', { symbol: halted })).toMatchObject({
    status: 'listed',
    statusReason: null,
  });

  // Delist another: the reason, then a warning that it is final, then the last button.
  await page.getByTestId('admin-market-q').fill(delisted);
  const other = page.locator(`[data-testid="admin-market-row"][data-symbol="${delisted}"]`);
  await other.getByTestId('admin-market-delist').click();
  await page.getByTestId('admin-market-reason').fill('デモ：上場廃止の確認');
  await page.getByTestId('admin-market-next').click();
  const final = page.getByTestId('admin-market-confirm-final');
  await expect(final).toContainText('元に戻すことはできず');
  await shot(page, 'admin-market-delist-confirm');
  await page.getByTestId('admin-market-confirm').click();
  await expect(other).toHaveAttribute('data-status', 'delisted');
  await expect(other).toContainText('上場廃止');
  // Delisted is final: no action is offered any more.
  await expect(other.getByRole('button')).toHaveCount(0);
  await noticeGone(page);
  await shot(page, 'admin-market-delisted');
  expect(await call<{ status: string }>(member.request, 'market/detail', { symbol: delisted })).toMatchObject({
    status: 'delisted',
  });
  await member.context().close();
});

test('staff withdraw an article they published, and the member’s news list no longer shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `【お知らせ】取り下げ予定の記事 ${String(Date.now()).slice(-5)}`;
  await openSection(page, 'news');
  await page.getByTestId('admin-news-title').fill(title);
  await page.getByTestId('admin-news-body').fill('この記事は公開終了の確認のためのデモです。');
  await page.getByTestId('admin-news-publish').click();
  const row = page.getByTestId('admin-news-row').filter({ hasText: title });
  await expect(row).toContainText('公開中');

  // The member sees it first.
  const member = await memberPage(browser, baseURL);
  await member.getByTestId('home-news-more').click();
  await expect(member.getByTestId('news-item').filter({ hasText: title })).toHaveCount(1);

  // Withdraw: a reason is required before the button works.
  await row.getByTestId('admin-news-withdraw').click();
  const panel = page.getByTestId('admin-news-withdraw-panel');
  await expect(panel).toContainText(title);
  await expect(page.getByTestId('admin-news-withdraw-confirm')).toBeDisabled();
  await page.getByTestId('admin-news-withdraw-reason').fill('誤って公開したため');
  await shot(page, 'admin-news-withdraw-confirm', { fullPage: false });
  await page.getByTestId('admin-news-withdraw-confirm').click();
  await expect(row).toContainText('公開終了');
  await expect(row.getByTestId('admin-news-withdraw')).toHaveCount(0);
  await noticeGone(page);
  await shot(page, 'admin-news-withdrawn', { fullPage: false });

  // The member opens the news again: the article is gone. The member's app keeps a list it fetched for up to
  // 30 s (the query client's staleTime) and hears nothing of staff's withdrawal, so this is a fresh visit.
  const id = await row.getAttribute('data-id');
  await member.goto('/#/home/moreNews');
  await member.reload();
  await expect(member.getByTestId('news-list')).toBeVisible();
  await expect(member.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);
  await shot(member, 'member-news-after-withdraw');
  // Nor can the article itself be read any more, even from a link kept from before.
  await member.goto(`/#/home/DetailsPage?id=${id ?? ''}`);
  await expect(member.getByTestId('news-missing')).toBeVisible();
  await member.context().close();
});
