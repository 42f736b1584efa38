import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money } from '@kabuto/domain/money';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { createSimulator } from './simulator.ts';
import type { MarketTick, SimulatedCompany } from './simulator.ts';
import { TSE_COMPANIES } from './tse-companies.ts';

// Real companies plus prices that sit on tick-band and limit-band edges, and one near the 1-yen floor.
const edgeCases: SimulatedCompany[] = [
  { code: 'E001', tickTable: 'topix500', basePrice: '999.9' },
  { code: 'E002', tickTable: 'topix500', basePrice: '2999.5' },
  { code: 'E003', tickTable: 'topix500', basePrice: '10000' },
  { code: 'E004', tickTable: 'standard', basePrice: '3000' },
  { code: 'E005', tickTable: 'standard', basePrice: '4995' },
  { code: 'E006', tickTable: 'standard', basePrice: '21' },
  { code: 'E007', tickTable: 'topix500', basePrice: '1.5' },
];

const universe = fc.subarray([...TSE_COMPANIES, ...edgeCases], { minLength: 1, maxLength: 25 });

/** Runs a simulation and hands back every tick together with the previous close it had to respect. */
function run(seed: number, companies: readonly SimulatedCompany[], steps: number, everyMinutes: number) {
  const start = new Date('2026-11-20T00:00:00Z');
  const sim = createSimulator({ seed, companies, now: start, activity: 0.8 });
  const prevClose = new Map(companies.map((c) => [c.code, c.basePrice]));
  const last = new Map(prevClose);
  let day = sessionDate(start);
  const seen: { tick: MarketTick; prevClose: string; table: SimulatedCompany['tickTable'] }[] = [];
  for (let i = 1; i <= steps; i++) {
    const now = new Date(start.getTime() + i * everyMinutes * 60_000);
    if (sessionDate(now) !== day) {
      // The test keeps its own books: yesterday's last trade is today's previous close.
      for (const [code, price] of last) prevClose.set(code, price);
      day = sessionDate(now);
    }
    for (const tick of sim.step(now)) {
      const company = companies.find((c) => c.code === tick.symbol);
      if (company === undefined) throw new Error(`unknown ${tick.symbol}`);
      seen.push({ tick, prevClose: prevClose.get(tick.symbol) ?? '', table: company.tickTable });
      last.set(tick.symbol, tick.price);
    }
  }
  return seen;
}

describe('simulated prices (property)', () => {
  it('stay on the tick grid and inside the day’s limits from the previous close, over many steps and seeds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        universe,
        fc.integer({ min: 7, max: 240 }),
        (seed, companies, everyMinutes) => {
          const seen = run(seed, companies, 150, everyMinutes);
          for (const { tick, prevClose, table } of seen) {
            const { upper, lower } = dailyPriceLimits(prevClose, table);
            const price = money(tick.price);
            expect(isOnTickGrid(price, table), `${tick.symbol} ${tick.price} on the ${table} grid`).toBe(true);
            expect(price.lte(upper) && price.gte(lower), `${tick.symbol} ${tick.price} within ${lower}–${upper}`).toBe(
              true,
            );
            expect(tick.volume % 100).toBe(0);
            expect(money(tick.turnover).eq(price.times(tick.volume))).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('replay exactly for the same seed and differ for another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), universe, (seed, companies) => {
        const once = JSON.stringify(run(seed, companies, 60, 13));
        expect(JSON.stringify(run(seed, companies, 60, 13))).toBe(once);
      }),
      { numRuns: 20 },
    );
    expect(JSON.stringify(run(1, TSE_COMPANIES, 30, 5))).not.toBe(JSON.stringify(run(2, TSE_COMPANIES, 30, 5)));
  });
});
