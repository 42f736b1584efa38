import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Decimal } from '@kabuto/domain/money';
import { apiCall, freshAccount, registerFundedMember, shot, signIn } from './screens.ts';

// Issue 27 §"Accessibility and comfort": the positions screen opens with the member's totals (建玉一覧) — unrealised
// P&L, margin in use, buying power — equal to the member centre's and live with the book; skeletons of the height of
// what they stand for (the bank cards' was 0 px); an empty list says what to do next; pull-to-refresh asks again.
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const password = 'totals2026x';
let member: { token: string; account: string };

type Totals = { unrealised: string; margin: string; available: string; openCount: number };
type Assets = { totalAssets: string; available: string; frozen: string };

/** '−¥1,234.50' / '+¥12.00' / '¥0.00' as a decimal (the screens write the sign and the yen, never a JS number). */
const amountOf = (text: string): Decimal => new Decimal(text.replace(/[¥,+\s]/g, '').replace(/^[−-]/, '-'));

async function noticeGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

test.beforeAll(async ({ request }) => {
  member = await registerFundedMember(request, account, password);
});

test('an empty positions list says what to do next, under totals of nothing', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/position/position?tab=holding');
  const totals = page.getByTestId('pos-totals');
  await expect(totals).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pos-totals-count')).toHaveText('建玉 0件');
  await expect(page.getByTestId('pos-totals-pnl')).toHaveText('¥0.00');
  await expect(page.getByTestId('pos-totals-available')).toHaveText('¥900,000.00');
  await expect(page.getByTestId('pos-empty')).toBeVisible();
  await expect(page.getByTestId('pos-empty-action')).toBeVisible();
  await noticeGone(page);
  await shot(page, 'positions-totals-empty-totals', { fullPage: false });
  await page.getByTestId('pos-empty-action').click();
  await expect(page).toHaveURL(/#\/market\/market/);
});

