import { expect, it } from 'vitest';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { money } from '@kabuto/domain/money';
import { describeEachDatabase } from '../test/harness.ts';
import { stepFeed } from './market-fixtures.ts';

type Page = { items: QuoteWire[]; total: number };

// Issue 16 §3.4: the gainers ranking ran on into stocks that fell, and losers into stocks that rose.
describeEachDatabase('rankings stop at zero change', (h) => {
  const all = async (sort: string): Promise<Page> => {
    const first = (await h().call<Page>('market/stockList', { sort, pageSize: 100 })).data;
    const rest = [];
    for (let page = 2; page <= Math.ceil(first.total / 100); page++) {
      rest.push(...(await h().call<Page>('market/stockList', { sort, page, pageSize: 100 })).data.items);
    }
    return { items: [...first.items, ...rest], total: first.total };
  };

  it('lists only rises as gainers and only falls as losers; sorting by change keeps every stock', async () => {
    await stepFeed(h(), 5);
    const market = await all('code');
    const rose = market.items.filter((q) => money(q.changePercent).gt(0)).length;
    const fell = market.items.filter((q) => money(q.changePercent).lt(0)).length;
    expect(rose).toBeGreaterThan(0);
    expect(fell).toBeGreaterThan(0);
    expect(rose + fell).toBeLessThan(market.total);

    const gainers = await all('gainers');
    expect(gainers.total).toBe(rose);
    expect(gainers.items.every((q) => money(q.changePercent).gt(0))).toBe(true);
    const losers = await all('losers');
    expect(losers.total).toBe(fell);
    expect(losers.items.every((q) => money(q.changePercent).lt(0))).toBe(true);

    const highFirst = await all('changeDesc');
    const lowFirst = await all('changeAsc');
    expect(highFirst.total).toBe(market.total);
    expect(lowFirst.total).toBe(market.total);
    for (let i = 1; i < market.total; i++) {
      expect(money(highFirst.items[i - 1]!.changePercent).gte(money(highFirst.items[i]!.changePercent))).toBe(true);
      expect(money(lowFirst.items[i - 1]!.changePercent).lte(money(lowFirst.items[i]!.changePercent))).toBe(true);
    }
  });
});
