import { expect, it } from 'vitest';
import { historyCandles, historyTradingDays } from '@kabuto/market/history';
import { findCompany } from '@kabuto/market/tse-companies';
import { describeEachDatabase } from '../test/harness.ts';
import { defaultMarketOptions } from './market-module.ts';

describeEachDatabase('chart history stored by the back-fill', (h) => {
  it('fills stocks one at a time until told to stop, stores exactly the seeded history, and never fills a stock twice', async () => {
    const { history } = h().platform.market;
    let allowed = 3;
    const first = await history.fillAll(() => allowed-- > 0);
    expect(first.symbols).toBe(3);
    const filled = await h().db.query<{ code: string; history_anchor_at: Date }>(
      `SELECT code, history_anchor_at FROM market_symbols WHERE history_filled_at IS NOT NULL ORDER BY code`,
    );
    expect(filled).toHaveLength(3);
    const [one] = filled;
    const company = findCompany(one!.code)!;
    const anchor = new Date(one!.history_anchor_at);
    const expected = historyCandles(defaultMarketOptions.seed, company, anchor, historyTradingDays(anchor));
    expect(first.rows).toBe(3 * [...expected.values()].reduce((n, c) => n + c.length, 0));
    const stored = await h().db.query<{
      bucket_start: Date;
      open: string;
      high: string;
      low: string;
      close: string;
      volume: string;
    }>(
      `SELECT bucket_start, open::text AS open, high::text AS high, low::text AS low, close::text AS close, volume FROM market_candles WHERE symbol = $1 AND period = '1w' ORDER BY bucket_start`,
      [one!.code],
    );
    const weeks = expected.get('1w') ?? [];
    expect(
      stored.map((r) => [new Date(r.bucket_start).toISOString(), r.open, r.high, r.low, r.close, Number(r.volume)]),
    ).toEqual(weeks.map((c) => [c.start.toISOString(), c.open, c.high, c.low, c.close, c.volume]));
    expect(await history.ensure(one!.code)).toBe(0);
    let more = 1;
    const second = await history.fillAll(() => more-- > 0);
    expect(second.symbols).toBe(1);
    expect((await h().db.query(`SELECT 1 FROM market_symbols WHERE history_filled_at IS NOT NULL`)).length).toBe(4);
  });
});
