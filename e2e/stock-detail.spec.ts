import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, freshAccount, shot, signIn, staffHeaders, registerMember } from './screens.ts';

// Issue 7 and issue 16 §3: the stock detail's refusals, its address, and a halted stock. Its moving price, chart
// periods and star are walked in market-lists.spec.ts.
const account = freshAccount();
const password = 'detail2026';
const halted = '1835'; // 東鉄工業: not used by the other browser tests

interface Detail {
  symbol: string;
  names: { jp: string };
  last: string;
  depth: { bids: { price: string }[]; asks: { price: string }[] };
}

test.beforeAll(async ({ request }) => {
  await registerMember(request, account, password);
});

/** Changes only the address, as an edited hash or a deep link within the tab does (no app navigation). */
async function setHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

/** Waits for the brief notices (sign-in, the client's SPEC §8 notice) to go, so a photograph shows the screen. */
async function noticeGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

/** A figure as a number, whatever its grouping: the test compares values, not how they are written. */
const valueOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * The screen shows the stock the address names: its name and code, and (both move live, so polled until one
 * reading of the API agrees) the API's last price and best bid for that code.
 */
async function expectShowing(page: Page, request: APIRequestContext, symbol: string): Promise<void> {
  const screen = page.getByTestId('stock-detail');
  await expect(screen).toHaveAttribute('data-symbol', symbol);
  const first = await apiCall<Detail>(request, 'market/detail', { symbol });
  await expect(screen.locator('h1')).toContainText(first.names.jp);
  await expect(screen.locator('h1')).toContainText(symbol);
  await expect
    .poll(
      async () => {
        const api = await apiCall<Detail>(request, 'market/detail', { symbol });
        const last = valueOf(await page.getByTestId('stock-last').textContent());
        const bid = valueOf(await page.getByTestId('depth-bid').first().locator('.depth__price').textContent());
        return last === Number(api.last) && bid === Number(api.depth.bids[0]?.price);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('an unknown code shows an honest missing state with a way to search', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/market/marketDetail?symbol=ZZZZ');
  await expect(page.getByTestId('stock-missing')).toBeVisible();
  await shot(page, 'stock-missing', { fullPage: false });
  await page.getByRole('button', { name: '銘柄を検索' }).click();
  await expect(page).toHaveURL(/#\/home\/search/);
});

test('changing only the address shows the new stock, back shows the first again, and a known code clears not-found', async ({
  page,
  request,
}) => {
  await signIn(page, account, password);
  await page.goto('/#/market/marketDetail?symbol=7203');
  await expectShowing(page, request, '7203');

  await setHash(page, '#/market/marketDetail?symbol=6758');
  await expectShowing(page, request, '6758');
  await noticeGone(page);
  await shot(page, 'stock-detail-by-address', { fullPage: false });

  // Back to 7203: its cached figures come at once, and nothing of 6758's screen (here its chart period) stays.
  await page.getByTestId('period-1w').click();
  await expect(page.getByTestId('chart-area')).toHaveAttribute('data-period', '1w');
  await page.goBack();
  await expect(page).toHaveURL(/symbol=7203$/);
  await expectShowing(page, request, '7203');
  await expect(page.getByTestId('chart-area')).toHaveAttribute('data-period', '5m');
  await page.goForward();
  await expect(page).toHaveURL(/symbol=6758$/);
  await expectShowing(page, request, '6758');

  await setHash(page, '#/market/marketDetail?symbol=ZZZZ');
  await expect(page.getByTestId('stock-missing')).toBeVisible();
  await expect(page.getByTestId('stock-detail')).toHaveCount(0);
  await setHash(page, '#/market/marketDetail?symbol=7203');
  await expect(page.getByTestId('stock-missing')).toHaveCount(0);
  await expectShowing(page, request, '7203');
});

test('a halted stock shows the halt and its reason instead of a frozen depth ladder', async ({ page, request }) => {
  const asStaff = await staffHeaders(request);
  const reason = 'E2E：重要事実の公表待ち';
  await apiCall(request, 'admin/market/halt', { symbol: halted, reason }, asStaff);
  try {
    await signIn(page, account, password);
    await page.goto(`/#/market/marketDetail?symbol=${halted}`);
    await expect(page.getByTestId('stock-detail')).toHaveAttribute('data-symbol', halted);
    await expect(page.getByTestId('stock-status')).toContainText('売買停止中');
    const closed = page.getByTestId('depth-closed');
    await expect(closed).toContainText('売買停止中');
    await expect(closed).toContainText(reason);
    await expect(page.getByTestId('depth-ladder')).toHaveCount(0);
    await expect(page.getByTestId('depth-bid')).toHaveCount(0);
    await expect(page.getByTestId('chart-area').locator('canvas').first()).toBeVisible();
    await noticeGone(page);
    await shot(page, 'stock-detail-halted');
  } finally {
    await apiCall(request, 'admin/market/resume', { symbol: halted, reason: 'E2E：再開' }, asStaff);
  }
});

test('a busy answer says so and offers a retry that loads the stock, never "not found"', async ({ page }) => {
  await signIn(page, account, password);
  let refused = 0;
  await page.route('**/api/vue/market/detail', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ status: 0, msg: 'errors.process.tooFrequent', data: null }),
    });
  });
  await page.goto('/#/market/marketDetail?symbol=7203');
  const failed = page.getByTestId('stock-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('時間をおいて');
  await expect(page.getByTestId('stock-missing')).toHaveCount(0);
  // The client's brief notice (SPEC §8) says it too; the photograph is of the screen once the notice has gone.
  await noticeGone(page);
  await shot(page, 'stock-detail-too-frequent', { fullPage: false });
  await page.getByTestId('stock-failed-retry').click();
  await expect(page.getByTestId('stock-detail')).toHaveAttribute('data-symbol', '7203');
  await expect(failed).toHaveCount(0);
  expect(refused).toBe(1);
});
