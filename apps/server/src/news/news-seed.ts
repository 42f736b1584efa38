import type { Sql } from '@kabuto/db/database';
import type { Lang } from '@kabuto/contracts/fields';
import { insertArticle } from './news.service.ts';

// Issue 7: "seed a few honest, clearly demo articles". Each says it is a demo and states only facts
// about the app and the TSE rules it simulates; none reports market events.
// The source is shown as stored, beside the article in its own language, so each language has its own.
export const demoSources: Record<Lang, string> = {
  en: 'Kabuto (demo article)',
  jp: 'Kabuto（デモ記事）',
  tw: 'Kabuto（示範文章）',
};

const articles: { lang: Lang; title: string; body: string }[][] = [
  [
    {
      lang: 'en',
      title: '[Demo] Prices in this app are simulated',
      body: 'This is a demo article written by the Kabuto team.\n\nThe prices, volumes, charts and indices you see here come from a simulator, not from the Tokyo Stock Exchange. The companies and their codes are real TSE Prime listings, but their prices are not quotes and must not be used for real investment decisions. Every price shows its source label ("simulated").',
    },
    {
      lang: 'jp',
      title: '【デモ】このアプリの株価はシミュレーションです',
      body: 'これは Kabuto チームが作成したデモ記事です。\n\n表示される株価、出来高、チャート、指数はシミュレーターによるもので、東京証券取引所の実際の相場ではありません。会社名と銘柄コードは東証プライム市場の実在の上場企業ですが、価格は気配値ではありませんので、実際の投資判断には使用しないでください。すべての価格に出所（「シミュレーション」）が表示されます。',
    },
    {
      lang: 'tw',
      title: '【示範】本應用程式的股價為模擬資料',
      body: '這是 Kabuto 團隊撰寫的示範文章。\n\n畫面上的股價、成交量、圖表與指數皆來自模擬器，並非東京證券交易所的實際行情。公司與代碼為東證 Prime 市場的真實上市公司，但價格並非報價，請勿用於實際投資決策。每個價格都會標示來源（「模擬」）。',
    },
  ],
  [
    {
      lang: 'en',
      title: '[Demo] TSE trading hours',
      body: 'This is a demo article written by the Kabuto team.\n\nThe Tokyo Stock Exchange trades from 9:00 to 11:30 and from 12:30 to 15:30 Japan time; since 5 November 2024 the afternoon session ends with a closing auction from 15:25 to 15:30. It is closed at weekends, on Japanese public holidays and from 31 December to 3 January. In the demo profile this app\'s simulated market is open around the clock; the "tse" profile follows the real hours.',
    },
    {
      lang: 'jp',
      title: '【デモ】東証の取引時間',
      body: 'これは Kabuto チームが作成したデモ記事です。\n\n東京証券取引所の取引時間は、前場が9時から11時30分、後場が12時30分から15時30分です。2024年11月5日からは、15時25分から15時30分までクロージング・オークションが行われます。土日、祝日、12月31日から1月3日までは休場です。このアプリのデモ設定ではシミュレーション市場は終日開いており、「tse」設定では実際の取引時間に従います。',
    },
    {
      lang: 'tw',
      title: '【示範】東證交易時間',
      body: '這是 Kabuto 團隊撰寫的示範文章。\n\n東京證券交易所的交易時間為日本時間上午 9:00 至 11:30、下午 12:30 至 15:30；自 2024 年 11 月 5 日起，下午盤在 15:25 至 15:30 以收盤集合競價結束。週末、日本國定假日及 12 月 31 日至 1 月 3 日休市。本應用程式的示範設定中，模擬市場全天開放；「tse」設定則依照實際交易時間。',
    },
  ],
  [
    {
      lang: 'en',
      title: '[Demo] Daily price limits and tick sizes',
      body: "This is a demo article written by the Kabuto team.\n\nA TSE stock may not trade more than a set amount above or below the previous day's close (the daily price limit, which depends on the price band). Prices move in steps called tick sizes; TOPIX 500 constituents use a finer table than other stocks. The simulator in this app follows both rules, and each stock's screen shows its limits and current tick size.",
    },
    {
      lang: 'jp',
      title: '【デモ】制限値幅と呼値の単位',
      body: 'これは Kabuto チームが作成したデモ記事です。\n\n東証の株式は、前日終値から一定の幅（制限値幅。価格帯により異なります）を超えて売買されることはありません。価格は呼値の単位で刻まれ、TOPIX500 構成銘柄にはその他の銘柄より細かい単位が適用されます。このアプリのシミュレーターは両方のルールに従い、各銘柄の画面に値幅制限と現在の呼値の単位を表示します。',
    },
    {
      lang: 'tw',
      title: '【示範】每日漲跌幅限制與升降單位',
      body: '這是 Kabuto 團隊撰寫的示範文章。\n\n東證股票的成交價不得高於或低於前一日收盤價超過一定幅度（每日漲跌幅限制，依價格區間而定）。價格以升降單位（呼值）跳動，TOPIX 500 成分股適用比其他股票更細的單位。本應用程式的模擬器遵循這兩項規則，每檔股票的頁面都會顯示漲跌停價與目前的升降單位。',
    },
  ],
];

/** The first start's demo articles, oldest first so the list shows the first one on top. */
export async function seedDemoNews(sql: Sql, now: Date): Promise<number> {
  const [existing] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM news_articles`);
  if (Number(existing?.n ?? 0) > 0) {
    // Demo articles seeded before the source had a language keep the English one: give them theirs.
    for (const lang of ['jp', 'tw'] as const)
      await sql.query(`UPDATE news_articles SET source = $1 WHERE created_by IS NULL AND lang = $2 AND source = $3`, [
        demoSources[lang],
        lang,
        demoSources.en,
      ]);
    return 0;
  }
  let inserted = 0;
  for (const [i, group] of [...articles].reverse().entries()) {
    for (const a of group) {
      await insertArticle(
        sql,
        { ...a, source: demoSources[a.lang], createdBy: null },
        new Date(now.getTime() - (articles.length - i) * 60_000),
      );
      inserted += 1;
    }
  }
  return inserted;
}
