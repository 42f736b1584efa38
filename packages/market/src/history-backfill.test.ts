import { describe, expect, it } from 'vitest';
import { jstParts } from '@kabuto/domain/calendar/jst';
import { aggregate, bucketStart, CANDLE_PERIODS } from '@kabuto/domain/market/candles';
import type { Candle } from '@kabuto/domain/market/candles';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { money } from '@kabuto/domain/money';
import { historyCandles, historyTradingDays } from './history.ts';
import { createSimulator } from './simulator.ts';
import type { MarketTick } from './simulator.ts';
import { findCompany, TSE_COMPANIES } from './tse-companies.ts';

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
    for (const company of TSE_COMPANIES.slice(0, 25)) {
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
        const limits = dailyPriceLimits(daily[i - 1]?.close ?? '1', company.tickTable);
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

const minuteOf = (c: Candle) => jstParts(c.start).minuteOfDay;
const dayOf = (c: Candle) => {
  const p = jstParts(c.start);
  return `${p.year}-${p.month}-${p.day}`;
};

/**
 * Realised standard deviation of the log price per trading minute over consecutive one-minute
 * candles of a session half (minutes without a trade leave gaps, which count as time).
 */
function perMinuteVolatility(candles: readonly Candle[]): number {
  let squares = 0;
  let minutes = 0;
  for (let i = 1; i < candles.length; i++) {
    const a = candles[i - 1]!;
    const b = candles[i]!;
    const gap = (b.start.getTime() - a.start.getTime()) / 60_000;
    if (gap > 30 || minuteOf(b) >= 15 * 60 + 25) continue; // across lunch or the night, or the closing auction
    squares += Math.log(Number(b.close) / Number(a.close)) ** 2;
    minutes += gap;
  }
  return Math.sqrt(squares / minutes);
}

describe('back-filled history joins the live feed (issue 17 §10, §14)', () => {
  const liveAnchor = new Date('2026-11-20T00:00:00Z'); // Friday 09:00 JST: history ends with Thursday's close
  const liveDays = historyTradingDays(liveAnchor);

  /** The live feed's one-minute candles of Friday's session under the tse profile, a step every 5 seconds. */
  function liveMinutes(code: string): Candle[] {
    const company = findCompany(code)!;
    const sim = createSimulator({ seed: 7, companies: [company], now: liveAnchor, profile: 'tse' });
    const ticks: MarketTick[] = [];
    for (let s = 5; s <= 390 * 60; s += 5) ticks.push(...sim.step(new Date(liveAnchor.getTime() + s * 1000)));
    return aggregate(ticks, '1m');
  }

  it('moves as much a minute as the live feed, and trades as much a minute', () => {
    for (const code of ['7203', '8306', '6920', '9432']) {
      const history = historyCandles(7, findCompany(code)!, liveAnchor, liveDays).get('1m') ?? [];
      const live = liveMinutes(code);
      // Before, back-filled minutes were 10–15 times quieter than the live feed's.
      const ratio = perMinuteVolatility(history) / perMinuteVolatility(live);
      expect(ratio > 0.7 && ratio < 1.4, `${code} volatility history/live ${ratio}`).toBe(true);
      const volumeOf = (candles: readonly Candle[]) =>
        candles.filter((c) => minuteOf(c) < 15 * 60 + 25).reduce((sum, c) => sum + c.volume, 0) /
        new Set(candles.map(dayOf)).size;
      const volumes = volumeOf(history) / volumeOf(live);
      expect(volumes > 0.4 && volumes < 2.5, `${code} volume a session history/live ${volumes}`).toBe(true);
    }
  });

  it('covers several whole sessions with the lunch break, a U-shaped volume and one closing print at 15:30', () => {
    const company = findCompany('7203')!;
    const history = historyCandles(7, company, liveAnchor, liveDays);
    const minutes = history.get('1m') ?? [];
    const daily = history.get('1d') ?? [];
    const sessions = [...new Set(minutes.map(dayOf))];
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    for (const session of sessions) {
      const own = minutes.filter((c) => dayOf(c) === session);
      expect(own.filter((c) => minuteOf(c) >= 11 * 60 + 30 && minuteOf(c) < 12 * 60 + 30)).toEqual([]);
      expect(own.filter((c) => minuteOf(c) >= 15 * 60 + 25 && minuteOf(c) < 15 * 60 + 30)).toEqual([]);
      const closing = own.filter((c) => minuteOf(c) === 15 * 60 + 30);
      expect(closing).toHaveLength(1);
      const [print] = closing;
      expect(new Set([print!.open, print!.high, print!.low, print!.close]).size).toBe(1);
      // At the last continuous price, which is the day's close.
      expect(print!.close).toBe(own.at(-2)?.close);
      expect(daily.find((d) => dayOf(d) === session)?.close).toBe(print!.close);
      expect(minuteOf(own[0]!)).toBe(9 * 60);
    }
    const mean = (from: number, to: number) => {
      const inside = minutes.filter((c) => minuteOf(c) >= from && minuteOf(c) < to);
      return inside.reduce((sum, c) => sum + c.volume, 0) / inside.length;
    };
    expect(mean(9 * 60, 9 * 60 + 10)).toBeGreaterThan(1.5 * mean(10 * 60, 11 * 60));
    expect(mean(15 * 60 + 15, 15 * 60 + 25)).toBeGreaterThan(1.2 * mean(13 * 60, 14 * 60));
    // The last history close is where the live feed starts.
    expect(daily.at(-1)?.close).toBe(money(company.basePrice).toString());
    expect(minutes.at(-1)?.close).toBe(money(company.basePrice).toString());
  });

  it('gives each back-filled day about the stock’s usual volume', () => {
    for (const code of ['7203', '8566']) {
      const company = findCompany(code)!;
      const daily = historyCandles(7, company, liveAnchor, liveDays).get('1d') ?? [];
      const mean = daily.reduce((sum, c) => sum + c.volume, 0) / daily.length;
      expect(mean / company.dailyVolume, code).toBeGreaterThan(0.8);
      expect(mean / company.dailyVolume, code).toBeLessThan(1.25);
    }
  });
});
