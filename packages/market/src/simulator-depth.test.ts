import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { isOnTickGrid, stepTick } from '@kabuto/domain/market/tick-size';
import { createSimulator, DEPTH_LEVELS } from './simulator.ts';
import type { Depth } from './simulator.ts';
import { findCompany, TSE_COMPANIES } from './tse-companies.ts';

const start = new Date('2026-11-20T00:00:00Z');

/** The books a stock shows after each of `steps` one-minute steps. */
function books(code: string, steps: number): { depth: Depth; last: string }[] {
  const company = findCompany(code)!;
  const sim = createSimulator({ seed: 4, companies: [company], now: start, activity: 1 });
  const out: { depth: Depth; last: string }[] = [];
  for (let i = 1; i <= steps; i++) {
    sim.step(new Date(start.getTime() + i * 60_000));
    out.push({ depth: sim.depth(code), last: sim.quote(code).last });
  }
  return out;
}

const spreadTicks = (code: string, { depth }: { depth: Depth }): number => {
  const { tickTable } = findCompany(code)!;
  let ticks = 0;
  for (let p = money(depth.bids[0]!.price); p.lt(depth.asks[0]!.price); p = stepTick(p, tickTable, 'up')!) ticks++;
  return ticks;
};

describe('five levels of depth', () => {
  it('shows five bids and five asks on the grid around the last price, asks above bids, in whole lots', () => {
    const sim = createSimulator({ seed: 11, companies: TSE_COMPANIES, now: start });
    for (let i = 1; i <= 20; i++) sim.step(new Date(start.getTime() + i * 60_000));
    for (const company of TSE_COMPANIES) {
      const { bids, asks } = sim.depth(company.code);
      const { last, upper, lower } = sim.quote(company.code);
      expect([bids.length, asks.length]).toEqual([DEPTH_LEVELS, DEPTH_LEVELS]);
      expect(money(bids[0]!.price).lte(last) && money(asks[0]!.price).gte(last)).toBe(true);
      const prices = [...bids.map((l) => l.price)]
        .reverse()
        .concat(asks.map((l) => l.price))
        .map((p) => money(p));
      prices.forEach((p, i) => {
        expect(isOnTickGrid(p, company.tickTable)).toBe(true);
        expect(p.lte(upper) && p.gte(lower)).toBe(true);
        if (i > 0) expect(p.gt(prices[i - 1] ?? p)).toBe(true); // strictly rising from the lowest bid to the highest ask
      });
      for (const level of [...bids, ...asks]) expect(level.quantity > 0 && level.quantity % 100 === 0).toBe(true);
    }
  });

  it('straddles the last price: the best bid is sometimes below it, and an illiquid stock’s spread is wider (issue 17 §14)', () => {
    const toyota = books('7203', 200);
    const ricohLeasing = books('8566', 200);
    // Before, the best bid was always the last price and the spread always one tick.
    expect(toyota.filter(({ depth, last }) => money(depth.bids[0]!.price).lt(last)).length).toBeGreaterThan(40);
    expect(toyota.filter(({ depth, last }) => money(depth.bids[0]!.price).eq(last)).length).toBeGreaterThan(40);
    expect(toyota.every((b) => spreadTicks('7203', b) === 1)).toBe(true);
    const wide = ricohLeasing.filter((b) => spreadTicks('8566', b) > 1).length;
    expect(wide).toBeGreaterThan(80);
  });

  it('rests more shares away from the touch, and more for a busy stock than a quiet one (issue 17 §14)', () => {
    const sizes = (code: string) => books(code, 100).map(({ depth }) => depth.bids.map((l) => l.quantity));
    const toyota = sizes('7203');
    for (const side of toyota) side.forEach((q, i) => expect(q).toBeGreaterThanOrEqual(side[i - 1] ?? 0));
    const mean = (level: number) => toyota.reduce((sum, side) => sum + (side[level] ?? 0), 0) / toyota.length;
    expect(mean(DEPTH_LEVELS - 1)).toBeGreaterThan(2 * mean(0));
    const quiet = sizes('8566');
    expect(mean(0)).toBeGreaterThan(100 * (quiet.reduce((sum, side) => sum + (side[0] ?? 0), 0) / quiet.length));
  });

  it('steps across a tick band: just above 3,000 yen the TOPIX 500 tick is 1 yen', () => {
    const sim = createSimulator({
      seed: 1,
      companies: [{ code: 'E002', tickTable: 'topix500', basePrice: '3000' }],
      now: start,
    });
    const { bids, asks } = sim.depth('E002');
    const best = money(bids[0]!.price);
    expect(bids.map((l) => l.price)).toEqual([0, 0.5, 1, 1.5, 2].map((d) => best.minus(d).toString()));
    expect(asks.map((l) => l.price)).toEqual(['3001', '3002', '3003', '3004', '3005']);
  });

  it('shows nothing beyond the day’s limits', () => {
    const sim = createSimulator({
      seed: 1,
      companies: [{ code: 'E006', tickTable: 'standard', basePrice: '2' }],
      now: start,
    });
    // Previous close 2 yen: the stop-low is 1 yen, so at most two bid levels can exist.
    expect(sim.depth('E006').bids.every((l) => money(l.price).gte(1))).toBe(true);
    expect(sim.depth('E006').bids.length).toBeLessThanOrEqual(2);
  });

  it('is stable between trades and the same for the same seed', () => {
    const a = createSimulator({ seed: 9, companies: TSE_COMPANIES, now: start });
    const b = createSimulator({ seed: 9, companies: TSE_COMPANIES, now: start });
    expect(a.depth('7203')).toEqual(a.depth('7203'));
    expect(a.depth('7203')).toEqual(b.depth('7203'));
  });
});
