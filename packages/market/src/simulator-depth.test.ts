import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { createSimulator, DEPTH_LEVELS } from './simulator.ts';
import { TSE_COMPANIES } from './tse-companies.ts';

const start = new Date('2026-11-20T00:00:00Z');

describe('five levels of depth', () => {
  it('shows five bids and five asks on the grid around the last price, asks above bids, in whole lots', () => {
    const sim = createSimulator({ seed: 11, companies: TSE_COMPANIES, now: start });
    for (let i = 1; i <= 20; i++) sim.step(new Date(start.getTime() + i * 60_000));
    for (const company of TSE_COMPANIES) {
      const { bids, asks } = sim.depth(company.code);
      const { last, upper, lower } = sim.quote(company.code);
      expect([bids.length, asks.length]).toEqual([DEPTH_LEVELS, DEPTH_LEVELS]);
      expect(bids[0]?.price).toBe(last);
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

  it('steps across a tick band: the ask above 3,000 yen on the TOPIX 500 table is 3,001', () => {
    const sim = createSimulator({
      seed: 1,
      companies: [{ code: 'E002', tickTable: 'topix500', basePrice: '3000' }],
      now: start,
    });
    const { bids, asks } = sim.depth('E002');
    expect(bids.map((l) => l.price)).toEqual(['3000', '2999.5', '2999', '2998.5', '2998']);
    expect(asks.map((l) => l.price)).toEqual(['3001', '3002', '3003', '3004', '3005']);
  });

  it('shows nothing beyond the day’s limits', () => {
    const sim = createSimulator({
      seed: 1,
      companies: [{ code: 'E006', tickTable: 'standard', basePrice: '2' }],
      now: start,
    });
    // Previous close 2 yen: the stop-low is 1 yen, so only two bid levels can exist.
    expect(sim.depth('E006').bids.map((l) => l.price)).toEqual(['2', '1']);
  });

  it('is stable between trades and the same for the same seed', () => {
    const a = createSimulator({ seed: 9, companies: TSE_COMPANIES, now: start });
    const b = createSimulator({ seed: 9, companies: TSE_COMPANIES, now: start });
    expect(a.depth('7203')).toEqual(a.depth('7203'));
    expect(a.depth('7203')).toEqual(b.depth('7203'));
  });
});
