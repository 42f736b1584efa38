import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/parts/market/en.json';
import tw from '../../../i18n/locales/parts/market/tw.json';
import jp from '../../../i18n/locales/parts/market/jp.json';

// The stock detail screen puts the watchlist star in its top bar, on the right (`Page`'s `right`, stock-detail.screen.tsx);
// the browser test checks it is drawn there (e2e/market-languages.spec.ts).
describe('the empty watchlist says where the star is (issue 16 §3.9)', () => {
  it('points at the top right of the stock screen in every language, not beside the name', () => {
    expect(en.marketList.watchlistEmptyBody).toMatch(/top right/);
    expect(tw.marketList.watchlistEmptyBody).toMatch(/右上角/);
    expect(jp.marketList.watchlistEmptyBody).toMatch(/右上/);
    for (const text of [en, tw, jp].map((c) => c.marketList.watchlistEmptyBody)) {
      expect(text).toContain('☆');
      expect(text).not.toMatch(/next to its name|名稱旁|銘柄名の横/);
    }
  });
});
