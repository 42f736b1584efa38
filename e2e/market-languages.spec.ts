import { expect, test, type Page } from '@playwright/test';
import { shot, signIn, registerMember } from './screens.ts';

// Issue 16 "Done when": every market screen looked at in the three languages. Each screen is opened in en, tw and jp
// as a signed-in member, photographed, and read for what a member should never see: a catalogue key instead of words,
// or Japanese kana on an English or Chinese screen.
test.describe.configure({ mode: 'serial' });

const account = `061${String(Date.now()).slice(-7)}`;
const password = 'langs2026x';

const screens: readonly { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/home/index', ready: (p) => expect(p.getByTestId('home-screen')).toBeVisible() },
  {
    name: 'market-list',
    path: '/market/market',
    ready: (p) => expect(p.getByTestId('market-list').getByTestId('quote-row').first()).toBeVisible(),
  },
  {
    name: 'watchlist',
    path: '/market/market?tab=watchlist',
    ready: (p) => expect(p.getByTestId('market-watchlist')).toBeVisible(),
  },
  {
    name: 'rankings',
    path: '/market/stockHot/stockList?sort=gainers',
    ready: (p) => expect(p.getByTestId('rankings-screen')).toBeVisible(),
  },
  {
    name: 'detail',
    path: '/market/marketDetail?symbol=7203',
    ready: async (p) => {
      await expect(p.getByTestId('stock-last')).toBeVisible();
      await expect(p.getByTestId('chart-area').locator('canvas').first()).toBeVisible();
    },
  },
  { name: 'indices', path: '/gdindex/gdindex', ready: (p) => expect(p.getByTestId('index-card')).toHaveCount(2) },
  {
    name: 'constituents',
    path: '/gdindex/gdList?code=KSPW',
    ready: (p) => expect(p.getByTestId('constituent').first()).toBeVisible(),
  },
  { name: 'news', path: '/home/moreNews', ready: (p) => expect(p.getByTestId('news-item').first()).toBeVisible() },
];

type Lang = 'en' | 'tw' | 'jp';

/** What each screen must say in each language, beyond "no keys, no kana" (issue 16 §3.8, §3.9). */
const wordsOf: Partial<Record<string, (page: Page, lang: Lang, text: string) => Promise<void>>> = {
  // The empty watchlist points at the star where the stock screen draws it: the top bar, on the right.
  watchlist: async (_page, lang, text) => {
    expect(text).toContain({ en: 'at the top right', tw: '右上角', jp: '画面右上' }[lang]);
  },
  detail: async (page, lang) => {
    const star = page.getByTestId('watch-star');
    await expect(page.locator('.page__bar').getByTestId('watch-star')).toHaveCount(1);
    const box = await star.boundingBox();
    expect(box && box.x > 390 / 2 && box.y < 60, 'the star sits at the top right').toBe(true);
    // The chart's name reads as the language's own word for it (Chinese 日K線, never 日KK線).
    await page.getByTestId('period-1d').click();
    await expect(page.getByTestId('candle-chart')).toHaveAttribute(
      'aria-label',
      { en: 'Candlestick and volume chart, Day', tw: '日K線圖（含成交量）', jp: '日足のローソク足と出来高のチャート' }[
        lang
      ],
    );
    await shot(page, `${lang}-detail-day`, { fullPage: false });
  },
  news: async (_page, lang, text) => {
    expect(text).toContain({ en: 'Kabuto (demo article)', tw: 'Kabuto（示範文章）', jp: 'Kabuto（デモ記事）' }[lang]);
  },
};

/** Text that looks like an untranslated catalogue key (`market.halt`, `errors.market.unknownSymbol`). */
const catalogueKey = /(^|\s)[a-z]+(\.[a-z][A-Za-z0-9]*)+(?=\s|$)/m;
const kana = /[\u3041-\u309f\u30a1-\u30fa\u30fc]/;

test('each market screen reads in English, Chinese and Japanese', async ({ page, request }) => {
  // Fifteen full page loads (five screens in three languages): 1.3 min on a quiet machine, so 90 s left no room.
  test.setTimeout(240_000);
  await registerMember(request, account, password);
  await signIn(page, account, password);

  for (const lang of ['en', 'tw', 'jp'] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const screen of screens) {
      await page.goto(`/#${screen.path}`);
      await page.reload();
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute(
        'lang',
        lang === 'en' ? 'en' : lang === 'tw' ? 'zh-Hant-TW' : 'ja',
      );
      await shot(page, `${lang}-${screen.name}`, { fullPage: false });
      const text = await page.locator('body').innerText();
      expect(text, `${screen.name} in ${lang} shows a catalogue key`).not.toMatch(catalogueKey);
      if (lang !== 'jp') expect(text, `${screen.name} in ${lang} shows Japanese kana`).not.toMatch(kana);
      // Data shown as stored must be in the member's language too: the news source (issue 16 §3.9).
      if (lang !== 'en') expect(text, `${screen.name} in ${lang} shows an English source`).not.toMatch(/demo article/i);
      await wordsOf[screen.name]?.(page, lang, text);
    }
  }
});
