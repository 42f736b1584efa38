import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shot, signIn, registerMember } from './screens.ts';

// Issue 16 §3.3, §3.4, §3.8, §3.9: figures written one way on every market screen, rankings that stay in order and
// stop at zero, index names readable on a 390 px phone, and constituents that open their stock.

const password = 'numbers2026x';
let members = 0;

/** A new member for each test, signed in (each test stands alone, so each defect is seen on its own). */
async function member(page: Page, request: APIRequestContext): Promise<void> {
  members += 1;
  const account = `062${String(Date.now()).slice(-6)}${members}`;
  await registerMember(request, account, password);
  await signIn(page, account, password);
}

/** Comma thousands and two decimals: "10,001.06", "54,870.00". */
const price = /^\d{1,3}(,\d{3})*\.\d{2}$/;
/** A change with its sign (a true minus), grouped, two decimals; zero without a sign. */
const change = String.raw`(?:[+−]\d{1,3}(?:,\d{3})*\.\d{2}|0\.00)`;
/** A percent change with its sign and two decimals; zero without a sign. */
const percent = String.raw`(?:[+−]\d+\.\d{2}|0\.00)%`;
const indexChange = new RegExp(String.raw`^[▲▼―]\s${change}\s\(${percent}\)$`);
const endsWithPercent = new RegExp(String.raw`(?:^|[^\d+−])(${percent})$`);

/** The percent a row ends with, as a number (for comparing only), or NaN when it is not written the one way. */
const percentOf = (text: string): number => {
  const written = endsWithPercent.exec(text.trim())?.[1];
  return written ? Number(written.replace('−', '-').replace('%', '')) : Number.NaN;
};

/**
 * Every row's percent change, read the moment the list next re-ranks (it counts its re-ranks in `data-reranks`):
 * the figures tick all the time, so only that moment says whether the order follows them.
 */
const readingAtReRank = (list: Locator): Promise<number[]> =>
  list
    .evaluate(
      (el) =>
        new Promise<string[]>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the list did not re-rank within 10 s')), 10_000);
          const observer = new MutationObserver(() => {
            observer.disconnect();
            clearTimeout(timer);
            const changes = el.querySelectorAll<HTMLElement>('[data-testid="quote-change"]');
            resolve([...changes].map((c) => c.innerText));
          });
          observer.observe(el, { attributes: true, attributeFilter: ['data-reranks'] });
        }),
    )
    .then((texts) => texts.map(percentOf));

const inOrder = (values: readonly number[], highFirst: boolean): boolean =>
  values.every((v, i) => i === 0 || (highFirst ? values[i - 1]! >= v : values[i - 1]! <= v));

async function setLanguage(page: Page, lang: 'en' | 'tw' | 'jp'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
}

test('indices, home strip and constituents write values, changes and percents one way', async ({ page, request }) => {
  await member(page, request);

  // Home's index strip.
  await expect(page.getByTestId('home-index')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('home-index-value')).toHaveCount(2);
  await expect(page.getByTestId('home-index-change')).toHaveCount(2);
  for (const value of await page.getByTestId('home-index-value').all()) await expect(value).toHaveText(price);
  for (const line of await page.getByTestId('home-index-change').all()) await expect(line).toHaveText(indexChange);

  // The index list.
  await page.goto('/#/gdindex/gdindex');
  await expect(page.getByTestId('index-card')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('index-change')).toHaveCount(2);
  for (const value of await page.getByTestId('index-value').all()) await expect(value).toHaveText(price);
  for (const line of await page.getByTestId('index-change').all()) await expect(line).toHaveText(indexChange);
  await shot(page, 'numbers-index-list', { fullPage: false });

  // The constituents: the index's own figures, then each stock's price, change and weight.
  await page.goto('/#/gdindex/gdList?code=KSPW');
  await expect(page.getByTestId('constituent').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('index-summary').locator('.index-card__value')).toHaveText(price);
  await expect(page.getByTestId('index-change')).toHaveText(indexChange);
  const rows = page.getByTestId('constituent');
  for (let i = 0; i < 5; i++) {
    const row = rows.nth(i);
    await expect(row.getByTestId('constituent-last')).toHaveText(price);
    expect(percentOf(await row.getByTestId('constituent-change').innerText())).not.toBeNaN();
    await expect(row.getByTestId('constituent-weight')).toHaveText(/(^|\s)\d{1,3}\.\d{2}%$/);
  }
  await shot(page, 'numbers-constituents', { fullPage: false });
});

