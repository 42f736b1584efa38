import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { createSimulator } from './simulator.ts';
import type { MarketTick } from './simulator.ts';
import { TSE_COMPANIES } from './tse-companies.ts';

/** Spearman's rank correlation of two equally long series. */
function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  const ranks = (xs: readonly number[]) => {
    const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r: number[] = [];
    order.forEach(([, i], rank) => (r[i] = rank));
    return r;
  };
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const d2 = ra.reduce((sum, r, i) => sum + (r - (rb[i] ?? 0)) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

// One simulated TSE day (Friday 20 November 2026, 09:00–15:30 JST) of every listed stock, a step every 15 s.
const day = (() => {
  const open = new Date('2026-11-20T09:00:00+09:00').getTime();
  const sim = createSimulator({ seed: 21, companies: TSE_COMPANIES, now: new Date(open), profile: 'tse' });
  const ticks: MarketTick[] = [];
  for (let t = open; t <= open + 390 * 60_000; t += 15_000) ticks.push(...sim.step(new Date(t)));
  return { sim, ticks };
})();

describe('a simulated TSE day (issue 17 §14)', () => {
  it('trades each stock about its usual daily volume, from 50 thousand to 180 million shares', () => {
    const volumes = TSE_COMPANIES.map((c) => day.sim.quote(c.code).volume);
    const usual = TSE_COMPANIES.map((c) => c.dailyVolume);
    // Before, every stock traded about 15 million shares whatever its size.
    expect(rankCorrelation(usual, volumes)).toBeGreaterThan(0.9);
    TSE_COMPANIES.forEach((c, i) => {
      const ratio = (volumes[i] ?? 0) / c.dailyVolume;
      expect(ratio > 0.25 && ratio < 4, `${c.code}: ${volumes[i]} against ${c.dailyVolume}`).toBe(true);
    });
  });

  it('ranks turnover by volume × price, not by the price of a share', () => {
    const turnover = TSE_COMPANIES.map((c) => money(day.sim.quote(c.code).turnover).toNumber());
    const usual = TSE_COMPANIES.map((c) => c.dailyVolume * money(c.basePrice).toNumber());
    expect(rankCorrelation(usual, turnover)).toBeGreaterThan(0.9);
    const prices = TSE_COMPANIES.map((c) => money(c.basePrice).toNumber());
    expect(rankCorrelation(prices, turnover)).toBeLessThan(0.6);
    const top = TSE_COMPANIES.map((c, i) => [c.code, turnover[i] ?? 0] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([code]) => code);
    expect(top).toContain('8306'); // MUFG
    expect(top).not.toContain('6273'); // SMC: the dearest share, a quiet stock
  });

  it('moves each stock by its own volatility in percent, not by ticks', () => {
    /** Realised standard deviation of the log price per trading minute, from consecutive trades of a session half. */
    const perMinute = (code: string) => {
      const trades = day.ticks.filter((t) => t.symbol === code);
      let squares = 0;
      let minutes = 0;
      for (let i = 1; i < trades.length; i++) {
        const a = trades[i - 1]!;
        const b = trades[i]!;
        const gap = (b.at.getTime() - a.at.getTime()) / 60_000;
        if (gap > 30) continue; // across lunch or into the closing auction
        squares += Math.log(Number(b.price) / Number(a.price)) ** 2;
        minutes += gap;
      }
      return Math.sqrt(squares / minutes);
    };
    const expected = (code: string) => TSE_COMPANIES.find((c) => c.code === code)!.volatility / 100 / Math.sqrt(325);
    for (const code of ['7203', '8306', '6920', '6758', '8035']) {
      const ratio = perMinute(code) / expected(code);
      expect(ratio > 0.7 && ratio < 1.4, `${code}: ${ratio}`).toBe(true);
    }
    // Lasertec (3.8% a day) moves more than Toyota (1.6%) although its price is seven times higher.
    expect(perMinute('6920') / perMinute('7203')).toBeGreaterThan(1.8);
  });
});