test('a funded member’s open positions are totalled at 390 px, equal to the member centre, and move with the book', async ({
  page,
  request,
}) => {
  await apiCall(
    request,
    'trade/place',
    { symbol: '7203', side: 'long', type: 'market', quantity: '300', leverage: 5 },
    {
      ...member,
      'idempotency-key': randomUUID(),
    },
  );
  await apiCall(
    request,
    'trade/place',
    { symbol: '6758', side: 'short', type: 'market', quantity: '100', leverage: 5 },
    {
      ...member,
      'idempotency-key': randomUUID(),
    },
  );
  // The server's figures agree with each other: total assets = available + frozen + margin + unrealised P&L. The
  // simulated book moves between two calls, so the pair is read until no tick fell between them.
  let totals: Totals = await apiCall<Totals>(request, 'trade/totals', {}, member);
  let assets: Assets = await apiCall<Assets>(request, 'user/assets', {}, member);
  await expect
    .poll(
      async () => {
        totals = await apiCall<Totals>(request, 'trade/totals', {}, member);
        assets = await apiCall<Assets>(request, 'user/assets', {}, member);
        return new Decimal(assets.totalAssets).eq(
          new Decimal(assets.available)
            .plus(assets.frozen)
            .plus(totals.margin)
            .plus(totals.unrealised)
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
        );
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
  expect(totals.openCount).toBe(2);
  expect(new Decimal(assets.available).eq(totals.available)).toBe(true);

  await signIn(page, account, password);
  await page.goto('/#/position/position?tab=holding');
  const card = page.getByTestId('pos-totals');
  await expect(card).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pos-totals-count')).toHaveText('建玉 2件');
  await expect(page.getByTestId('pos-card')).toHaveCount(2);
  // Margin in use and buying power are the ledger's (no price in them).
  await expect(page.getByTestId('pos-totals-margin')).toHaveText(
    `¥${new Decimal(totals.margin).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`,
  );
  await expect(page.getByTestId('pos-totals-available')).toHaveText(
    `¥${new Decimal(totals.available).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`,
  );
  // The total is the sum of the cards below it, read in one go while the book moves (one render writes both).
  await expect(card).toHaveAttribute('data-basis', 'live', { timeout: 20_000 });
  for (let i = 0; i < 3; i += 1) {
    const seen = await page.evaluate(() => ({
      total: document.querySelector('[data-testid="pos-totals-pnl"]')?.textContent ?? '',
      cards: [...document.querySelectorAll('[data-testid="pos-card"] [data-testid="pos-pnl"] .amount')].map(
        (e) => e.textContent ?? '',
      ),
    }));
    expect(seen.cards).toHaveLength(2);
    const sum = seen.cards.reduce((s, text) => s.plus(amountOf(text)), new Decimal(0));
    expect(amountOf(seen.total).toFixed(2)).toBe(sum.toFixed(2));
    await page.waitForTimeout(700);
  }
  // Signed and coloured, never colour alone.
  await expect(page.getByTestId('pos-totals-pnl')).toHaveText(/^([+−-]¥[\d,]+\.\d{2}|¥0\.00)$/);
  await noticeGone(page);
  await shot(page, 'positions-totals-totals', { fullPage: false });
  await page.goto('/?lang=en#/position/position?tab=holding');
  await expect(page.getByTestId('pos-totals')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pos-totals')).toContainText('Margin in use');
  await noticeGone(page);
  await shot(page, 'positions-totals-totals-en', { fullPage: false });
});

test('the totals and the cards keep their place while they load: skeletons as tall as what they stand for', async ({
  page,
}) => {
  await signIn(page, account, password);
  // Hold the answers until the skeletons are measured.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/vue\/trade\/(totals|list)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#/position/position?tab=holding');
  const totals = page.getByTestId('pos-totals');
  await expect(totals).toHaveAttribute('data-state', 'loading');
  await expect(page.getByTestId('pos-loading')).toBeVisible();
  const before = {
    totals: await totals.boundingBox(),
    tabs: await page.locator('.positions__tabs').boundingBox(),
    rows: await page
      .getByTestId('pos-loading')
      .locator('.adm-skeleton')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height)),
  };
  await shot(page, 'positions-totals-loading', { fullPage: false });
  release();
  await expect(totals).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pos-card')).toHaveCount(2);
  const after = {
    totals: await totals.boundingBox(),
    tabs: await page.locator('.positions__tabs').boundingBox(),
    cards: await page
      .getByTestId('pos-card')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height)),
  };
  // The totals card and the tabs below it did not move; a skeleton row is as tall as a card (±2 px for the text).
  expect(after.totals).toEqual(before.totals);
  expect(after.tabs).toEqual(before.tabs);
  expect(before.rows.length).toBeGreaterThanOrEqual(2);
  for (const [i, height] of after.cards.entries())
    expect(Math.abs(height - (before.rows[i] ?? 0))).toBeLessThanOrEqual(2);
});

test('the bank cards’ skeleton is as tall as a card (it was 0 px)', async ({ page }) => {
  await signIn(page, account, password);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/vue\/user\/bankCards\/list$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#/user/BankCard');
  const rows = page.getByTestId('card-loading').locator('.adm-skeleton');
  await expect(rows).toHaveCount(2);
  const heights = await rows.evaluateAll((r) => r.map((e) => e.getBoundingClientRect().height));
  expect(heights).toEqual([136, 136]);
  await shot(page, 'positions-totals-bank-cards-loading', { fullPage: false });
  release();
});

test('pulling the positions down with a finger asks the totals and the list again', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/position/position?tab=holding');
  await expect(page.getByTestId('pos-totals')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pos-card')).toHaveCount(2);
  await noticeGone(page);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y, id: 1 }],
    });
  const asked = Promise.all([
    page.waitForRequest(/\/api\/vue\/trade\/totals$/),
    page.waitForRequest(/\/api\/vue\/trade\/list$/),
  ]);
  await touch('touchStart', 180);
  for (let y = 190; y <= 420; y += 10) await touch('touchMove', y);
  // Past the threshold: the head says to let go, in the member's language.
  await expect(page.locator('.adm-pull-to-refresh-head')).toContainText('指を離すと更新します');
  await shot(page, 'positions-totals-pull', { fullPage: false });
  await touch('touchEnd', 420);
  await asked;
  await expect(page.getByTestId('pos-totals')).toHaveAttribute('data-state', 'ready');
});
