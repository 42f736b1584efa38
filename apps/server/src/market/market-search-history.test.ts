import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { describeEachDatabase } from '../test/harness.ts';
import { searchHistoryLength } from './market.service.ts';

describeEachDatabase('search by code or name in three languages, with the member’s history', (h) => {
  it('finds a stock by code, by Japanese, English and Traditional Chinese name, and by full-width digits', async () => {
    const search = async (q: string) => (await h().call<QuoteWire[]>('market/search', { q })).data.map((s) => s.symbol);
    expect((await search('7203'))[0]).toBe('7203');
    expect(await search('トヨタ')).toContain('7203');
    expect(await search('toyota motor')).toContain('7203');
    expect(await search('豐田')).toContain('7203');
    expect((await search('７２０３'))[0]).toBe('7203');
    expect(await search('72')).toEqual(expect.arrayContaining(['7201', '7203']));
    expect(await search('no such company zzz')).toEqual([]);
  });

  it('finds a stock by its reading in hiragana or katakana and by its name in Simplified Chinese (issue 16 §3.7)', async () => {
    const search = async (q: string) => (await h().call<QuoteWire[]>('market/search', { q })).data.map((s) => s.symbol);
    // トヨタ自動車 (7203) first; 豊田通商 (8015, トヨタツウショウ) also begins with the reading.
    expect(await search('とよた')).toEqual(['7203', '8015']);
    expect(await search('トヨタ')).toEqual(['7203', '8015']);
    expect(await search('とよたじどうしゃ')).toEqual(['7203']);
    expect(await search('ﾄﾖﾀｼﾞﾄﾞｳｼｬ')).toEqual(['7203']);
    expect(await search('にっぽんせいてつ')).toEqual(['5401']);
    // 豐田汽車 in Traditional; 豐田合成 and 豐田通商 share 豐田.
    expect(await search('丰田汽车')).toEqual(['7203']);
    expect(await search('丰田')).toEqual(['7203', '7282', '8015']);
    expect(await search('软银集团')).toEqual(['9984']);
    expect(await search('索尼')).toEqual(['6758']);
    // 日本製鐵 (tw) and 日本製鉄 (jp): 制 and 铁 fold with 製, 鐵 and 鉄.
    expect(await search('日本制铁')).toEqual(['5401']);
    expect(await search('三菱ufj フィナンシャルグループ')).toEqual(['8306']);
  });

  it('keeps a signed-in member’s recent searches, newest first, without duplicates, and clears them', async () => {
    const m = await h().member();
    for (const q of ['ソニー', 'toyota', 'ソニー']) {
      await h().call('market/search', { q, remember: true }, m.headers);
      h().clock.advance(1000);
    }
    const history = await h().call<{ query: string }[]>('market/searchHistory', {}, m.headers);
    expect(history.data.map((x) => x.query)).toEqual(['ソニー', 'toyota']);
    const other = await h().member();
    expect((await h().call<unknown[]>('market/searchHistory', {}, other.headers)).data).toEqual([]);
    expect((await h().call('market/searchHistory/clear', {}, m.headers)).status).toBe(1);
    expect((await h().call<unknown[]>('market/searchHistory', {}, m.headers)).data).toEqual([]);
  });

  it('keeps nothing of the results shown while a member types, only what they searched on purpose', async () => {
    const m = await h().member();
    for (const q of ['ト', 'トヨ', 'トヨタ'])
      expect((await h().call('market/search', { q }, m.headers)).status).toBe(1);
    expect((await h().call<unknown[]>('market/searchHistory', {}, m.headers)).data).toEqual([]);
    await h().call('market/search', { q: 'トヨタ', remember: true }, m.headers);
    expect(
      (await h().call<{ query: string }[]>('market/searchHistory', {}, m.headers)).data.map((x) => x.query),
    ).toEqual(['トヨタ']);
    const bad = await h().call('market/search', { q: 'トヨタ', remember: 'yes' }, m.headers);
    expect([bad.http, bad.msg]).toEqual([400, errorKeys.request.invalid]);
  });

  it('keeps only the last searches and records nothing for a visitor', async () => {
    const m = await h().member();
    for (let i = 0; i < searchHistoryLength + 5; i++)
      await h().call('market/search', { q: `q${i}`, remember: true }, m.headers);
    const history = (await h().call<{ query: string }[]>('market/searchHistory', {}, m.headers)).data;
    expect(history).toHaveLength(searchHistoryLength);
    expect(history[0]?.query).toBe(`q${searchHistoryLength + 4}`);
    const before = await h().db.query<{ n: string }>(`SELECT count(*) AS n FROM market_search_history`);
    expect((await h().call('market/search', { q: 'visitor', remember: true })).status).toBe(1);
    expect(await h().db.query<{ n: string }>(`SELECT count(*) AS n FROM market_search_history`)).toEqual(before);
    const empty = await h().call('market/search', { q: '   ' });
    expect([empty.http, empty.msg]).toEqual([400, errorKeys.request.invalid]);
    const anonymousHistory = await h().call('market/searchHistory', {});
    expect(anonymousHistory.http).toBe(401);
  });
});
