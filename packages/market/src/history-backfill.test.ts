import { describe, expect, it } from 'vitest';
import { bucketStart, CANDLE_PERIODS } from '@kabuto/domain/market/candles';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { priceLimits } from '@kabuto/domain/market/price-limit';
import { money } from '@kabuto/domain/money';
import { historyCandles, historyTradingDays } from './history.ts';
import { TSE_COMPANIES } from './tse-companies.ts';

const anchor = new Date('2026-11-20T01:00:00Z'); // Friday 10:00 JST
const days = historyTradingDays(anchor);

describe('back-filled chart history', () => {
  it('has about two years of trading days, none on a weekend or the year-end break', () => {
    expect(days.length).toBeGreaterThan(470);
    expect(days.length).toBeLessThan(500);
    for (const d of days) {
      expect(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() % 6).not.toBe(0);
      expect(d.month === 1 && d.day <= 3).toBe(false);
    }
  });

  it('gives every period candles on the tick grid, ends at the base price and stays inside each day’s limits', () => {
    for (const company of TSE_COMPANIES.slice(0, 40)) {
      const history = historyCandles(7, company, anchor, days);
      for (const period of CANDLE_PERIODS) {
        const candles = history.get(period) ?? [];
        expect(candles.length, `${company.code} ${period}`).toBeGreaterThan(period === '1M' ? 20 : 10);
        for (const c of candles) {
          for (const price of [c.open, c.high, c.low, c.close])
            expect(isOnTickGrid(price, company.tickTable)).toBe(true);
          expect(
            money(c.low).lte(money(c.open)) &&
              money(c.low).lte(money(c.close)) &&
              money(c.high).gte(money(c.open)) &&
              money(c.high).gte(money(c.close)),
          ).toBe(true);
          expect(c.start.getTime()).toBeLessThan(bucketStart(period, anchor).getTime());
        }
      }
      const daily = history.get('1d') ?? [];
      expect(daily.at(-1)?.close).toBe(money(company.basePrice).toString());
      for (let i = 1; i < daily.length; i++) {
        const limits = priceLimits(daily[i - 1]?.close ?? '1');
        expect(money(daily[i]?.high ?? '0').lte(limits.upper) && money(daily[i]?.low ?? '0').gte(limits.lower)).toBe(
          true,
        );
      }
    }
  });

  it('is the same for the same seed and differs for another seed', () => {
    const [company] = TSE_COMPANIES;
    if (!company) throw new Error('no companies');
    expect(historyCandles(7, company, anchor, days)).toEqual(historyCandles(7, company, anchor, days));
    expect(historyCandles(8, company, anchor, days).get('1d')).not.toEqual(
      historyCandles(7, company, anchor, days).get('1d'),
    );
  });
});
