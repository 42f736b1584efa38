import { describe, expect, it } from 'vitest';
import { money, toWire } from '@kabuto/domain/money';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { createSimulator } from './simulator.ts';
import { TSE_COMPANIES } from './tse-companies.ts';

describe('a stock that joins the running simulator (an IPO listing, issue 25)', () => {
  it('starts at its base price on its own grid with the limits from it, trades inside them, and joins once', () => {
    const start = new Date('2026-11-20T01:00:00Z');
    const sim = createSimulator({ seed: 25, companies: TSE_COMPANIES.slice(0, 3), now: start, activity: 1 });
    sim.step(new Date(start.getTime() + 60_000));
    const listing = { code: '900L', tickTable: 'standard' as const, basePrice: '1200', volatility: 4 };
    const at = new Date(start.getTime() + 120_000);
    expect(sim.add(listing, at)).toBe(true);
    expect(sim.add({ ...listing, basePrice: '999' }, at)).toBe(false);
    const band = dailyPriceLimits('1200', 'standard');
    expect(sim.quote('900L')).toMatchObject({
      last: '1200',
      prevClose: '1200',
      upper: toWire(band.upper),
      lower: toWire(band.lower),
      trades: 0,
      open: null,
    });
    expect(sim.symbols()).toContain('900L');
    const prices: string[] = [];
    for (let i = 1; i <= 300; i++)
      for (const t of sim.step(new Date(at.getTime() + i * 60_000))) if (t.symbol === '900L') prices.push(t.price);
    expect(prices.length).toBeGreaterThan(10);
    for (const p of prices) {
      expect(isOnTickGrid(p, 'standard')).toBe(true);
      expect(money(p).lte(band.upper) && money(p).gte(band.lower)).toBe(true);
    }
    // An offering price off its grid starts at the nearest price on it.
    expect(sim.add({ code: '901L', tickTable: 'standard', basePrice: '1200.5' }, at)).toBe(true);
    expect(sim.quote('901L').last).toBe('1201');
  });
});