test('a constituent is a button of at least 44 px that opens its stock', async ({ page, request }) => {
  await member(page, request);
  await page.goto('/#/gdindex/gdList?code=KSPW');
  const first = page.getByTestId('constituent').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first).toHaveRole('button');
  const box = await first.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  const symbol = await first.getAttribute('data-symbol');
  expect(symbol).toMatch(/^\w{4}$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`#/market/marketDetail\\?symbol=${symbol ?? ''}$`));
  await expect(page.getByTestId('stock-detail')).toHaveAttribute('data-symbol', symbol ?? '');
  // The detail writes turnover in the lists' compact units, not in full.
  await expect(page.getByTestId('stock-turnover')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d)?[万億兆]?$/);
});

test('home shows the whole name of each index at 390 px, in every language', async ({ page, request }) => {
  await member(page, request);
  for (const lang of ['jp', 'en', 'tw'] as const) {
    await setLanguage(page, lang);
    await page.goto('/#/home/index');
    await page.reload();
    await expect(page.getByTestId('home-index')).toHaveCount(2, { timeout: 30_000 });
    for (const name of await page.locator('.index-chip__name').all()) {
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
      expect(cut, `${lang}: "${await name.innerText()}" is cut off`).toBe(false);
    }
    await page.getByTestId('home-indices').scrollIntoViewIfNeeded();
    await shot(page, `numbers-home-indices-${lang}`, { fullPage: false });
  }
  await setLanguage(page, 'jp');
});

test('rankings stop at zero and stay in order while the prices tick', async ({ page, request }) => {
  test.setTimeout(150_000);
  await member(page, request);

  await page.goto('/#/market/stockHot/stockList?sort=gainers');
  for (const sort of ['gainers', 'losers'] as const) {
    await page.getByTestId(`rankings-tab-${sort}`).click();
    const list = page.getByTestId('rankings-list');
    await expect(list.getByTestId('quote-row').first()).toBeVisible({ timeout: 30_000 });
    const highFirst = sort === 'gainers';
    // Let the figures tick for a while, then read the list as it re-ranks: in order, and only rises (or only falls).
    // Four readings in five must be right: a tick may land between a re-rank and its drawing.
    await page.waitForTimeout(6_000);
    const readings: number[][] = [];
    for (let i = 0; i < 5; i++) readings.push(await readingAtReRank(list));
    const right = readings.filter((v) => v.length > 0 && v.every((x) => (highFirst ? x > 0 : x < 0)));
    expect(
      right.filter((v) => inOrder(v, highFirst)).length,
      `${sort}: ${JSON.stringify(readings)}`,
    ).toBeGreaterThanOrEqual(4);
    await shot(page, `numbers-rankings-${sort}`, { fullPage: false });
  }

  // Home's hot stocks, gainers: the same rule.
  await page.goto('/#/home/index');
  const hot = page.getByTestId('home-hot-list');
  await expect(hot.getByTestId('quote-row')).toHaveCount(5, { timeout: 30_000 });
  await page.waitForTimeout(6_000);
  const readings: number[][] = [];
  for (let i = 0; i < 5; i++) readings.push(await readingAtReRank(hot));
  expect(
    readings.filter((v) => v.length > 0 && v.every((x) => x > 0) && inOrder(v, true)).length,
    JSON.stringify(readings),
  ).toBeGreaterThanOrEqual(4);
});
