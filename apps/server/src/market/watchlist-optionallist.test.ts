import { expect, it } from 'vitest';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';

type Item = { symbol: string; last: string; names: { jp: string }; addedAt: string };

describeEachDatabase('watchlist through SPEC §7 /user/Optionallist', (h) => {
  it('adds, lists with symbol and figures, and removes; adding twice or removing twice is harmless', async () => {
    const m = await h().member();
    const list = () => h().call<Item[]>('user/Optionallist', { exchange: 'TSE', type: 'jpy' }, m.headers);
    expect((await list()).data).toEqual([]);
    const added = await h().call('user/Optionallist/add', { symbol: '7203' }, m.headers);
    expect([added.status, added.msg, added.data]).toEqual([
      1,
      successKeys.watchlistAdded,
      { symbol: '7203', onWatchlist: true },
    ]);
    h().clock.advance(1000);
    await h().call('user/Optionallist/add', { symbol: '6758' }, m.headers);
    await h().call('user/Optionallist/add', { symbol: '7203' }, m.headers);
    const items = (await list()).data;
    expect(items.map((i) => i.symbol)).toEqual(['6758', '7203']);
    expect(items[1]).toMatchObject({ symbol: '7203', names: { jp: 'トヨタ自動車' } });
    expect(typeof items[1]?.last).toBe('string');
    const removed = await h().call('user/Optionallist/remove', { symbol: '7203' }, m.headers);
    expect([removed.status, removed.data]).toEqual([1, { symbol: '7203', onWatchlist: false }]);
    expect((await h().call('user/Optionallist/remove', { symbol: '7203' }, m.headers)).status).toBe(1);
    expect((await list()).data.map((i) => i.symbol)).toEqual(['6758']);
  });

  it('is the member’s own: another member sees an empty list and cannot remove from it', async () => {
    const a = await h().member();
    const b = await h().member();
    await h().call('user/Optionallist/add', { symbol: '9984' }, a.headers);
    expect((await h().call<Item[]>('user/Optionallist', { exchange: '', type: 'jpy' }, b.headers)).data).toEqual([]);
    await h().call('user/Optionallist/remove', { symbol: '9984' }, b.headers);
    expect(
      (await h().call<Item[]>('user/Optionallist', { exchange: '', type: 'jpy' }, a.headers)).data.map((i) => i.symbol),
    ).toEqual(['9984']);
  });

  it('needs a signed-in member, type jpy and a known, not delisted symbol', async () => {
    const m = await h().member();
    const anonymous = await h().call('user/Optionallist', { exchange: 'TSE', type: 'jpy' });
    expect([anonymous.http, anonymous.msg]).toEqual([401, errorKeys.auth.required]);
    const usd = await h().call('user/Optionallist', { exchange: 'TSE', type: 'usd' }, m.headers);
    expect([usd.http, usd.msg]).toEqual([400, errorKeys.request.invalid]);
    const unknown = await h().call('user/Optionallist/add', { symbol: '0000' }, m.headers);
    expect([unknown.http, unknown.msg]).toEqual([404, errorKeys.market.unknownSymbol]);
    const staff = await staffHeaders(h());
    expect((await h().call('admin/market/delist', { symbol: '4665', reason: 'test delisting' }, staff)).status).toBe(1);
    const delisted = await h().call('user/Optionallist/add', { symbol: '4665' }, m.headers);
    expect([delisted.http, delisted.msg]).toEqual([409, errorKeys.market.delisted]);
  });
});
