import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money } from '../money.ts';
import { isOnTickGrid, roundToTick, stepTick, tickSize } from './tick-size.ts';
import type { TickTable } from './tick-size.ts';

// Prices from 0.1 yen to 100 million yen with one decimal, spread evenly across the bands by magnitude.
const price = fc
  .tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 99_999 }))
  .map(([exponent, digits]) => money(String(digits)).times(money('10').pow(exponent)).div(1000).toDecimalPlaces(1))
  .filter((p) => p.gt(0));
const table = fc.constantFrom<TickTable>('topix500', 'standard');

describe('rounding onto the tick grid (property)', () => {
  it('lands on the grid, down at or below the price and up at or above it, at most one tick away', () => {
    fc.assert(
      fc.property(price, table, (p, t) => {
        const down = roundToTick(p, t, 'down');
        const up = roundToTick(p, t, 'up');
        const nearest = roundToTick(p, t, 'nearest');
        for (const r of [down, up, nearest]) expect(isOnTickGrid(r, t)).toBe(true);
        if (p.gte(tickSize('0.1', t))) {
          expect(down.lte(p) && up.gte(p)).toBe(true);
          expect(up.minus(down).lte(tickSize(p, t))).toBe(true);
          expect(nearest.eq(down) || nearest.eq(up)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('steps to the neighbouring grid price with nothing on the grid in between', () => {
    fc.assert(
      fc.property(price, table, (p, t) => {
        const on = roundToTick(p, t, 'down');
        const up = stepTick(on, t, 'up');
        expect(up !== null && up.gt(on) && isOnTickGrid(up, t)).toBe(true);
        // The finest tick is 0.1 yen: prices just above, just below and halfway between must be off the grid.
        const inBetween = up === null ? [] : [on.plus('0.1'), up.minus('0.1'), on.plus(up).div(2).toDecimalPlaces(1)];
        for (const q of inBetween.filter((x) => x.gt(on) && up !== null && x.lt(up)))
          expect(isOnTickGrid(q, t)).toBe(false);
        if (up !== null) expect(stepTick(up, t, 'down')?.eq(on)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
