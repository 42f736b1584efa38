import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { money } from '@kabuto/domain/money';
import { describeEachDatabase } from '../test/harness.ts';
import { stepFeed, stepUntilTraded } from './market-fixtures.ts';

type Detail = QuoteWire & {
  depth: { bids: { price: string; quantity: number }[]; asks: { price: string; quantity: number }[] };
};
type Candles = {
  symbol: string;
  period: string;
  source: string;
  candles: {
    start: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: number;
    turnover: string;
  }[];
};

describeEachDatabase('market quotes, rankings, detail and candles', (h) => {
  it('says which profile is in force and that the demo market is open', async () => {
    const res = await h().call<{
      profile: string;
      open: boolean;
      phase: string;
      nextOpen: string | null;
      source: string;
    }>('market/status');
    expect(res.data).toMatchObject({
      profile: 'demo',
      open: true,
      phase: 'continuous',
      nextOpen: null,
      source: 'simulated',
    });
  });

  it('lists the listed stocks a page at a time, and ranks gainers, losers and turnover after the market moves', async () => {
    await stepFeed(h(), 5);
    const page1 = await h().call<{ items: QuoteWire[]; total: number; source: string }>('market/stockList', {
      page: 1,
      pageSize: 20,
    });
    expect(page1.status).toBe(1);
    expect(page1.data.total).toBeGreaterThanOrEqual(150);
    expect(page1.data.items).toHaveLength(20);
    expect(page1.data.source).toBe('simulated');
    const page2 = await h().call<{ items: QuoteWire[] }>('market/stockList', { page: 2, pageSize: 20 });
    expect(page2.data.items[0]?.symbol.localeCompare(page1.data.items[19]?.symbol ?? '')).toBeGreaterThan(0);
    const gainers = (await h().call<{ items: QuoteWire[] }>('market/stockList', { sort: 'gainers', pageSize: 50 })).data
      .items;
    const losers = (await h().call<{ items: QuoteWire[] }>('market/stockList', { sort: 'losers', pageSize: 50 })).data
      .items;
    const turnover = (await h().call<{ items: QuoteWire[] }>('market/stockList', { sort: 'turnover', pageSize: 50 }))
      .data.items;
    // A few seconds of trading move only some stocks off their previous close: each ranking is as long as it is.
    const ordered = (items: QuoteWire[], key: (q: QuoteWire) => string, direction: 1 | -1) =>
      items.every(
        (q, i) =>
          i === 0 ||
          money(key(items[i - 1]!))
            .minus(key(q))
            .times(direction)
            .gte(0),
      );
    expect(turnover).toHaveLength(50);
    expect(ordered(gainers, (q) => q.changePercent, 1)).toBe(true);
    expect(ordered(losers, (q) => q.changePercent, -1)).toBe(true);
    expect(ordered(turnover, (q) => q.turnover, 1)).toBe(true);
    expect(money(gainers[0]!.changePercent).gt(0)).toBe(true);
    expect(money(losers[0]!.changePercent).lt(0)).toBe(true);
  });

  it('shows a stock’s figures, limits, tick size and five levels of depth, all as decimal strings with their source', async () => {
    await stepUntilTraded(h(), '7203');
    const res = await h().call<Detail>('market/detail', { symbol: '7203' });
    expect(res.status).toBe(1);
    const d = res.data;
    expect(d).toMatchObject({
      symbol: '7203',
      names: { jp: 'トヨタ自動車' },
      topix500: true,
      status: 'listed',
      statusReason: null,
      source: 'simulated',
    });
    for (const field of [
      d.last,
      d.prevClose,
      d.change,
      d.changePercent,
      d.turnover,
      d.limitUp,
      d.limitDown,
      d.tickSize,
      d.open,
      d.high,
      d.low,
    ])
      expect(typeof field).toBe('string');
    expect(d.volume).toBeGreaterThan(0);
    expect(isOnTickGrid(d.last, 'topix500')).toBe(true);
    expect(money(d.last).lte(money(d.limitUp)) && money(d.last).gte(money(d.limitDown))).toBe(true);
    expect(money(d.change).eq(money(d.last).minus(money(d.prevClose)))).toBe(true);
    expect(money(d.low!).lte(money(d.last)) && money(d.high!).gte(money(d.last))).toBe(true);
    expect(d.depth.bids).toHaveLength(5);
    expect(d.depth.asks).toHaveLength(5);
    expect(d.depth.bids[0]?.price).toBe(d.last);
    expect(money(d.depth.asks[0]!.price).gt(money(d.last))).toBe(true);
  });

  it('answers every chart period with back-filled history ending before the live candles', async () => {
    for (const period of ['1m', '5m', '10m', '30m', '1d', '1w', '1M']) {
      const res = await h().call<Candles>('market/candles', { symbol: '6758', period, limit: 1000 });
      expect(res.status, period).toBe(1);
      expect(res.data.source).toBe('simulated');
      const candles = res.data.candles;
      expect(candles.length, period).toBeGreaterThan(period === '1M' ? 20 : period === '1w' ? 90 : 10);
      for (let i = 1; i < candles.length; i++) expect(candles[i - 1]!.start < candles[i]!.start).toBe(true);
      for (const c of candles) expect(money(c.low).lte(money(c.open)) && money(c.high).gte(money(c.close))).toBe(true);
    }
    const daily = (await h().call<Candles>('market/candles', { symbol: '6758', period: '1d', limit: 1000 })).data
      .candles;
    expect(daily.length).toBeGreaterThan(450);
  });

  it('puts the feed’s trades into the live candle of each period', async () => {
    await stepUntilTraded(h(), '9984');
    const last = h().platform.market.snapshot.get('9984')!.state.last;
    for (const period of ['1m', '1d']) {
      const res = await h().call<Candles>('market/candles', { symbol: '9984', period, limit: 5 });
      expect(res.data.candles.at(-1)?.close, period).toBe(last);
      expect(res.data.candles.length).toBeLessThanOrEqual(5);
    }
  });

  it('refuses unknown symbols and periods with catalogued keys', async () => {
    const unknown = await h().call('market/detail', { symbol: '0000' });
    expect([unknown.http, unknown.status, unknown.msg]).toEqual([404, 0, errorKeys.market.unknownSymbol]);
    const malformed = await h().call('market/detail', { symbol: 'DROP TABLE' });
    expect([malformed.http, malformed.msg]).toEqual([400, errorKeys.market.unknownSymbol]);
    const period = await h().call('market/candles', { symbol: '7203', period: '2h' });
    expect([period.http, period.msg]).toEqual([400, errorKeys.market.unknownPeriod]);
    const noSymbol = await h().call('market/candles', { symbol: '0001', period: '1d' });
    expect([noSymbol.http, noSymbol.msg]).toEqual([404, errorKeys.market.unknownSymbol]);
    const sort = await h().call('market/stockList', { sort: 'random' });
    expect([sort.http, sort.msg]).toEqual([400, errorKeys.request.invalid]);
  });
});
